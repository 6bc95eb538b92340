import type { PromotionInput } from '@app/contracts';

/** Images by their first bytes, and a valid definition to vary (promotions tests). */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
export const HTML = Buffer.from('<html><script>alert(1)</script></html>');

export function promotionInput(overrides: Partial<PromotionInput> = {}): PromotionInput {
  return {
    type: 'application',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    eligibility: { vipLevels: [], registeredFrom: null, registeredTo: null, newMembersOnly: false, onePerCpf: false, agentAccount: null, minDeposit: null, minValidBet: null },
    budget: '1000.00',
    memberCap: '100.00',
    reward: { kind: 'cash', amount: '20.00' },
    texts: { pt: { title: 'Mostre sua vitória', summary: 'Resumo', html: '<p>Texto <script>alert(1)</script></p>', imageUrl: null }, en: { title: 'Show your win', summary: 'Summary', html: '<p>Text</p>', imageUrl: '/media/content/pool-en.svg' } },
    imageUrl: '/media/content/pool-pt.svg',
    sortOrder: 0,
    envelopeShares: null,
    depositMatch: null,
    rewardExpiryDays: 30,
    ...overrides,
  };
}

