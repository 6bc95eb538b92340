import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { LEADERBOARD_PERIODS, LeaderboardSchema, WinnersBoardSchema, type Leaderboard, type LeaderboardPeriod, type WinnersBoard } from '@app/contracts';
import { formatCents, maskName } from '@app/kernel';
import type { Db } from '../../platform/db.ts';

/**
 * The biggest-winners board and the winners leaderboard, from real settled rounds only (spec §1,
 * product decisions: no seeded or random entries). Names leave the server masked. Answers are
 * kept 30 s per language (WINNERS_CACHE_MS): the home page asks on every visit.
 */
const BOARD_SIZE = 9;
const BOARD_DAYS = 30;
const LEADERBOARD_SIZE = 20;
const DEFAULT_CACHE_MS = 30_000;

export interface WinnersDeps {
  db: Db;
  timeZone: () => Promise<string>;
  accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
  describeGame: (vendor: string, gameCode: string) => Promise<{ names: Record<string, string>; iconUrl: string } | undefined>;
  cacheMs?: number;
}

export { maskName };

function cached<T>(cacheMs: number, load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return (key) => {
    const hit = entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = load(key);
    entries.set(key, { until: Date.now() + cacheMs, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}

export function createWinners(deps: WinnersDeps) {
  const nameOf = async (ids: bigint[]) => {
    const names = await deps.accountNamesOf([...new Set(ids)]);
    return (id: bigint) => maskName(names.get(id) ?? '?');
  };

  const cacheMs = deps.cacheMs ?? DEFAULT_CACHE_MS;
  const board = cached(cacheMs, async (language): Promise<WinnersBoard> => {
    const rows = await deps.db
      .selectFrom('provider_round')
      .select(['member_id', 'vendor_code', 'game_code', 'win'])
      .where('status', '=', 'settled')
      .where('win', '>', 0n)
      .where(sql<boolean>`closed_at > now() - make_interval(days => ${BOARD_DAYS})`)
      .orderBy('win', 'desc')
      .orderBy('closed_at', 'desc')
      .limit(BOARD_SIZE)
      .execute();
    const masked = await nameOf(rows.map((row) => row.member_id));
    const list = await Promise.all(
      rows.map(async (row) => {
        const game = await deps.describeGame(row.vendor_code, row.game_code);
        const gameName = game ? (game.names[language] ?? game.names.en ?? Object.values(game.names)[0] ?? row.game_code) : row.game_code;
        return { customerName: masked(row.member_id), winAmount: formatCents(row.win), gameName, iconUrl: game?.iconUrl ?? '' };
      }),
    );
    return { list };
  });

  const leaderboard = cached(cacheMs, async (period): Promise<Leaderboard> => {
    const timeZone = await deps.timeZone();
    const unit = { day: 'day', week: 'week', month: 'month' }[period as LeaderboardPeriod];
    // The period's start in the operator's zone (weeks start on Monday, as date_trunc has it).
    const start = sql<Date>`(date_trunc(${unit}, now() at time zone ${timeZone}) at time zone ${timeZone})`;
    const rows = await deps.db
      .selectFrom('provider_round')
      .select(['member_id', sql<string>`sum(win)`.as('won'), sql<string>`count(*)`.as('rounds')])
      .where('status', '=', 'settled')
      .where('win', '>', 0n)
      .where(sql<boolean>`closed_at >= ${start}`)
      .groupBy('member_id')
      .orderBy(sql`sum(win)`, 'desc')
      .limit(LEADERBOARD_SIZE)
      .execute();
    const from = await sql<{ day: string }>`select to_char(date_trunc(${unit}, now() at time zone ${timeZone}), 'YYYY-MM-DD') as day`.execute(deps.db);
    const masked = await nameOf(rows.map((row) => row.member_id));
    return {
      period: period as LeaderboardPeriod,
      from: from.rows[0]!.day,
      entries: rows.map((row, index) => ({ rank: index + 1, customerName: masked(row.member_id), winAmount: formatCents(BigInt(row.won)), rounds: Number(row.rounds) })),
    };
  });

  return { board, leaderboard };
}

/** Public routes (visitors see the boards too). */
export function winnersRoutes(deps: WinnersDeps): FastifyPluginAsyncZod {
  const winners = createWinners(deps);
  return async (app) => {
    app.get(
      '/winners',
      { schema: { tags: ['winners'], summary: 'Biggest winners board: the largest wins of the last 30 days (names masked)', querystring: z.object({ language: z.enum(['pt', 'en']).default('pt') }), response: { 200: WinnersBoardSchema } } },
      async (request) => winners.board(request.query.language),
    );
    app.get(
      '/winners/leaderboard',
      { schema: { tags: ['winners'], summary: 'Players by total winnings today, this week or this month (names masked)', querystring: z.object({ period: z.enum(LEADERBOARD_PERIODS).default('day') }), response: { 200: LeaderboardSchema } } },
      async (request) => winners.leaderboard(request.query.period),
    );
  };
}
