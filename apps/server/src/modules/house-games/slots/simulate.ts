import { createHash } from 'node:crypto';
import { createRoundStream } from '../fairness/provably-fair.ts';
import { compileGame, playRoundUnits, type SlotGame } from '@app/house-games';

export interface SimulationResult {
  rounds: number;
  /** Total won / total bet. */
  rtp: number;
  /** Share of rounds that won anything or triggered free spins. */
  hitFrequency: number;
  freeSpinTriggerRate: number;
  /** Largest round win, in total bets. */
  maxWinMultiple: number;
  /** Standard deviation of one round's return (win / total bet). */
  standardDeviation: number;
  /** standardDeviation / √rounds: the standard error of the measured RTP. */
  standardError: number;
}

/**
 * Plays `rounds` paid rounds (base spin + all free spins) exactly as players get them: one nonce
 * per round on a fixed seed pair derived from `seed`, so a run is reproducible.
 */
export function simulate(game: SlotGame, rounds: number, seed: string): SimulationResult {
  const compiled = compileGame(game);
  const lines = game.paylines.length;
  const serverSeed = createHash('sha256').update(`simulation:${seed}`).digest('hex');
  let totalUnits = 0;
  let sumOfSquares = 0;
  let hits = 0;
  let triggers = 0;
  let maxUnits = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const round = playRoundUnits(compiled, createRoundStream({ serverSeed, clientSeed: 'simulation', nonce }));
    totalUnits += round.units;
    const multiple = round.units / lines;
    sumOfSquares += multiple * multiple;
    if (round.units > 0 || round.triggered) hits += 1;
    if (round.triggered) triggers += 1;
    if (round.units > maxUnits) maxUnits = round.units;
  }
  const rtp = totalUnits / lines / rounds;
  const variance = Math.max(0, sumOfSquares / rounds - rtp * rtp);
  const standardDeviation = Math.sqrt(variance);
  return {
    rounds,
    rtp,
    hitFrequency: hits / rounds,
    freeSpinTriggerRate: triggers / rounds,
    maxWinMultiple: maxUnits / lines,
    standardDeviation,
    standardError: standardDeviation / Math.sqrt(rounds),
  };
}
