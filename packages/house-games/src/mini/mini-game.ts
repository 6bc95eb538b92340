import type { RandomStream } from '../stream.ts';

/**
 * A one-step house game ("mini game"): the player's parameters and the round's random stream
 * decide a payout multiplier. Multipliers are integers in ten-thousandths (15000 = 1.5×), so a
 * payout is exact in centavos: floor(bet × multiplier / 10,000).
 */
export const MULTIPLIER_SCALE = 10_000n;

export interface MiniRound<Outcome> {
  outcome: Outcome;
  /** Payout multiplier in ten-thousandths; 0 for a loss. */
  multiplier: bigint;
}

export interface MiniGame<Params, Outcome> {
  code: string;
  name: { pt: string; en: string };
  /** The player's choices, validated (undefined when they are not a valid bet). */
  parse(input: unknown): Params | undefined;
  play(params: Params, stream: RandomStream): MiniRound<Outcome>;
  /** Exact return to player of a bet with these parameters (fraction). */
  rtp(params: Params): number;
}

/** A multiplier in ten-thousandths as stored and sent: 19801n → "1.9801". */
export function formatMultiplier(value: bigint): string {
  return `${value / MULTIPLIER_SCALE}.${(value % MULTIPLIER_SCALE).toString().padStart(4, '0')}`;
}

export function payout(bet: bigint, multiplier: bigint): bigint {
  return (bet * multiplier) / MULTIPLIER_SCALE;
}

/** A decimal with up to two places ("49.50", "2") as an integer of hundredths, or undefined. */
export function hundredths(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
