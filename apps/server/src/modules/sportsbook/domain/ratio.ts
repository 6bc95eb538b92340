/**
 * Exact non-negative rational numbers as a pair of bigints. Settlement multiplies odds, dead-heat
 * and void factors and stakes; doing that in fractions and rounding once at the end is the only
 * way every amount is reproducible to the centavo (floating point would drift between runs of
 * the same resettlement).
 */
export interface Ratio {
  readonly numerator: bigint;
  /** Always positive. */
  readonly denominator: bigint;
}

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A reduced fraction; reducing keeps the bigints short when long accumulators multiply many factors. */
export function ratio(numerator: bigint, denominator: bigint = 1n): Ratio {
  if (denominator <= 0n) throw new RangeError('a ratio needs a positive denominator');
  const divisor = greatestCommonDivisor(numerator, denominator);
  if (divisor <= 1n) return { numerator, denominator };
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

export const ZERO: Ratio = ratio(0n);
export const ONE: Ratio = ratio(1n);
export const HALF: Ratio = ratio(1n, 2n);

export function multiply(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function add(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function subtract(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator);
}

export function compare(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function minimum(a: Ratio, b: Ratio): Ratio {
  return compare(a, b) <= 0 ? a : b;
}

export function isZero(value: Ratio): boolean {
  return value.numerator === 0n;
}

export function isOne(value: Ratio): boolean {
  return value.numerator === value.denominator;
}

/**
 * Rounds DOWN to a whole number (of centavos). Every payout in the book is rounded down: the
 * house never pays a fraction of a centavo it does not owe, and the rule is the same everywhere.
 */
export function floorToInteger(value: Ratio): bigint {
  if (value.numerator < 0n) throw new RangeError('settlement amounts are never negative');
  return value.numerator / value.denominator;
}
