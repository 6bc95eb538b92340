import { expandCombinations as expandFresh } from '@app/contracts';

/**
 * Bet types and the combinations they expand into: the rules live in @app/contracts
 * (sportsbook-combinations.ts), shared with the player's slip; the server adds a cache of
 * expansions for settlement.
 */
export { binomial, combinationSizes, countCombinations, isSystemPreset, SYSTEM_PRESETS, type BetType, type SystemPreset } from '@app/contracts';

/**
 * Every combination as ascending leg indexes, sizes ascending and each size in lexicographic
 * order. The order is part of the contract: a TOTAL stake's leftover centavos go to the first
 * combinations of this list, so the same ticket always splits the same way.
 */
export function expandCombinations(legCount: number, sizes: readonly number[]): readonly (readonly number[])[] {
  // Settling an event walks the same few shapes (a Goliath is always the same 247 subsets of 8)
  // for thousands of tickets, so each shape is expanded once and shared, frozen.
  const key = `${legCount}:${sizes.join(',')}`;
  const known = EXPANSIONS.get(key);
  if (known) return known;
  const expanded = Object.freeze(expandFresh(legCount, sizes).map((legIndexes) => Object.freeze(legIndexes)));
  if (EXPANSIONS.size < MAX_CACHED_SHAPES) EXPANSIONS.set(key, expanded);
  return expanded;
}

/** Shapes are (legs ≤ 20) × (sets of sizes); the bound only guards against a pathological caller. */
const MAX_CACHED_SHAPES = 10_000;
const EXPANSIONS = new Map<string, readonly (readonly number[])[]>();
