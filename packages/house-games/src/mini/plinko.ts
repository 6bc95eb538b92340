import type { RandomStream } from '../stream.ts';
import type { MiniGame } from './mini-game.ts';

/**
 * Plinko: the ball falls through `rows` rows of pegs, going left or right at each with equal
 * chance (one uniform bit per row); the slot it lands in (the number of rights) pays the table's
 * multiplier for the risk level. Every table returns about 99 % (exact value from the binomial).
 */
export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];

export interface PlinkoParams {
  rows: PlinkoRows;
  risk: PlinkoRisk;
}
export interface PlinkoOutcome {
  rows: number;
  risk: PlinkoRisk;
  /** 0 = left, 1 = right, one per row. */
  path: number[];
  slot: number;
  multiplier: string;
}

/** Multipliers per slot, left to right (symmetric). */
export const PLINKO_TABLES: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: [5.6, 2.1, 1.1, 1, 0.5, 1, 1.1, 2.1, 5.6],
    medium: [13, 3, 1.3, 0.7, 0.4, 0.7, 1.3, 3, 13],
    high: [29, 4, 1.5, 0.3, 0.2, 0.3, 1.5, 4, 29],
  },
  12: {
    low: [10, 3, 1.6, 1.4, 1.1, 1, 0.5, 1, 1.1, 1.4, 1.6, 3, 10],
    medium: [33, 11, 4, 2, 1.1, 0.6, 0.3, 0.6, 1.1, 2, 4, 11, 33],
    high: [170, 24, 8.1, 2, 0.7, 0.2, 0.2, 0.2, 0.7, 2, 8.1, 24, 170],
  },
  16: {
    low: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
    medium: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
    high: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000],
  },
};

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return result;
}

export const plinko: MiniGame<PlinkoParams, PlinkoOutcome> = {
  code: 'plinko',
  name: { pt: 'Plinko', en: 'Plinko' },
  parse(input) {
    const raw = input as { rows?: unknown; risk?: unknown } | null;
    const rows = Number(raw?.rows);
    if (!(PLINKO_ROWS as readonly number[]).includes(rows)) return undefined;
    if (raw?.risk !== 'low' && raw?.risk !== 'medium' && raw?.risk !== 'high') return undefined;
    return { rows: rows as PlinkoRows, risk: raw.risk };
  },
  play(params, stream: RandomStream) {
    const path = Array.from({ length: params.rows }, () => stream.nextInt(2));
    const slot = path.reduce((sum, bit) => sum + bit, 0);
    const value = PLINKO_TABLES[params.rows][params.risk][slot]!;
    return { outcome: { rows: params.rows, risk: params.risk, path, slot, multiplier: value.toFixed(2) }, multiplier: BigInt(Math.round(value * 10_000)) };
  },
  rtp(params) {
    const table = PLINKO_TABLES[params.rows][params.risk];
    return table.reduce((sum, value, slot) => sum + (binomial(params.rows, slot) / 2 ** params.rows) * value, 0);
  },
};
