import { combinationSizes, countCombinations, expandCombinations, SPORTSBOOK_MAX_COMBINATIONS as MAX_COMBINATIONS, type SportsbookBetType } from '@app/contracts';

/**
 * The slip's arithmetic, the same rules as the server's (the bet types and their combinations
 * come from @app/contracts, which the server's domain uses too): a ticket is a set of
 * combinations; a stake is per combination (unit) or for the whole ticket (total, split evenly
 * with the leftover centavos to the first combinations).
 */

export { binomial, presetsFor, SYSTEM_PRESETS, type SystemPreset } from '@app/contracts';
export { SPORTSBOOK_MAX_COMBINATIONS as MAX_COMBINATIONS, SPORTSBOOK_MAX_LEGS as MAX_LEGS } from '@app/contracts';

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
