import type { LotteryResult } from '@app/contracts';

/**
 * A result turned once per draw into lookup tables, so settling a ticket is a few array reads
 * per selection instead of a scan of 27 prize numbers (a draw settles a million tickets).
 * Counts, not flags: bao lô pays every appearance of a number.
 */
export type PreparedLotteryResult = PreparedVietnamese | PreparedSea | PreparedFast;

interface Prepared {
  /** Marks a prepared result apart from a raw one (settleTicket accepts both). */
  readonly prepared: true;
}

export interface PreparedVietnamese extends Prepared {
  readonly family: 'vn_north' | 'vn_central' | 'vn_south';
  /** Appearances of each last-2 / last-3 / last-4 digits among the numbers long enough. */
  readonly lo2: Uint8Array;
  readonly lo3: Uint8Array;
  readonly lo4: Uint8Array;
  /** "Đầu": the 7th prize (north) or the 8th (south), as 2-digit values. */
  readonly head2: Uint8Array;
  /** Xỉu chủ's head: the 6th prize (north) or the 7th (south), 3 digits. */
  readonly head3: Uint8Array;
  /** The special prize's last two and last three digits, as numbers. */
  readonly special2: number;
  readonly special3: number;
}

export interface PreparedSea extends Prepared {
  readonly family: 'sea_4d';
  /** Appearances of each 4-digit number per prize key (first … consolation). */
  readonly tiers: Readonly<Record<'first' | 'second' | 'third' | 'starter' | 'consolation', Uint8Array>>;
}

export interface PreparedFast extends Prepared {
  readonly family: 'fast_5d';
  readonly balls: readonly number[];
  readonly sum: number;
}

/** Trusts the result's shape: run validateResult on anything from outside first. */
export function prepareResult(result: LotteryResult): PreparedLotteryResult {
  switch (result.family) {
    case 'vn_north':
    case 'vn_central':
    case 'vn_south':
      return prepareVietnamese(result.family, result.prizes);
    case 'sea_4d': {
      const tiers = { first: [result.first], second: [result.second], third: [result.third], starter: result.starters, consolation: result.consolations };
      const tables = Object.fromEntries(Object.entries(tiers).map(([key, numbers]) => [key, countTable(numbers, 4)]));
      return { prepared: true, family: 'sea_4d', tiers: tables as PreparedSea['tiers'] };
    }
    case 'fast_5d':
      return { prepared: true, family: 'fast_5d', balls: [...result.balls], sum: result.balls.reduce((total, ball) => total + ball, 0) };
  }
}

export function isPreparedResult(result: LotteryResult | PreparedLotteryResult): result is PreparedLotteryResult {
  return (result as Partial<Prepared>).prepared === true;
}

/** How many of `numbers` end in each value of `digits` digits (shorter numbers are skipped). */
function countTable(numbers: readonly string[], digits: number): Uint8Array {
  const table = new Uint8Array(10 ** digits);
  for (const number of numbers) {
    if (number.length >= digits) table[Number(number.slice(-digits))]! += 1;
  }
  return table;
}

function prepareVietnamese(family: PreparedVietnamese['family'], prizes: readonly { tier: string; numbers: string[] }[]): PreparedVietnamese {
  const all = prizes.flatMap((prize) => prize.numbers);
  const tier = (name: string) => prizes.find((prize) => prize.tier === name)?.numbers ?? [];
  const special = tier('special')[0] ?? '';
  const north = family === 'vn_north';
  return {
    prepared: true,
    family,
    lo2: countTable(all, 2),
    lo3: countTable(all, 3),
    lo4: countTable(all, 4),
    head2: countTable(tier(north ? '7' : '8'), 2),
    head3: countTable(tier(north ? '6' : '7'), 3),
    special2: special.length >= 2 ? Number(special.slice(-2)) : -1,
    special3: special.length >= 3 ? Number(special.slice(-3)) : -1,
  };
}

