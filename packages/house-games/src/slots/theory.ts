import type { SlotGame } from './paytable.ts';
import { compileGame, evaluateLine, type CompiledGame } from './engine.ts';

/**
 * The exact theoretical RTP of a game, by enumeration rather than simulation:
 * - Line wins: every row of a uniformly stopped reel shows each strip symbol with probability
 *   count / length, and reels are independent, so each payline's expected pay is the sum over
 *   all symbol 5-tuples (≤ 13^5) of the product of probabilities times evaluateLine (the
 *   engine's own rule). By linearity the line total is that times the number of lines.
 * - Scatters: validateGame keeps scatters ≥ 3 apart, so reel i shows one scatter with
 *   probability 3·scatters_i / length_i and none otherwise; the count is a sum of independent
 *   Bernoullis.
 * - Free spins: each free spin is i.i.d.; whether spin j is played depends only on earlier spins
 *   (a stopping time), so by Wald's identity the expected free-spin win is
 *   E[spins played] × E[win per free spin]; E[spins played] comes from a Markov chain on the
 *   number of spins granted, with retriggers and the cap.
 * Floating-point sums of ≤ 400k terms: error far below 10⁻¹².
 */

export interface RtpBreakdown {
  /** Fractions of the total bet. */
  rtp: number;
  baseLines: number;
  baseScatter: number;
  freeSpins: number;
  /** P(base spin triggers free spins). */
  triggerProbability: number;
  /** E[free spins played | triggered]. */
  expectedFreeSpins: number;
}

function reelProbabilities(game: CompiledGame, strips: Int32Array[]): number[][] {
  return strips.map((strip) => {
    const probabilities = new Array<number>(game.symbolIds.length).fill(0);
    for (const symbol of strip) probabilities[symbol]! += 1 / strip.length;
    return probabilities;
  });
}

/** E[units of one payline] before multiplier. */
function expectedLineUnits(game: CompiledGame, strips: Int32Array[]): number {
  const probabilities = reelProbabilities(game, strips);
  const symbolCount = game.symbolIds.length;
  const tuple = new Int32Array(strips.length);
  let expected = 0;
  const walk = (reel: number, probability: number): void => {
    if (probability === 0) return;
    if (reel === strips.length) {
      const win = evaluateLine(game, tuple);
      if (win) expected += probability * win.units;
      return;
    }
    for (let symbol = 0; symbol < symbolCount; symbol += 1) {
      tuple[reel] = symbol;
      walk(reel + 1, probability * probabilities[reel]![symbol]!);
    }
  };
  walk(0, 1);
  return expected;
}

/** P(scatter count = k), k = 0…reels. */
function scatterDistribution(game: CompiledGame, strips: Int32Array[], rows: number): number[] {
  let distribution = [1];
  for (const strip of strips) {
    const scatters = strip.reduce((sum, symbol) => sum + (symbol === game.scatter ? 1 : 0), 0);
    const shown = (scatters * rows) / strip.length;
    const next = new Array<number>(distribution.length + 1).fill(0);
    distribution.forEach((probability, count) => {
      next[count]! += probability * (1 - shown);
      next[count + 1]! += probability * shown;
    });
    distribution = next;
  }
  return distribution;
}

/** E[free spins played] given an initial grant, with retriggers and the cap. */
function expectedSpinsPlayed(initial: number, cap: number, retrigger: { probability: number; spins: number }[]): number {
  let mass = new Array<number>(cap + 1).fill(0);
  mass[Math.min(initial, cap)] = 1;
  let expected = 0;
  for (let played = 0; played < cap; played += 1) {
    const next = new Array<number>(cap + 1).fill(0);
    for (let granted = 0; granted <= cap; granted += 1) {
      const probability = mass[granted]!;
      if (probability === 0) continue;
      if (granted <= played) {
        next[granted]! += probability;
        continue;
      }
      expected += probability;
      let stay = probability;
      for (const { probability: retriggerProbability, spins } of retrigger) {
        next[Math.min(granted + spins, cap)]! += probability * retriggerProbability;
        stay -= probability * retriggerProbability;
      }
      next[granted]! += stay;
    }
    mass = next;
  }
  return expected;
}

export function theoreticalRtp(game: SlotGame): RtpBreakdown {
  const compiled = compileGame(game);
  const lines = game.paylines.length;
  const multiplier = game.freeSpins.multiplier;
  const baseLines = expectedLineUnits(compiled, compiled.base.strips) * lines;
  const baseScatterDistribution = scatterDistribution(compiled, compiled.base.strips, game.rows);
  const baseScatter = baseScatterDistribution.reduce((sum, probability, count) => sum + probability * (compiled.scatterPays[count] ?? 0) * lines, 0);

  const freeLines = expectedLineUnits(compiled, compiled.free.strips) * lines;
  const freeScatterDistribution = scatterDistribution(compiled, compiled.free.strips, game.rows);
  const freeScatter = freeScatterDistribution.reduce((sum, probability, count) => sum + probability * (compiled.scatterPays[count] ?? 0) * lines, 0);
  const perFreeSpin = (freeLines + freeScatter) * multiplier;
  const retrigger = game.freeSpins.retrigger
    ? freeScatterDistribution.flatMap((probability, count) => ((compiled.scatterSpins[count] ?? 0) > 0 ? [{ probability, spins: compiled.scatterSpins[count]! }] : []))
    : [];

  let triggerProbability = 0;
  let expectedFreeSpinsTotal = 0;
  baseScatterDistribution.forEach((probability, count) => {
    const spins = compiled.scatterSpins[count] ?? 0;
    if (spins === 0) return;
    triggerProbability += probability;
    expectedFreeSpinsTotal += probability * expectedSpinsPlayed(spins, game.freeSpins.maxFreeSpins, retrigger);
  });
  const freeSpins = expectedFreeSpinsTotal * perFreeSpin;
  return {
    rtp: (baseLines + baseScatter + freeSpins) / lines,
    baseLines: baseLines / lines,
    baseScatter: baseScatter / lines,
    freeSpins: freeSpins / lines,
    triggerProbability,
    expectedFreeSpins: triggerProbability > 0 ? expectedFreeSpinsTotal / triggerProbability : 0,
  };
}
