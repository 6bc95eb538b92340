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

/** The wire format of wallet_post_batch and wallet_post_rounds (apps/server/sql/wallet/*.sql). */
export interface WireLeg {
  member?: string;
  pocket?: string;
  house?: string;
  currency: Currency;
  amount: string;
}
export interface WireOp {
  key: string;
  type: JournalType;
  /** sha256 hex of the journal's content (contentHash): a replay with other content is a conflict. */
  hash: string;
  reference: string | null;
  product: string | null;
  vendor: string | null;
  legs?: WireLeg[];
  reverses?: string;
  reversed_type?: string;
  /** Routing hint only (lane choice); the SQL ignores it. */
  lane_member?: string;
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
      wire = { member: leg.member.toString(), pocket, currency, amount: '' };
    } else {
      if (!HOUSE_CODE.test(leg.house)) throw new Error(`bad house account ${leg.house}`);
      id = `h:${leg.house}:${currency}`;
      wire = { house: leg.house, currency, amount: '' };
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
    .map(([, value]) => ({ ...value.leg, amount: value.amount.toString() }));
  if (legs.length === 0) throw new Error(`journal ${journal.key} moves no money`);
  const op = {
    key: journal.key,
    type: journal.type,
    reference: checkText(journal.reference, 200, 'reference'),
    product: checkText(journal.product, 40, 'product'),
    vendor: checkText(journal.vendor, 40, 'vendor'),
    legs,
  };
  return { ...op, hash: contentHash([op.type, op.reference, op.product, op.vendor, legs.map(hashedLeg)]) };
}

/**
 * A leg as the content hash reads it: the wire's first, one-letter shape, kept so that a journal
 * posted before the wire format got its names still replays (same hash) rather than conflicting.
 */
function hashedLeg(leg: WireLeg) {
  return leg.member === undefined
    ? { hc: leg.house, c: leg.currency, a: leg.amount }
    : { m: leg.member, pk: leg.pocket, c: leg.currency, a: leg.amount };
}

export function toWireReversal(reversal: Reversal): WireOp {
  if (!KEY.test(reversal.key) || !KEY.test(reversal.reverses)) throw new Error('journal key must be 1-200 printable ASCII characters');
  const op = {
    key: reversal.key,
    type: 'rollback' as const,
    reference: checkText(reversal.reference, 200, 'reference'),
    product: null,
    vendor: null,
    reverses: reversal.reverses,
    reversed_type: reversal.reversedType,
  };
  return { ...op, hash: contentHash([op.type, op.reference, op.reverses]), ...(reversal.member === undefined ? {} : { lane_member: reversal.member.toString() }) };
}

function contentHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface WireBalance {
  member: string;
  pocket: string;
  balance: string;
}
export interface WireResult {
  /** The op's index in its batch (wallet_post_rounds answers out of order). */
  index?: number;
  status: 'applied' | 'rejected' | 'cancelled' | 'conflict';
  replayed: boolean;
  journal_id: string;
  code?: string;
  balances?: WireBalance[];
  original?: OriginalState | null;
}

export function fromWireBalance(balance: WireBalance): PocketBalance {
  return { member: BigInt(balance.member), pocket: balance.pocket as Pocket, balance: BigInt(balance.balance) };
}

export function fromWireResult(result: WireResult): PostResult {
  const journalId = BigInt(result.journal_id);
  const replayed = result.replayed;
  if (result.status === 'applied') {
    const balances = (result.balances ?? []).map(fromWireBalance);
    return result.original ? { status: 'applied', replayed, journalId, balances, original: result.original } : { status: 'applied', replayed, journalId, balances };
  }
  return { status: result.status, replayed, journalId, code: (result.code ?? 'wallet.insufficient_funds') as ErrorCode };
}

/** The member whose lane (and whose ordering) an op follows: its first member leg. */
export function laneMember(op: WireOp): bigint {
  if (op.lane_member) return BigInt(op.lane_member);
  const first = op.legs?.find((leg) => leg.member !== undefined);
  return first?.member ? BigInt(first.member) : 0n;
}
