/**
 * The sportsbook's bet types and the combinations they expand into, run by both sides: the
 * server's domain (tickets, settlement) and the player's slip (bets, total stake, return). Every
 * ticket is a set of combinations (each combination one bet, an accumulator of its legs): a single
 * is 1 combination of 1 leg, an accumulator 1 of all legs, a system "k of n" every k-leg subset
 * for each chosen k.
 */

export const SPORTSBOOK_MAX_LEGS = 20;
/**
 * A ceiling on bets per ticket: a custom "10 of 20" system would be 184,756 bets, which no player
 * means to buy and which would make one ticket cost as much to settle as thousands. Goliath (247)
 * and every named preset stay far below it (sportsbook.too_many_combinations).
 */
export const SPORTSBOOK_MAX_COMBINATIONS = 2000;

/** The named full-cover systems: the legs they need and the combination sizes they contain. */
export const SYSTEM_PRESETS = {
  trixie: { legs: 3, sizes: [2, 3] }, // 3 doubles + 1 treble = 4 bets
  patent: { legs: 3, sizes: [1, 2, 3] }, // 7 bets
  yankee: { legs: 4, sizes: [2, 3, 4] }, // 11 bets
  lucky_15: { legs: 4, sizes: [1, 2, 3, 4] }, // 15 bets
  super_yankee: { legs: 5, sizes: [2, 3, 4, 5] }, // 26 bets (also called a Canadian)
  canadian: { legs: 5, sizes: [2, 3, 4, 5] },
  lucky_31: { legs: 5, sizes: [1, 2, 3, 4, 5] }, // 31 bets
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] }, // 57 bets
  lucky_63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] }, // 63 bets
  super_heinz: { legs: 7, sizes: [2, 3, 4, 5, 6, 7] }, // 120 bets
  goliath: { legs: 8, sizes: [2, 3, 4, 5, 6, 7, 8] }, // 247 bets
} as const satisfies Record<string, { legs: number; sizes: readonly number[] }>;

export type SystemPreset = keyof typeof SYSTEM_PRESETS;

export function isSystemPreset(name: string): name is SystemPreset {
  return Object.hasOwn(SYSTEM_PRESETS, name);
}

/** The named systems a slip of `legCount` selections can be. */
export function presetsFor(legCount: number): SystemPreset[] {
  return (Object.keys(SYSTEM_PRESETS) as SystemPreset[]).filter((preset) => SYSTEM_PRESETS[preset].legs === legCount);
}

export type BetType =
  | { readonly kind: 'single' }
  | { readonly kind: 'accumulator' }
  /** "k of n" for each k in `sizes` (e.g. [2] = every double, [2, 3] = doubles and trebles). */
  | { readonly kind: 'system'; readonly sizes: readonly number[] }
  | { readonly kind: 'system_preset'; readonly preset: SystemPreset };

/** The combination sizes a bet type means for a ticket of `legCount` legs, ascending. */
export function combinationSizes(betType: BetType, legCount: number): number[] {
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

/** n choose k, exact (a number: the slip's limits keep it far below 2^53). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i += 1) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}

export function countCombinations(legCount: number, sizes: readonly number[]): number {
  return sizes.reduce((total, size) => total + binomial(legCount, size), 0);
}

/**
 * Every combination as ascending leg indexes, sizes ascending and each size in lexicographic
 * order. The order is part of the contract: a TOTAL stake's leftover centavos go to the first
 * combinations of this list, so the same ticket always splits the same way, on the slip and on
 * the server.
 */
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
