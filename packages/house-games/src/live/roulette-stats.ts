import { ROULETTE_BET_TYPES, type RouletteBetType } from '@app/contracts';
import { allRouletteSpots, isRouletteNumber, parseRouletteSpot, RED_NUMBERS, ROULETTE_POCKETS, settleRouletteChip } from './roulette.ts';

/**
 * The return per unit staked on each roulette bet type, by exact enumeration: every valid spot
 * of the type, on every one of the 37 pockets, settled by settleRouletteChip itself. Each bet
 * type returns 36/37 (a 2.70 % edge: the zero).
 */
export function rouletteRtpExact(): Record<RouletteBetType, { returned: bigint; staked: bigint }> {
  // A stake that divides into five, so the neighbours split is exact.
  const stake = 500n;
  const totals = Object.fromEntries(ROULETTE_BET_TYPES.map((type) => [type, { returned: 0n, staked: 0n }])) as Record<RouletteBetType, { returned: bigint; staked: bigint }>;
  for (const spot of allRouletteSpots()) {
    const total = totals[parseRouletteSpot(spot)!.type];
    for (let number = 0; number < ROULETTE_POCKETS; number += 1) {
      total.returned += settleRouletteChip(spot, stake, number);
      total.staked += stake;
    }
  }
  return totals;
}

export function rouletteRtp(): Record<RouletteBetType, number> {
  const exact = rouletteRtpExact();
  return Object.fromEntries(ROULETTE_BET_TYPES.map((type) => [type, Number(exact[type].returned) / Number(exact[type].staked)])) as Record<RouletteBetType, number>;
}

export interface RouletteStats {
  spins: number;
  /** The five numbers seen most often, the most recent first among equals. */
  hot: number[];
  /** The five numbers seen least often (never seen included), the longest unseen first among equals. */
  cold: number[];
  red: number;
  black: number;
  green: number;
  odd: number;
  even: number;
  low: number;
  high: number;
  /** Spins in dozen 1, 2, 3 and in column 1, 2, 3 (zero in neither). */
  dozens: [number, number, number];
  columns: [number, number, number];
}

/** Statistics of spins given oldest first (as the table's history is). */
export function rouletteStats(numbers: readonly number[], listed = 5): RouletteStats {
  const counts = new Array<number>(ROULETTE_POCKETS).fill(0);
  const lastSeen = new Array<number>(ROULETTE_POCKETS).fill(-1);
  const stats: RouletteStats = { spins: 0, hot: [], cold: [], red: 0, black: 0, green: 0, odd: 0, even: 0, low: 0, high: 0, dozens: [0, 0, 0], columns: [0, 0, 0] };
  numbers.forEach((n, index) => {
    if (!isRouletteNumber(n)) throw new RangeError(`not a roulette number: ${n}`);
    stats.spins += 1;
    counts[n]! += 1;
    lastSeen[n] = index;
    if (n === 0) {
      stats.green += 1;
      return;
    }
    if (RED_NUMBERS.has(n)) stats.red += 1;
    else stats.black += 1;
    if (n % 2 === 1) stats.odd += 1;
    else stats.even += 1;
    if (n <= 18) stats.low += 1;
    else stats.high += 1;
    stats.dozens[Math.floor((n - 1) / 12)]! += 1;
    stats.columns[(n - 1) % 3]! += 1;
  });
  const all = Array.from({ length: ROULETTE_POCKETS }, (_, n) => n);
  stats.hot = all
    .filter((n) => counts[n]! > 0)
    .sort((a, b) => counts[b]! - counts[a]! || lastSeen[b]! - lastSeen[a]!)
    .slice(0, listed);
  stats.cold = [...all].sort((a, b) => counts[a]! - counts[b]! || lastSeen[a]! - lastSeen[b]! || a - b).slice(0, listed);
  return stats;
}
