/**
 * Decimal odds are held as integer thousandths: 1.85 → 1850n, 2.375 → 2375n. The product's odds
 * carry at most three decimals, so this is exact, and every payout is bigint arithmetic with one
 * rounding (down, to the centavo) instead of floating point. A string form is used at the edges.
 */
import { ratio, type Ratio } from './ratio.ts';

export const ODDS_SCALE = 1000n;
/** Odds of exactly 1.000 pay the stake back: a bet that can never win money is refused. */
export const MINIMUM_ODDS_THOUSANDTHS = 1001n;
/** A sanity bound (1,000,000.000) that keeps a typo in a feed from creating absurd liabilities. */
export const MAXIMUM_ODDS_THOUSANDTHS = 1_000_000_000n;

const ODDS_TEXT = /^(\d{1,7})(?:\.(\d{1,3}))?$/;

/** '1.85' → 1850n; undefined when the text is not decimal odds with at most three decimals. */
export function parseOdds(text: string): bigint | undefined {
  const match = ODDS_TEXT.exec(text.trim());
  if (!match) return undefined;
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(3, '0'));
  return whole * ODDS_SCALE + fraction;
}

/** 1850n → '1.85' (two decimals at least, the third only when it is not zero). */
export function formatOdds(oddsThousandths: bigint): string {
  const whole = oddsThousandths / ODDS_SCALE;
  const fraction = (oddsThousandths % ODDS_SCALE).toString().padStart(3, '0');
  return `${whole}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}

export function isValidOdds(oddsThousandths: bigint): boolean {
  return oddsThousandths >= MINIMUM_ODDS_THOUSANDTHS && oddsThousandths <= MAXIMUM_ODDS_THOUSANDTHS;
}

export function oddsAsRatio(oddsThousandths: bigint): Ratio {
  return ratio(oddsThousandths, ODDS_SCALE);
}
