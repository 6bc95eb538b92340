/**
 * From the feed's outcome settlement (won/lost, void factor 0 | 0.5 | 1, dead-heat factor as
 * decimal text) to a leg result. The common cases become the named kinds so records read plainly
 * ('half_won' rather than a pair of factors); anything else keeps the feed's factors verbatim.
 */
import type { LegResult } from './leg-result.ts';
import { isOne, ratio, type Ratio } from './ratio.ts';

const FACTOR_TEXT = /^(0|1)(?:\.(\d{1,6}))?$/;

/** '0.5' → 1/2, '0.333333' → 333333/1000000 (exact to the feed's text, not "a third"); undefined outside [0, 1]. */
export function parseFactor(text: string): Ratio | undefined {
  const match = FACTOR_TEXT.exec(text.trim());
  if (!match) return undefined;
  const decimals = match[2] ?? '';
  const scale = 10n ** BigInt(decimals.length);
  const value = ratio(BigInt(match[1]!) * scale + BigInt(decimals === '' ? '0' : decimals), scale);
  return value.numerator > value.denominator ? undefined : value;
}

export interface FeedOutcomeSettlement {
  readonly result: 'won' | 'lost';
  /** 0, 0.5 or 1 as the feed sends it. */
  readonly voidFactor: 0 | 0.5 | 1;
  /** Decimal text, 0 < f ≤ 1. */
  readonly deadHeatFactor: string;
}

export function legResultFromFeed(outcome: FeedOutcomeSettlement): LegResult | undefined {
  const deadHeatFactor = parseFactor(outcome.deadHeatFactor);
  if (deadHeatFactor === undefined || deadHeatFactor.numerator === 0n) return undefined;
  const isWon = outcome.result === 'won';
  if (outcome.voidFactor === 1) return { kind: 'void' };
  if (outcome.voidFactor === 0) {
    if (!isWon) return { kind: 'lost' };
    return isOne(deadHeatFactor) ? { kind: 'won' } : { kind: 'won', deadHeatFactor };
  }
  if (isOne(deadHeatFactor)) return { kind: isWon ? 'half_won' : 'half_lost' };
  return { kind: 'factors', outcome: outcome.result, voidFactor: ratio(1n, 2n), deadHeatFactor };
}
