import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { BettingRecordPageSchema, BettingRecordQuerySchema, ErrorResponseSchema, GAME_TYPES, ROUND_PRODUCTS, type BettingRecordPage, type BettingRecordQuery, type GameType, type RoundProduct } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { currentMember } from '../accounts/index.ts';
import { daySpan } from '../wallet/index.ts';

const MAX_DAYS = 93;

export interface BettingRecordDeps {
  db: Db;
  timeZone: () => Promise<string>;
  vendorName: (code: string) => Promise<string | undefined>;
  describeGame: (vendor: string, gameCode: string) => Promise<{ gameType: string; classify?: string; names: Record<string, string> } | undefined>;
}

/** The member's rounds, newest first, filtered by product type and calendar days in the operator's zone. */
export async function bettingRecord(deps: BettingRecordDeps, memberId: bigint, query: BettingRecordQuery, language: string): Promise<BettingRecordPage> {
  daySpan(query.from, query.to, MAX_DAYS);
  const timeZone = await deps.timeZone();
  let rounds = deps.db
    .selectFrom('provider_round')
    .where('member_id', '=', memberId)
    .where(sql<boolean>`opened_at >= (${query.from}::date::timestamp at time zone ${timeZone})`)
    .where(sql<boolean>`opened_at < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  if (query.gameType) rounds = rounds.where('game_type', '=', query.gameType);
  const [rows, totals] = await Promise.all([
    rounds.selectAll().orderBy('opened_at', 'desc').orderBy('round_id', 'desc').limit(query.pageSize).offset((query.pageNo - 1) * query.pageSize).execute(),
    rounds
      .select([
        (eb) => eb.fn.countAll<string>().as('count'),
        sql<string>`coalesce(sum(case when status = 'rolled_back' then 0 else bet end), 0)`.as('bet'),
        sql<string>`coalesce(sum(win), 0)`.as('win'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const content = await Promise.all(
    rows.map(async (row) => {
      const stake = row.status === 'rolled_back' ? 0n : row.bet;
      const game = await deps.describeGame(row.vendor_code, row.game_code);
      return {
        vendor: row.vendor_code,
        vendorName: (await deps.vendorName(row.vendor_code)) ?? row.vendor_code,
        gameCode: row.game_code,
        gameName: game ? (game.names[language] ?? game.names.en ?? Object.values(game.names)[0] ?? row.game_code) : row.game_code,
        gameType: (GAME_TYPES as readonly string[]).includes(row.game_type ?? '') ? (row.game_type as GameType) : null,
        // The catalogue's classify names it ('mini'): a mini game is not a crash game to the player.
        product: (ROUND_PRODUCTS as readonly string[]).includes(game?.classify ?? '') ? (game!.classify as RoundProduct) : null,
        roundId: row.round_id,
        bet: formatCents(stake),
        win: formatCents(row.win),
        net: formatCents(row.win - stake),
        status: row.status,
        openedAt: row.opened_at.toISOString(),
        closedAt: row.closed_at?.toISOString() ?? null,
      };
    }),
  );
  const total = Number(totals.count);
  const bet = BigInt(totals.bet);
  const win = BigInt(totals.win);
  return { content, pageNum: query.pageNo, total, totalPages: Math.max(1, Math.ceil(total / query.pageSize)), totals: { bet: formatCents(bet), win: formatCents(win), net: formatCents(win - bet) }, timeZone };
}

export function bettingRecordRoutes(deps: BettingRecordDeps & { requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/member/betting-record',
      {
        preHandler: deps.requireMember,
        schema: {
          tags: ['betting record'],
          summary: 'Game rounds of the logged-in member (spec personalHistoryCopy)',
          security: [{ bearer: [] }],
          querystring: BettingRecordQuerySchema.extend({ language: z.enum(['pt', 'en']).default('pt') }),
          response: { 200: BettingRecordPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => bettingRecord(deps, currentMember(request).id, request.query, request.query.language),
    );
  };
}
