import { lotteryBinomial, type LotteryFamily, type LotteryOddsTable, type LotteryResult } from '@app/contracts';
import { LotteryDomainError } from './domain-errors.ts';
import { isPreparedResult, prepareResult, type PreparedFast, type PreparedLotteryResult, type PreparedSea, type PreparedVietnamese } from './prepared-result.ts';

/**
 * Winning hits and payouts (docs/lottery-rules.md §3–§4). Selections are trusted: placement
 * validated them (validateSelections); a malformed one simply never matches.
 */

export interface SettlableTicket {
  family: LotteryFamily;
  betType: string;
  selections: readonly string[];
  unitStakeCents: bigint;
  /** The odds table locked when the ticket was accepted; a missing key pays 0. */
  odds: LotteryOddsTable;
}

export interface TicketSettlement {
  status: 'won' | 'lost';
  returnCents: bigint;
  /** Winning hits over every prize key. */
  hits: number;
}

/** A selection's digits as a number (-1 when it is not all digits), without allocating. */
function digitsValue(selection: string): number {
  let value = 0;
  for (let index = 0; index < selection.length; index += 1) {
    const digit = selection.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return selection.length === 0 ? -1 : value;
}

/** Σ table[selection]: bao lô and đầu count every appearance of every selected number. */
function sumOver(table: Uint8Array, selections: readonly string[]): number {
  let hits = 0;
  for (const selection of selections) hits += table[digitsValue(selection)] ?? 0;
  return hits;
}

function equalCount(value: number, selections: readonly string[]): number {
  let hits = 0;
  for (const selection of selections) if (digitsValue(selection) === value) hits += 1;
  return hits;
}

function vietnameseHits(betType: string, selections: readonly string[], result: PreparedVietnamese): Record<string, number> {
  switch (betType) {
    case 'bao_lo_2':
      return { hit: sumOver(result.lo2, selections) };
    case 'bao_lo_3':
      return { hit: sumOver(result.lo3, selections) };
    case 'bao_lo_4':
      return { hit: sumOver(result.lo4, selections) };
    case 'de_dac_biet':
    case 'duoi':
      return { hit: equalCount(result.special2, selections) };
    case 'dau':
      return { hit: sumOver(result.head2, selections) };
    case 'dau_duoi':
      return { hit: sumOver(result.head2, selections) + equalCount(result.special2, selections) };
    case 'xiu_chu':
      return { hit: sumOver(result.head3, selections) + equalCount(result.special3, selections) };
    case 'xien_2':
    case 'xien_3':
    case 'xien_4':
    case 'da':
      return subsetHits(betType, selections, result.lo2);
  }
  throw new LotteryDomainError('lottery.bet_type_unknown', `${result.family} has no ${betType}`);
}

/**
 * Xiên k: every k-subset of the selections is one bet, won when all k numbers came out (once is
 * enough), so with m of the selections out, C(m, k) bets win. Đá: every pair is one bet; a pair
 * whose two numbers both came out wins 'pair' once plus 'repeat' for each extra appearance of
 * either number, so over the m numbers out: C(m, 2) pairs and Σ (count − 1) × (m − 1) repeats.
 */
function subsetHits(betType: string, selections: readonly string[], lo2: Uint8Array): Record<string, number> {
  let out = 0;
  let extra = 0;
  for (const selection of selections) {
    const count = lo2[digitsValue(selection)] ?? 0;
    if (count > 0) {
      out += 1;
      extra += count - 1;
    }
  }
  if (betType === 'da') return { pair: lotteryBinomial(out, 2), repeat: out >= 2 ? extra * (out - 1) : 0 };
  return { hit: lotteryBinomial(out, Number(betType.slice(-1))) };
}

const SEA_KEYS = { big: ['first', 'second', 'third', 'starter', 'consolation'], small: ['first', 'second', 'third'] } as const;

function seaHits(betType: string, selections: readonly string[], result: PreparedSea): Record<string, number> {
  const keys = SEA_KEYS[betType as keyof typeof SEA_KEYS];
  if (!keys) throw new LotteryDomainError('lottery.bet_type_unknown', `sea_4d has no ${betType}`);
  const hits: Record<string, number> = {};
  for (const key of keys) hits[key] = sumOver(result.tiers[key], selections);
  return hits;
}

/** Big is 5–9 for a ball and 23–45 for the sum; odd/even by the value's parity. */
function sideMatches(value: number, side: string, bigFrom: number): boolean {
  if (side === 'big') return value >= bigFrom;
  if (side === 'small') return value < bigFrom;
  if (side === 'odd') return value % 2 === 1;
  return side === 'even' && value % 2 === 0;
}

const STRAIGHT_START = { front3: 0, mid3: 1, back3: 2 } as const;

function fastHits(betType: string, selections: readonly string[], result: PreparedFast): Record<string, number> {
  const { balls, sum } = result;
  switch (betType) {
    case 'position':
      // 'p3:7': ball 3 is a 7.
      return { hit: selections.filter((selection) => balls[selection.charCodeAt(1) - 49] === digitsValue(selection.slice(3))).length };
    case 'big_small':
    case 'odd_even': {
      const hits = { ball: 0, sum: 0 };
      for (const selection of selections) {
        const [target = '', side = ''] = selection.split(':');
        if (target === 'sum') hits.sum += sideMatches(sum, side, 23) ? 1 : 0;
        else hits.ball += sideMatches(balls[target.charCodeAt(1) - 49] ?? -1, side, 5) ? 1 : 0;
      }
      return hits;
    }
    case 'sum':
      return { [`s${sum}`]: equalCount(sum, selections) };
    case 'front3':
    case 'mid3':
    case 'back3': {
      const start = STRAIGHT_START[betType];
      return { hit: equalCount(balls[start]! * 100 + balls[start + 1]! * 10 + balls[start + 2]!, selections) };
    }
  }
  throw new LotteryDomainError('lottery.bet_type_unknown', `fast_5d has no ${betType}`);
}

function prepared(result: LotteryResult | PreparedLotteryResult, family: LotteryFamily): PreparedLotteryResult {
  const ready = isPreparedResult(result) ? result : prepareResult(result);
  if (ready.family !== family) throw new LotteryDomainError('lottery.result_family', `a ${family} ticket cannot settle on a ${ready.family} result`);
  return ready;
}

/**
 * Prize key → winning hits summed over all the ticket's combinations. Takes a prepared result
 * (prepareResult, once per draw) or, more slowly, a raw one.
 */
export function hitsOf(family: LotteryFamily, betType: string, selections: readonly string[], result: LotteryResult | PreparedLotteryResult): Record<string, number> {
  const ready = prepared(result, family);
  switch (ready.family) {
    case 'vn_north':
    case 'vn_central':
    case 'vn_south':
      return vietnameseHits(betType, selections, ready);
    case 'sea_4d':
      return seaHits(betType, selections, ready);
    case 'fast_5d':
      return fastHits(betType, selections, ready);
  }
}

/**
 * What a ticket returns: floor(unit stake × Σ odds[key] × hits[key] / 1000) centavos, summed
 * before rounding so a many-hit ticket loses at most one centavo. Won when anything hit.
 */
export function settleTicket(ticket: SettlableTicket, result: LotteryResult | PreparedLotteryResult): TicketSettlement {
  const hits = hitsOf(ticket.family, ticket.betType, ticket.selections, result);
  let thousandths = 0n;
  let total = 0;
  for (const key in hits) {
    const count = hits[key]!;
    if (count === 0) continue;
    total += count;
    thousandths += BigInt(ticket.odds[key] ?? 0) * BigInt(count);
  }
  const returnCents = (ticket.unitStakeCents * thousandths) / 1000n;
  return { status: total > 0 ? 'won' : 'lost', returnCents, hits: total };
}
