import { createHash } from 'node:crypto';
import { AppError, type ErrorCode } from '@app/kernel';
import type { LedgerJournalType as JournalType } from '@app/contracts';

/**
 * Journals as other modules describe them, and their canonical form for wallet_post_batch.
 * Pure: no I/O. Amounts are signed bigint minor units (a debit of the member is negative).
 */
export type Currency = 'BRL' | 'PTS';
/** Member pockets: cash now, bonus and points for later issues, money held by a transfer-mode vendor. */
export type Pocket = 'cash' | 'bonus' | 'points' | `vendor:${string}`;

/** House accounts (sharded rows). A vendor's game revenue is `game_revenue:<vendor>`. */
export const HOUSE = {
  paymentsClearing: 'payments_clearing',
  /** Member cash held for withdrawals between the request and the payout (or its release). */
  withdrawalsPending: 'withdrawals_pending',
  bonusExpense: 'bonus_expense',
  commissionExpense: 'commission_expense',
  adjustments: 'adjustments',
  pointsIssued: 'points_issued',
  gameRevenue: (vendor: string) => `game_revenue:${vendor}`,
} as const;

export interface MemberLeg {
  member: bigint;
  pocket?: Pocket;
  amount: bigint;
}
export interface HouseLeg {
  house: string;
  currency?: Currency;
  amount: bigint;
}
export type Leg = MemberLeg | HouseLeg;

export interface Journal {
  /** Unique per operation, namespaced by the caller (e.g. `bet:<vendor>:<transaction id>`). */
  key: string;
  type: Exclude<JournalType, 'rollback'>;
  legs: readonly Leg[];
  reference?: string;
  product?: string;
  vendor?: string;
}

/** Reverses the journal stored under `reverses` (refund a bet, take back a win). */
export interface Reversal {
  key: string;
  reverses: string;
  /** The reversed journal's type: recorded on the tombstone when the rollback arrives first. */
  reversedType: Exclude<JournalType, 'rollback'>;
  reference?: string;
  /** The member concerned, so the reversal queues behind that member's other operations. */
  member?: bigint;
}

/** Largest single leg: 10^15 centavos (R$ 10 trillion) keeps every sum far inside bigint. */
export const MAX_LEG_AMOUNT = 10n ** 15n;
const KEY = /^[\x21-\x7e]{1,200}$/;
const HOUSE_CODE = /^[a-z_]{3,40}(:[a-z0-9_-]{1,40})?$/;
const POCKET = /^(cash|bonus|points|vendor:[a-z0-9_-]{1,40})$/;

export interface WireLeg {
  m?: string;
  pk?: string;
  hc?: string;
  c: Currency;
  a: string;
}
export interface WireOp {
  k: string;
  t: JournalType;
  h: string;
  r: string | null;
  p: string | null;
  v: string | null;
  legs?: WireLeg[];
  rev?: string;
  ot?: string;
  /** Routing hint only (lane choice); the SQL ignores it. */
  lm?: string;
}

export type OriginalState = 'applied' | 'missing' | 'rejected' | 'cancelled' | 'reversed';
export interface PocketBalance {
  member: bigint;
  pocket: Pocket;
  balance: bigint;
}
export type PostResult =
  | { status: 'applied'; replayed: boolean; journalId: bigint; balances: PocketBalance[]; original?: OriginalState }
  | { status: 'rejected' | 'cancelled' | 'conflict'; replayed: boolean; journalId: bigint; code: ErrorCode };

function currencyOf(leg: Leg): Currency {
  if ('member' in leg) return leg.pocket === 'points' ? 'PTS' : 'BRL';
  return leg.currency ?? 'BRL';
}

function checkText(value: string | undefined, max: number, what: string): string | null {
  if (value === undefined) return null;
  if (value.length > max) throw new Error(`journal ${what} longer than ${max}`);
  return value;
}

/**
 * Validates and canonicalises a journal: legs merged per account, member legs in (member, pocket)
 * order so concurrent multi-member journals lock rows in the same order, house legs last;
 * every currency sums to zero. Caller mistakes are bugs (Error), except amounts, which may come
 * from a member or a vendor (AppError).
 */
