import { randomInt } from 'node:crypto';

/**
 * A pot split into `shares` random amounts of at least one centavo that sum to the pot: N−1
 * distinct cut points drawn with node:crypto in (0, pot), the shares being the gaps between them.
 */
export function splitPot(pot: bigint, shares: number): bigint[] {
  if (shares < 1 || pot < BigInt(shares)) throw new Error('each share needs at least one centavo');
  // Cuts are drawn in whole centavos; randomInt covers ranges below 2^48 (R$ 2.8 trillion).
  const span = Number(pot);
  const cuts = new Set<number>();
  while (cuts.size < shares - 1) cuts.add(randomInt(1, span));
  const points = [0, ...[...cuts].sort((a, b) => a - b), span];
  return points.slice(1).map((point, index) => BigInt(point - points[index]!));
}
