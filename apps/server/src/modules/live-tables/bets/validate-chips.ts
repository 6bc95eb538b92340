import { liveBetTypeOf } from '@app/house-games';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { LiveChip, LiveGame } from '@app/contracts';
import type { StoredLimits } from '../tables/seed-tables.ts';

/** A request's chips summed per spot, in centavos, with each spot's bet type. */
export interface SpotStakes {
  bySpot: Map<string, { type: string; amount: bigint }>;
  total: bigint;
}

/** What can be checked without the database: spots valid for the game, amounts, neighbours by 5 centavos. */
export function parseChips(game: LiveGame, chips: readonly LiveChip[]): SpotStakes {
  const bySpot = new Map<string, { type: string; amount: bigint }>();
  let total = 0n;
  for (const chip of chips) {
    const type = liveBetTypeOf(game, chip.spot);
    if (!type) throw new AppError('live.invalid_spot', `spot ${chip.spot} is not offered at a ${game} table`, { spot: chip.spot });
    const amount = parseCents(chip.amount);
    if (amount === undefined || amount <= 0n) throw new AppError('live.invalid_amount', 'the amount must be positive', { spot: chip.spot });
    const entry = bySpot.get(chip.spot) ?? { type, amount: 0n };
    entry.amount += amount;
    bySpot.set(chip.spot, entry);
    total += amount;
  }
  for (const [spot, entry] of bySpot) {
    if (entry.type === 'neighbours' && entry.amount % 5n !== 0n) throw new AppError('live.neighbours_indivisible', 'a neighbours bet splits over five numbers', { spot });
  }
  return { bySpot, total };
}

/**
 * The table's limits against this request plus what the member already staked this round:
 * each spot's added stake at least the bet type's minimum, its total at most the maximum, and
 * the round's total at most roundMax. Throws the first breach.
 */
export function checkLimits(limits: StoredLimits, stakes: SpotStakes, already: ReadonlyMap<string, bigint>): void {
  let roundTotal = stakes.total;
  for (const amount of already.values()) roundTotal += amount;
  for (const [spot, entry] of stakes.bySpot) {
    const limit = limits.perType[entry.type];
    if (!limit) throw new AppError('live.invalid_spot', `bet type ${entry.type} is not offered at this table`, { spot });
    const onSpot = (already.get(spot) ?? 0n) + entry.amount;
    if (onSpot < BigInt(limit.min)) throw new AppError('live.bet_below_min', 'below the table minimum', { spot, min: formatCents(BigInt(limit.min)) });
    if (onSpot > BigInt(limit.max)) throw new AppError('live.bet_above_max', 'above the table maximum', { spot, max: formatCents(BigInt(limit.max)) });
  }
  if (roundTotal > BigInt(limits.roundMax)) throw new AppError('live.round_max_exceeded', 'above the round maximum', { max: formatCents(BigInt(limits.roundMax)) });
}
