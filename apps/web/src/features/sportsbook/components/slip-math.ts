import type { SportsbookBetType } from '@app/contracts';

/**
 * The slip's arithmetic, the same rules as the server's (apps/server/.../domain/bet-types.ts and
 * ticket.ts): a ticket is a set of combinations; a stake is per combination (unit) or for the
 * whole ticket (total, split evenly with the leftover centavos to the first combinations).
 */

export const MAX_LEGS = 20;
/** The server refuses a ticket of more combinations (sportsbook.too_many_combinations). */
export const MAX_COMBINATIONS = 2000;

/** The named full-cover systems: the legs they need and the combination sizes they contain. */
export const SYSTEM_PRESETS = {
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky_15: { legs: 4, sizes: [1, 2, 3, 4] },
  super_yankee: { legs: 5, sizes: [2, 3, 4, 5] },
  canadian: { legs: 5, sizes: [2, 3, 4, 5] },
  lucky_31: { legs: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] },
  lucky_63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] },
  super_heinz: { legs: 7, sizes: [2, 3, 4, 5, 6, 7] },
  goliath: { legs: 8, sizes: [2, 3, 4, 5, 6, 7, 8] },
} as const satisfies Record<string, { legs: number; sizes: readonly number[] }>;
export type SystemPreset = keyof typeof SYSTEM_PRESETS;

export function presetsFor(legCount: number): SystemPreset[] {
  return (Object.keys(SYSTEM_PRESETS) as SystemPreset[]).filter((preset) => SYSTEM_PRESETS[preset].legs === legCount);
}

/** n choose k. */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i += 1) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}

/** The combination sizes of a bet type on `legCount` legs, ascending. */
export function combinationSizes(betType: SportsbookBetType, legCount: number): number[] {
  switch (betType.kind) {
    case 'single':
      return [1];
    case 'accumulator':
      return [legCount];
    case 'system':
      return [...new Set(betType.sizes)].sort((a, b) => a - b);
    case 'system_preset':
      return [...SYSTEM_PRESETS[betType.preset].sizes];
  }
}

export function countCombinations(legCount: number, sizes: readonly number[]): number {
  return sizes.reduce((total, size) => total + binomial(legCount, size), 0);
}

/** Every combination as leg indexes, sizes ascending, each size in lexicographic order (the server's order). */
export function expandCombinations(legCount: number, sizes: readonly number[]): number[][] {
  const combinations: number[][] = [];
  const chosen: number[] = [];
  const choose = (size: number, from: number): void => {
    if (chosen.length === size) {
      combinations.push([...chosen]);
      return;
    }
    for (let index = from; index <= legCount - (size - chosen.length); index += 1) {
      chosen.push(index);
      choose(size, index + 1);
      chosen.pop();
    }
  };
  for (const size of sizes) choose(size, 0);
  return combinations;
}

/** "1.850" → 1850 (the ticket's legs carry odds in integer thousandths). */
export function oddsToThousandths(odds: string): number {
  const [whole = '0', fraction = ''] = odds.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
}

/** A stake typed as "10", "10,5" or "10.50" → centavos; null when it is not an amount. */
export function parseStake(input: string): bigint | null {
  const text = input.trim().replace(',', '.');
  if (!/^\d{1,10}(?:\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function centsToAmount(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** A return in centavos: stake × the product of the odds, rounded down to the centavo. */
export function potentialReturnCents(stakeCents: bigint, odds: readonly string[]): bigint {
  let product = stakeCents;
  let scale = 1n;
  for (const value of odds) {
    product *= BigInt(oddsToThousandths(value));
    scale *= 1000n;
  }
  return product / scale;
}

export interface ComboFigures {
  betCount: number;
  /** What the whole ticket costs. */
  totalStakeCents: bigint;
  /** The stake of each combination (unit) or the even share of the total (its floor). */
  unitStakeCents: bigint;
  /** If every leg wins. */
  returnCents: bigint;
}

/** Bets, total stake and the return if every leg wins, for one ticket of `betType` on `odds`. */
export function comboFigures(betType: SportsbookBetType, odds: readonly string[], stakeCents: bigint, stakeMode: 'unit' | 'total'): ComboFigures {
  const sizes = combinationSizes(betType, odds.length);
  const betCount = countCombinations(odds.length, sizes);
  if (betCount === 0 || betCount > MAX_COMBINATIONS) return { betCount, totalStakeCents: 0n, unitStakeCents: 0n, returnCents: 0n };
  const count = BigInt(betCount);
  const unit = stakeMode === 'unit' ? stakeCents : stakeCents / count;
  const leftover = stakeMode === 'unit' ? 0n : stakeCents - unit * count;
  let returnCents = 0n;
  expandCombinations(odds.length, sizes).forEach((legs, index) => {
    const stake = unit + (BigInt(index) < leftover ? 1n : 0n);
    returnCents += potentialReturnCents(stake, legs.map((leg) => odds[leg]!));
  });
  return { betCount, totalStakeCents: stakeMode === 'unit' ? unit * count : stakeCents, unitStakeCents: unit, returnCents };
}

/** The accumulator's odds: the product of its legs' odds, as a decimal string with two places (rounded down). */
export function accumulatorOdds(odds: readonly string[]): string {
  if (odds.length === 0) return '0.00';
  let product = 1n;
  let scale = 1n;
  for (const value of odds) {
    product *= BigInt(oddsToThousandths(value));
    scale *= 1000n;
  }
  const hundredths = (product * 100n) / scale;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}
