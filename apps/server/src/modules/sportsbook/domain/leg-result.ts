/**
 * A leg's result and the factor it multiplies a combination's stake by. The reference's single
 * rule (Sportradar OutcomeSettlement) covers every case:
 *
 *   factor = v + (won ? (1 − v) · odds · deadHeat : 0)
 *
 * where v is the void factor (1 = full refund, ½ = half refund) and deadHeat the share of a tied
 * place (1 when no tie). The named kinds are that rule with fixed factors, so an accumulator can
 * multiply them without special cases (a void leg is odds 1.00, the fold becomes one shorter).
 */
import { SportsbookDomainError } from './domain-errors.ts';
import { oddsAsRatio } from './odds.ts';
import { add, compare, HALF, isOne, multiply, ONE, ratio, subtract, ZERO, type Ratio } from './ratio.ts';

export type LegResult =
  | { readonly kind: 'pending' }
  /** Won; with a dead heat the odds are multiplied by the factor (½ for a two-way tie). */
  | { readonly kind: 'won'; readonly deadHeatFactor?: Ratio }
  | { readonly kind: 'lost' }
  /** Refunded: counts as odds 1.00. */
  | { readonly kind: 'void' }
  /** Asian quarter line: half the stake won, half refunded → ½ + ½·odds. */
  | { readonly kind: 'half_won' }
  /** Asian quarter line: half the stake lost, half refunded → ½. */
  | { readonly kind: 'half_lost' }
  /** The feed's general form, when its void and dead-heat factors are taken verbatim. */
  | { readonly kind: 'factors'; readonly outcome: 'won' | 'lost'; readonly voidFactor: Ratio; readonly deadHeatFactor: Ratio };

export const PENDING: LegResult = { kind: 'pending' };

function assertFactor(name: string, value: Ratio, { allowZero }: { allowZero: boolean }): void {
  const tooSmall = allowZero ? value.numerator < 0n : value.numerator <= 0n;
  if (tooSmall || compare(value, ONE) > 0) {
    throw new SportsbookDomainError('sportsbook.result_invalid', `${name} must be within ${allowZero ? '[0, 1]' : '(0, 1]'}`, {
      numerator: value.numerator.toString(),
      denominator: value.denominator.toString(),
    });
  }
}

/** The leg's effective factor (a fraction ≥ 0), or undefined while the leg is pending. */
export function legFactor(oddsThousandths: bigint, result: LegResult): Ratio | undefined {
  const odds = oddsAsRatio(oddsThousandths);
  switch (result.kind) {
    case 'pending':
      return undefined;
    case 'won': {
      const deadHeat = result.deadHeatFactor ?? ONE;
      assertFactor('deadHeatFactor', deadHeat, { allowZero: false });
      return multiply(odds, deadHeat);
    }
    case 'lost':
      return ZERO;
    case 'void':
      return ONE;
    case 'half_won':
      return add(HALF, multiply(HALF, odds));
    case 'half_lost':
      return HALF;
    case 'factors': {
      assertFactor('voidFactor', result.voidFactor, { allowZero: true });
      assertFactor('deadHeatFactor', result.deadHeatFactor, { allowZero: false });
      const paidPart = result.outcome === 'won' ? multiply(multiply(subtract(ONE, result.voidFactor), odds), result.deadHeatFactor) : ZERO;
      return add(result.voidFactor, paidPart);
    }
  }
}

/** A fully refunded leg: it makes a combination 'void' when every leg in it is one. */
export function isVoidResult(result: LegResult): boolean {
  return result.kind === 'void' || (result.kind === 'factors' && isOne(result.voidFactor));
}

/** Shorthand for tests and the operator console: a dead heat shared by `ways` (1/ways). */
export function deadHeatAmong(ways: bigint): Ratio {
  return ratio(1n, ways);
}
