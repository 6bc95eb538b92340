import { formatCents as text } from '@app/kernel';
import type { RandomStream } from '../stream.ts';
import { hundredths, type MiniGame } from './mini-game.ts';

/**
 * Limbo: the round draws a multiplier; the bet wins its target when the draw reaches it. From a
 * uniform u in [0, 2³²): result = floor(99 × 2³² / (2³² − u)) hundredths (0.99 / (1 − u/2³²),
 * in integers so browser and server agree exactly), at least 1.00 and at most 1,000,000.00.
 * P(result ≥ target) = floor(99 × 2³² / target) / 2³² ≈ 0.99 / target: a 1 % house edge.
 */
export interface LimboParams {
  /** Target in hundredths: 101 … 100,000,000 (1.01× … 1,000,000×). */
  target: number;
}
export interface LimboOutcome {
  target: string;
  result: string;
  won: boolean;
}

const TWO_32 = 2n ** 32n;
const NUMERATOR = 99n * TWO_32;
export const LIMBO_TARGET_RANGE = { min: 101, max: 100_000_000 } as const;


export function limboResult(u: number): bigint {
  const raw = NUMERATOR / (TWO_32 - BigInt(u));
  return raw < 100n ? 100n : raw > 100_000_000n ? 100_000_000n : raw;
}

export const limbo: MiniGame<LimboParams, LimboOutcome> = {
  code: 'limbo',
  name: { pt: 'Limbo', en: 'Limbo' },
  parse(input) {
    const target = hundredths((input as { target?: unknown } | null)?.target);
    if (target === undefined || target < LIMBO_TARGET_RANGE.min || target > LIMBO_TARGET_RANGE.max) return undefined;
    return { target };
  },
  play(params, stream: RandomStream) {
    const result = limboResult(stream.nextUint32());
    const won = result >= BigInt(params.target);
    return { outcome: { target: text(BigInt(params.target)), result: text(result), won }, multiplier: won ? BigInt(params.target) * 100n : 0n };
  },
  rtp(params) {
    const winning = NUMERATOR / BigInt(params.target);
    return (Number(winning) / 2 ** 32) * (params.target / 100);
  },
};
