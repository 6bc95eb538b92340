import type { FastifyRequest } from 'fastify';
import { BACCARAT_SPOTS, ROULETTE_BET_TYPES, type LiveAdminTable, type LiveGame, type LiveLimits } from '@app/contracts';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { ConsoleTableRow, StoredLimits } from './console.repository.ts';

/** Amounts come through MoneySchema already: a miss would be a negative-free zero, refused below. */
const cents = (text: string) => parseCents(text) ?? 0n;

export const money = (cents: bigint | number | string | null | undefined) => formatCents(BigInt(cents ?? 0));

export interface ConsoleActor {
  id: bigint;
  username: string;
  ip: string;
}

export const actorOf = (request: FastifyRequest): ConsoleActor => {
  const operator = request.operator;
  if (!operator) throw new AppError('backoffice.session_required', 'operator session required, please log in');
  return { id: operator.id, username: operator.username, ip: request.ip };
};

/** The bet types a table's limits may name: baccarat spots, or roulette bet types. */
export const betTypesOf = (game: LiveGame): readonly string[] => (game === 'baccarat' ? BACCARAT_SPOTS : ROULETTE_BET_TYPES);

export const limitsView = (stored: StoredLimits): LiveLimits => ({
  perType: Object.fromEntries(Object.entries(stored.perType).map(([type, limit]) => [type, { min: money(limit.min), max: money(limit.max) }])),
  roundMax: money(stored.roundMax),
});

/**
 * The console's limits, checked and stored as centavos: known bet types of the table's game only,
 * each 0 < min ≤ max, and a round maximum no smaller than any one spot's maximum.
 */
export function storedLimits(game: LiveGame, limits: LiveLimits): StoredLimits {
  const known = betTypesOf(game);
  const entries = Object.entries(limits.perType);
  if (entries.length === 0) throw new AppError('live_console.limits_invalid', 'at least one bet type', { field: 'limits.perType' });
  const perType: StoredLimits['perType'] = {};
  let largest = 0n;
  for (const [type, limit] of entries) {
    if (!known.includes(type)) throw new AppError('live_console.bet_type_unknown', 'no such bet type at this table', { betType: type, known });
    const min = cents(limit.min);
    const max = cents(limit.max);
    if (min <= 0n || max < min) throw new AppError('live_console.limits_invalid', 'each limit is 0 < min ≤ max', { betType: type });
    if (max > largest) largest = max;
    perType[type] = { min: min.toString(), max: max.toString() };
  }
  const roundMax = cents(limits.roundMax);
  if (roundMax <= 0n || roundMax < largest) throw new AppError('live_console.round_max_too_low', 'the round maximum is at least every spot maximum', { roundMax: limits.roundMax });
  return { perType, roundMax: roundMax.toString() };
}

export const tableView = (row: ConsoleTableRow): LiveAdminTable => ({
  code: row.code,
  game: row.game,
  namePt: row.name_pt,
  nameEn: row.name_en,
  status: row.status,
  limits: limitsView(row.limits),
  bettingSeconds: Math.round(row.betting_ms / 1000),
  roundsPlayed: row.rounds_played,
  currentRound: row.round_id === null ? null : { id: row.round_id.toString(), number: row.round_number!, phase: row.round_phase! },
  shoe: row.shoe_id === null ? null : { id: row.shoe_id.toString(), hash: row.shoe_hash ?? '', handsPlayed: row.shoe_hands ?? 0, cardsLeft: row.shoe_left ?? 0 },
  updatedAt: row.updated_at.toISOString(),
});
