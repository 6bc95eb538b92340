import { cpus } from 'node:os';
import { SLOT_GAMES, theoreticalRtp } from '@app/house-games';
import { simulate, type SimulationResult } from '../apps/server/src/modules/house-games/index.ts';

/**
 * npm run bench:slots — plays up to BENCH_SLOTS_ROUNDS (default 10^7) paid rounds per game,
 * stopping after about BENCH_SLOTS_SECONDS (default 60) per game, through the real path: one
 * HMAC-SHA256 provably fair stream per round (one nonce per round), base spin plus all free spins.
 * Prints rounds played, rounds/s, measured vs declared RTP (with the standard error), hit
 * frequency, free-spin trigger rate and the largest win in total bets.
 */
const MAX_ROUNDS = Number(process.env.BENCH_SLOTS_ROUNDS ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_SLOTS_SECONDS ?? 60);
const CHUNK = 100_000;

interface Totals {
  rounds: number;
  rtpSum: number;
  squareSum: number;
  hits: number;
  triggers: number;
  maxWinMultiple: number;
}

console.log(`bench:slots on ${cpus().length} CPU(s), up to ${MAX_ROUNDS} rounds or ${SECONDS} s per game`);
const percent = (value: number) => `${(value * 100).toFixed(3)}%`;
for (const game of SLOT_GAMES) {
  const totals: Totals = { rounds: 0, rtpSum: 0, squareSum: 0, hits: 0, triggers: 0, maxWinMultiple: 0 };
  const started = performance.now();
  // Chunks on distinct seeds are independent runs; pooling their moments gives the whole run's figures.
  for (let chunk = 0; totals.rounds < MAX_ROUNDS && performance.now() - started < SECONDS * 1000; chunk += 1) {
    const size = Math.min(CHUNK, MAX_ROUNDS - totals.rounds);
    const result: SimulationResult = simulate(game, size, `bench-${game.code}-${chunk}`);
    totals.rounds += size;
    totals.rtpSum += result.rtp * size;
    totals.squareSum += (result.standardDeviation ** 2 + result.rtp ** 2) * size;
    totals.hits += result.hitFrequency * size;
    totals.triggers += result.freeSpinTriggerRate * size;
    totals.maxWinMultiple = Math.max(totals.maxWinMultiple, result.maxWinMultiple);
  }
  const seconds = (performance.now() - started) / 1000;
  const rtp = totals.rtpSum / totals.rounds;
  const standardError = Math.sqrt(Math.max(0, totals.squareSum / totals.rounds - rtp * rtp) / totals.rounds);
  const theory = theoreticalRtp(game);
  console.log(
    [
      `${game.code} (${game.name.en})`,
      `  rounds ${totals.rounds.toLocaleString('en')} in ${seconds.toFixed(1)} s = ${Math.round(totals.rounds / seconds).toLocaleString('en')} rounds/s`,
      `  RTP measured ${percent(rtp)} ± ${percent(standardError)} (1 s.e.), declared ${percent(game.declaredRtp)} (theoretical ${percent(theory.rtp)}), deviation ${((rtp - game.declaredRtp) / standardError).toFixed(2)} s.e.`,
      `  hit frequency ${percent(Math.round(totals.hits) / totals.rounds)} (declared ${percent(game.declaredHitFrequency)})`,
      `  free-spin trigger rate ${percent(Math.round(totals.triggers) / totals.rounds)} (theoretical ${percent(theory.triggerProbability)})`,
      `  max win ${totals.maxWinMultiple.toFixed(2)}× total bet`,
    ].join('\n'),
  );
}
