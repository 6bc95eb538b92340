import { describe, expect, it } from 'vitest';
import { SLOT_GAMES, validateGame, theoreticalRtp } from '@app/house-games';
import { simulate } from './simulate.ts';

/**
 * Each game's declared RTP is its exact theoretical RTP (theory.ts, by enumeration). A 10^5-round
 * simulation then checks engine and theory against each other: the measured RTP must lie within
 * 4 standard errors of the declared one, the standard error being the per-round standard
 * deviation measured in the same run / √10^5 (≈ 0.9–1.3 percentage points here). For a correct
 * engine a miss has probability ≈ 6·10⁻⁵ per game; the seed is fixed, so the test never flakes.
 */
const ROUNDS = 100_000;

describe.each(SLOT_GAMES.map((game) => [game.code, game] as const))('%s', (_code, game) => {
  it('is a valid definition whose declared RTP is the exact theoretical RTP', () => {
    expect(validateGame(game)).toEqual([]);
    const theory = theoreticalRtp(game);
    expect(Math.abs(theory.rtp - game.declaredRtp)).toBeLessThan(1e-6);
    expect(theory.rtp).toBeGreaterThanOrEqual(0.94);
    expect(theory.rtp).toBeLessThanOrEqual(0.97);
  });

  it(`measures RTP, hit frequency and trigger rate within 4 standard errors over ${ROUNDS} rounds`, () => {
    const result = simulate(game, ROUNDS, 'unit-test');
    expect(Math.abs(result.rtp - game.declaredRtp)).toBeLessThan(4 * result.standardError);
    const binomialTolerance = (p: number) => 4 * Math.sqrt((p * (1 - p)) / ROUNDS);
    expect(Math.abs(result.hitFrequency - game.declaredHitFrequency)).toBeLessThan(binomialTolerance(game.declaredHitFrequency));
    const trigger = theoreticalRtp(game).triggerProbability;
    expect(Math.abs(result.freeSpinTriggerRate - trigger)).toBeLessThan(binomialTolerance(trigger));
    expect(result.maxWinMultiple).toBeGreaterThan(0);
  });
});

describe('simulate', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const game = SLOT_GAMES[0]!;
    expect(simulate(game, 2000, 'a')).toEqual(simulate(game, 2000, 'a'));
    expect(simulate(game, 2000, 'a').rtp).not.toBe(simulate(game, 2000, 'b').rtp);
  });
});
