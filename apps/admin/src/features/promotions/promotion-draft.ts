import { PROMOTION_TYPES, REWARD_EXPIRY_DAYS_DEFAULT, type AdminPromotion, type PromotionInput, type PromotionType } from '@app/contracts';

/** The editor's form: every field as typed (strings), turned into PromotionInput on save. */
export interface PromotionDraft {
  type: PromotionType;
  startsAt: string;
  endsAt: string;
  sortOrder: string;
  imageUrl: string;
  registeredFrom: string;
  registeredTo: string;
  newMembersOnly: boolean;
  onePerCpf: boolean;
  agentAccount: string;
  /** VIP ranks allowed, as typed ("2, 3"); empty = every level. */
  vipLevels: string;
  minDeposit: string;
  minValidBet: string;
  budget: string;
  memberCap: string;
  rewardKind: 'cash' | 'bonus';
  amount: string;
  wageringMultiple: string;
  expiryDays: string;
  envelopeShares: string;
  /** Deposit match: percent of the deposit, and whether only the member's first deposit counts. */
  matchPercent: string;
  firstDepositOnly: boolean;
  /** Days an issued reward can be claimed before it expires. */
  rewardExpiryDays: string;
  texts: Record<'pt' | 'en', { title: string; summary: string; html: string; imageUrl: string }>;
}

export { PROMOTION_TYPES };

/** An instant as <input type="datetime-local"> shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function toIso(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function emptyDraft(): PromotionDraft {
  return {
    type: 'application',
    startsAt: toLocalInput(new Date().toISOString()),
    endsAt: '',
    sortOrder: '0',
    imageUrl: '',
    registeredFrom: '',
    registeredTo: '',
    newMembersOnly: false,
    onePerCpf: false,
    agentAccount: '',
    vipLevels: '',
    minDeposit: '',
    minValidBet: '',
    budget: '1000.00',
    memberCap: '20.00',
    rewardKind: 'cash',
    amount: '20.00',
    wageringMultiple: '10',
    expiryDays: '7',
    envelopeShares: '100',
    matchPercent: '100',
    firstDepositOnly: true,
    rewardExpiryDays: String(REWARD_EXPIRY_DAYS_DEFAULT),
    texts: { pt: { title: '', summary: '', html: '', imageUrl: '' }, en: { title: '', summary: '', html: '', imageUrl: '' } },
  };
}

export function draftOf(promotion: AdminPromotion): PromotionDraft {
  const reward = promotion.reward;
  return {
    type: promotion.type,
    startsAt: toLocalInput(promotion.startsAt),
    endsAt: toLocalInput(promotion.endsAt),
    sortOrder: String(promotion.sortOrder),
    imageUrl: promotion.imageUrl ?? '',
    registeredFrom: toLocalInput(promotion.eligibility.registeredFrom),
    registeredTo: toLocalInput(promotion.eligibility.registeredTo),
    newMembersOnly: promotion.eligibility.newMembersOnly,
    onePerCpf: promotion.eligibility.onePerCpf,
    agentAccount: promotion.eligibility.agentAccount ?? '',
    vipLevels: promotion.eligibility.vipLevels.join(', '),
    minDeposit: promotion.eligibility.minDeposit ?? '',
    minValidBet: promotion.eligibility.minValidBet ?? '',
    budget: promotion.budget,
    memberCap: promotion.memberCap,
    rewardKind: reward.kind,
    amount: reward.amount,
    wageringMultiple: reward.kind === 'bonus' ? String(reward.wageringMultiple) : '10',
    expiryDays: reward.kind === 'bonus' ? String(reward.expiryDays) : '7',
    envelopeShares: String(promotion.envelopeShares ?? 100),
    matchPercent: String(promotion.depositMatch?.percent ?? 100),
    firstDepositOnly: promotion.depositMatch?.firstDepositOnly ?? true,
    rewardExpiryDays: String(promotion.rewardExpiryDays),
    texts: { pt: { ...promotion.texts.pt, imageUrl: promotion.texts.pt.imageUrl ?? '' }, en: { ...promotion.texts.en, imageUrl: promotion.texts.en.imageUrl ?? '' } },
  };
}

/** The wire input; the server's schema and rules judge it (and answer which field is wrong). */
export function inputOf(draft: PromotionDraft): PromotionInput {
  return {
    type: draft.type,
    startsAt: toIso(draft.startsAt) ?? '',
    endsAt: toIso(draft.endsAt),
    eligibility: {
      // A rank that is not a whole number reaches the server as NaN, which names the field.
      vipLevels: draft.vipLevels.split(/[\s,;]+/).filter(Boolean).map(Number),
      registeredFrom: toIso(draft.registeredFrom),
      registeredTo: toIso(draft.registeredTo),
      newMembersOnly: draft.newMembersOnly,
      onePerCpf: draft.onePerCpf,
      agentAccount: orNull(draft.agentAccount),
      minDeposit: orNull(draft.minDeposit),
      minValidBet: orNull(draft.minValidBet),
    },
    budget: draft.budget.trim(),
    memberCap: draft.memberCap.trim(),
    reward: draft.rewardKind === 'cash' ? { kind: 'cash', amount: draft.amount.trim() } : { kind: 'bonus', amount: draft.amount.trim(), wageringMultiple: Number(draft.wageringMultiple), expiryDays: Number(draft.expiryDays) },
    texts: { pt: { ...draft.texts.pt, imageUrl: orNull(draft.texts.pt.imageUrl) }, en: { ...draft.texts.en, imageUrl: orNull(draft.texts.en.imageUrl) } },
    imageUrl: orNull(draft.imageUrl),
    sortOrder: Number(draft.sortOrder) || 0,
    envelopeShares: draft.type === 'red_envelope' ? Number(draft.envelopeShares) : null,
    depositMatch: draft.type === 'deposit_match' ? { percent: Number(draft.matchPercent), firstDepositOnly: draft.firstDepositOnly } : null,
    rewardExpiryDays: Number(draft.rewardExpiryDays),
  };
}
