import type { PromotionEligibility } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { insertPromotion, type PromotionWrite } from './definitions.repository.ts';
import { seedDemoGames } from './games/demo-games.ts';

const OPEN: PromotionEligibility = { vipLevels: [], registeredFrom: null, registeredTo: null, newMembersOnly: false, onePerCpf: false, agentAccount: null, minDeposit: null, minValidBet: null };
const DAY_MS = 86_400_000;

/**
 * Demo promotions: an application promotion (a screenshot of a win for R$ 20,00), a weekly
 * cashback to join, a red envelope coming next week, and the prize games. Each once per key; operators' edits stay.
 */
export async function seedDemoPromotions(db: Db, now = new Date()): Promise<number> {
  const start = new Date(now.getTime() - DAY_MS);
  const items: { key: string; write: PromotionWrite }[] = [
    {
      key: 'demo:promotion:application',
      write: {
        type: 'application',
        startsAt: start,
        endsAt: null,
        eligibility: OPEN,
        budget: 1_000_000n,
        memberCap: 2_000n,
        reward: { kind: 'cash', amount: '20.00' },
        texts: {
          pt: { imageUrl: '/media/content/pool-pt.svg', title: 'Mostre sua vitória', summary: 'Envie a captura de tela de um grande prêmio e ganhe R$ 20,00.', html: '<p>Envie até 3 imagens (PNG ou JPG, até 5 MB cada) com um comentário. Nossa equipe analisa em até 24 horas e o prêmio aparece na central de recompensas.</p>' },
          en: { imageUrl: '/media/content/pool-en.svg', title: 'Show your win', summary: 'Send a screenshot of a big win and get R$ 20.00.', html: '<p>Send up to 3 images (PNG or JPG, up to 5 MB each) with a comment. Our team reviews it within 24 hours and the reward appears in the reward centre.</p>' },
        },
        imageUrl: '/media/content/pool-pt.svg',
        sortOrder: 0,
        updatedBy: 'seed',
        envelopeShares: null,
      },
    },
    {
      key: 'demo:promotion:cashback',
      write: {
        type: 'cashback',
        startsAt: start,
        endsAt: null,
        eligibility: OPEN,
        budget: 5_000_000n,
        memberCap: 50_000n,
        reward: { kind: 'cash', amount: '10.00' },
        texts: {
          pt: { imageUrl: '/media/content/fair-pt.svg', title: 'Cashback semanal', summary: 'Participe e receba parte das perdas líquidas da semana.', html: '<p>O cashback é calculado toda segunda-feira sobre as perdas líquidas da semana anterior.</p>' },
          en: { imageUrl: '/media/content/fair-en.svg', title: 'Weekly cashback', summary: 'Join and get part of the week\'s net losses back.', html: '<p>Cashback is computed every Monday on the previous week\'s net losses.</p>' },
        },
        imageUrl: '/media/content/fair-pt.svg',
        sortOrder: 1,
        updatedBy: 'seed',
        envelopeShares: null,
      },
    },
    {
      key: 'demo:promotion:red-envelope',
      write: {
        type: 'red_envelope',
        startsAt: new Date(now.getTime() + 7 * DAY_MS),
        endsAt: new Date(now.getTime() + 8 * DAY_MS),
        eligibility: OPEN,
        budget: 100_000n,
        memberCap: 5_000n,
        reward: { kind: 'cash', amount: '5.00' },
        texts: {
          pt: { imageUrl: '/media/content/mines-pt.svg', title: 'Envelope vermelho', summary: 'Um pote dividido em envelopes, aberto por um dia.', html: '<p>Volte na data de início para pegar o seu envelope.</p>' },
          en: { imageUrl: '/media/content/mines-en.svg', title: 'Red envelope', summary: 'A pot split into envelopes, open for one day.', html: '<p>Come back on the start date to grab your envelope.</p>' },
        },
        imageUrl: '/media/content/mines-pt.svg',
        sortOrder: 2,
        updatedBy: 'seed',
        envelopeShares: 20,
      },
    },
  ];
  let created = 0;
  for (const item of items) if (await insertPromotion(db, item.write, item.key)) created += 1;
  // The prize wheel, golden eggs and a raffle, with their prize tables (games/demo-games.ts).
  return created + (await seedDemoGames(db, now));
}
