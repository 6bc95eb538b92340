import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dice, diceMultiplier, limbo, limboResult, payout, plinko, PLINKO_ROWS, PLINKO_TABLES, type DiceParams, type LimboParams, type PlinkoParams, type PlinkoRisk } from '@app/house-games';
import { createRoundStream } from './fairness/provably-fair.ts';

const serverSeed = createHash('sha256').update('mini-simulation').digest('hex');
const stream = (nonce: number) => createRoundStream({ serverSeed, clientSeed: 'simulation', nonce });

/** Plays `rounds` rounds and returns the measured RTP with its standard error. */
function measure<P>(play: (params: P, nonce: number) => bigint, params: P, rounds: number) {
  let sum = 0;
  let squares = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const multiple = Number(play(params, nonce)) / 10_000;
    sum += multiple;
    squares += multiple * multiple;
  }
  const rtp = sum / rounds;
  return { rtp, standardError: Math.sqrt(Math.max(0, squares / rounds - rtp * rtp) / rounds) };
}

describe('mini games', () => {
  it('dice: exact RTP at most 99 % for every target, and 10^5 rolls land within 4 standard errors', () => {
    for (let target = 200; target <= 9800; target += 1) {
      for (const direction of ['over', 'under'] as const) {
        const rtp = dice.rtp({ direction, target });
        expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12);
        expect(rtp).toBeGreaterThan(0.9898);
      }
    }
    const params: DiceParams = { direction: 'over', target: 5000 };
    expect(diceMultiplier(params)).toBe(19_801n);
    const { rtp, standardError } = measure((p: DiceParams, n) => dice.play(p, stream(n)).multiplier, params, 100_000);
    expect(Math.abs(rtp - dice.rtp(params))).toBeLessThan(4 * standardError);
  });

  it('dice: rolls cover 0.00 … 100.00 and bad parameters are refused', () => {
    const rolls = new Set(Array.from({ length: 20_000 }, (_, n) => dice.play({ direction: 'under', target: 5000 }, stream(n)).outcome.roll));
    expect(rolls.size).toBeGreaterThan(8_000);
    for (const input of [null, {}, { direction: 'over', target: '1.99' }, { direction: 'over', target: '98.01' }, { direction: 'sideways', target: '50' }, { direction: 'over', target: '50.001' }, { direction: 'over', target: '-5' }]) {
      expect(dice.parse(input), JSON.stringify(input)).toBeUndefined();
    }
    expect(dice.parse({ direction: 'under', target: '49.5' })).toEqual({ direction: 'under', target: 4950 });
  });

  it('limbo: about 99 % for any target, exactly computed, and measured on 10^5 rounds', () => {
    for (const target of [101, 150, 200, 1000, 10_000, 100_000_000]) {
      expect(limbo.rtp({ target })).toBeLessThanOrEqual(0.99 + 1e-12);
      expect(limbo.rtp({ target })).toBeCloseTo(0.99, 4);
    }
    expect(limboResult(0)).toBe(100n);
    expect(limboResult(2 ** 32 - 1)).toBe(100_000_000n);
    const params: LimboParams = { target: 200 };
    const { rtp, standardError } = measure((p: LimboParams, n) => limbo.play(p, stream(n)).multiplier, params, 100_000);
    expect(Math.abs(rtp - limbo.rtp(params))).toBeLessThan(4 * standardError);
    expect(limbo.parse({ target: '1.00' })).toBeUndefined();
    expect(limbo.parse({ target: '2' })).toEqual({ target: 200 });
  });

  it('plinko: every table returns 98.9–99.2 %, and 10^5 drops on each risk agree', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of ['low', 'medium', 'high'] as PlinkoRisk[]) {
        expect(PLINKO_TABLES[rows][risk]).toHaveLength(rows + 1);
        const rtp = plinko.rtp({ rows, risk });
        expect(rtp, `${rows} ${risk}`).toBeGreaterThan(0.989);
        expect(rtp, `${rows} ${risk}`).toBeLessThan(0.992);
      }
    }
    for (const risk of ['low', 'medium'] as PlinkoRisk[]) {
      const params: PlinkoParams = { rows: 12, risk };
      const { rtp, standardError } = measure((p: PlinkoParams, n) => plinko.play(p, stream(n)).multiplier, params, 100_000);
      expect(Math.abs(rtp - plinko.rtp(params)), risk).toBeLessThan(4 * standardError);
    }
    expect(plinko.parse({ rows: 10, risk: 'low' })).toBeUndefined();
  });

  it('pays exact centavos', () => {
    expect(payout(1_00n, 19_801n)).toBe(1_98n);
    expect(payout(33n, 5_000n)).toBe(16n);
  });
});