export function toWireOp(journal: Journal): WireOp {
  if (!KEY.test(journal.key)) throw new Error('journal key must be 1-200 printable ASCII characters');
  const merged = new Map<string, { leg: WireLeg; amount: bigint; sortMember: bigint; house: boolean }>();
  const sums = new Map<Currency, bigint>();
  for (const leg of journal.legs) {
    if (leg.amount === 0n) continue;
    if (leg.amount > MAX_LEG_AMOUNT || leg.amount < -MAX_LEG_AMOUNT) throw new AppError('wallet.amount_invalid', 'amount out of range');
    const currency = currencyOf(leg);
    sums.set(currency, (sums.get(currency) ?? 0n) + leg.amount);
    let id: string;
    let wire: WireLeg;
    if ('member' in leg) {
      const pocket = leg.pocket ?? 'cash';
      if (!POCKET.test(pocket) || leg.member <= 0n) throw new Error(`bad member leg ${leg.member}/${pocket}`);
      id = `m:${leg.member}:${pocket}`;
      wire = { m: leg.member.toString(), pk: pocket, c: currency, a: '' };
    } else {
      if (!HOUSE_CODE.test(leg.house)) throw new Error(`bad house account ${leg.house}`);
      id = `h:${leg.house}:${currency}`;
      wire = { hc: leg.house, c: currency, a: '' };
    }
    const previous = merged.get(id);
    merged.set(id, {
      leg: wire,
      amount: (previous?.amount ?? 0n) + leg.amount,
      sortMember: 'member' in leg ? leg.member : 0n,
      house: !('member' in leg),
    });
  }
  for (const [currency, sum] of sums) if (sum !== 0n) throw new Error(`journal ${journal.key} does not sum to zero in ${currency}`);
  const legs = [...merged.entries()]
    .filter(([, value]) => value.amount !== 0n)
    .sort(([idA, a], [idB, b]) => Number(a.house) - Number(b.house) || (a.sortMember < b.sortMember ? -1 : a.sortMember > b.sortMember ? 1 : idA < idB ? -1 : 1))
    .map(([, value]) => ({ ...value.leg, a: value.amount.toString() }));
  if (legs.length === 0) throw new Error(`journal ${journal.key} moves no money`);
  const op = {
    k: journal.key,
    t: journal.type,
    r: checkText(journal.reference, 200, 'reference'),
    p: checkText(journal.product, 40, 'product'),
    v: checkText(journal.vendor, 40, 'vendor'),
    legs,
  };
  return { ...op, h: contentHash([op.t, op.r, op.p, op.v, legs]) };
}

export function toWireReversal(reversal: Reversal): WireOp {
  if (!KEY.test(reversal.key) || !KEY.test(reversal.reverses)) throw new Error('journal key must be 1-200 printable ASCII characters');
  const op = { k: reversal.key, t: 'rollback' as const, r: checkText(reversal.reference, 200, 'reference'), p: null, v: null, rev: reversal.reverses, ot: reversal.reversedType };
  return { ...op, h: contentHash([op.t, op.r, op.rev]), ...(reversal.member === undefined ? {} : { lm: reversal.member.toString() }) };
}

function contentHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface WireResult {
  /** The op's index in its batch (wallet_post_rounds answers out of order). */
  i?: number;
  s: 'applied' | 'rejected' | 'cancelled' | 'conflict';
  rp: boolean;
  j: string;
  code?: string;
  b?: { m: string; pk: string; bal: string }[];
  orig?: OriginalState | null;
}

export function fromWireResult(result: WireResult): PostResult {
  const journalId = BigInt(result.j);
  if (result.s === 'applied') {
    const balances = (result.b ?? []).map((b) => ({ member: BigInt(b.m), pocket: b.pk as Pocket, balance: BigInt(b.bal) }));
    return result.orig ? { status: 'applied', replayed: result.rp, journalId, balances, original: result.orig } : { status: 'applied', replayed: result.rp, journalId, balances };
  }
  return { status: result.s, replayed: result.rp, journalId, code: (result.code ?? 'wallet.insufficient_funds') as ErrorCode };
}

/** The member whose lane (and whose ordering) an op follows: its first member leg. */
export function laneMember(op: WireOp): bigint {
  if (op.lm) return BigInt(op.lm);
  const first = op.legs?.find((leg) => leg.m !== undefined);
  return first?.m ? BigInt(first.m) : 0n;
}
