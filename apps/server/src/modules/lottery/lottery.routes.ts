import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  LotteryDrawParamsSchema,
  LotteryDrawSchema,
  LotteryGameCodeSchema,
  LotteryGameListQuerySchema,
  LotteryGameListSchema,
  LotteryGameSchema,
  LotteryRecentListSchema,
  LotteryResultListSchema,
  LotteryResultsQuerySchema,
  LotteryTicketListQuerySchema,
  LotteryTicketListSchema,
  LotteryTicketParamsSchema,
  LotteryTicketSchema,
  LotteryVerificationSchema,
  LOTTERY_PRIZE_MODES,
  PlaceLotteryTicketRequestSchema,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import type { LotteryReads } from './lottery.read.ts';
import type { TicketService } from './tickets/ticket.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 402: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 502: ErrorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['lottery'];

/** The player API under /api/lottery: public reads (games, results, draws, verification) and the member's tickets (real members only). */
export function lotteryRoutes(deps: { reads: LotteryReads; tickets: TicketService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: deps.requireRealMember };

    app.get('/lottery/games', { schema: { tags, summary: 'Lottery games with their bet types, odds (in the prize mode asked) and next draw', querystring: LotteryGameListQuerySchema, response: { 200: LotteryGameListSchema, ...errors } } }, async (request) => ({
      games: await deps.reads.games(request.query),
    }));

    app.get(
      '/lottery/games/:code',
      { schema: { tags, summary: 'One lottery game', params: z.object({ code: LotteryGameCodeSchema }), querystring: z.object({ prizeMode: z.enum(LOTTERY_PRIZE_MODES).optional() }), response: { 200: LotteryGameSchema, ...errors } } },
      async (request) => deps.reads.game(request.params.code, request.query.prizeMode),
    );

    app.get('/lottery/results', { schema: { tags, summary: 'Drawn results of a game, newest first (opened numbers)', querystring: LotteryResultsQuerySchema, response: { 200: LotteryResultListSchema, ...errors } } }, async (request) =>
      deps.reads.results(request.query),
    );

    app.get('/lottery/draws/:id', { schema: { tags, summary: 'One draw (its secret and result once drawn)', params: LotteryDrawParamsSchema, response: { 200: LotteryDrawSchema, ...errors } } }, async (request) =>
      deps.reads.draw(BigInt(request.params.id)),
    );

    app.get(
      '/lottery/draws/:id/verify',
      { schema: { tags, summary: "A fast draw's commitment checked against its revealed secret and result", params: LotteryDrawParamsSchema, response: { 200: LotteryVerificationSchema, ...errors } } },
      async (request) => deps.reads.verify(BigInt(request.params.id)),
    );

    app.post(
      '/lottery/tickets',
      { ...member, schema: { tags, summary: 'Place a lottery ticket (the stake through the provider API as vendor LOTT or ELOTT); the same requestId answers the first ticket', security, body: PlaceLotteryTicketRequestSchema, response: { 200: LotteryTicketSchema, ...errors } } },
      async (request) => deps.tickets.place(currentMember(request).id, request.body),
    );

    app.get('/lottery/tickets', { ...member, schema: { tags, summary: 'My lottery tickets: open or settled', security, querystring: LotteryTicketListQuerySchema, response: { 200: LotteryTicketListSchema, ...errors } } }, async (request) => ({
      tickets: await deps.tickets.list(currentMember(request).id, request.query),
    }));

    app.get('/lottery/tickets/:id', { ...member, schema: { tags, summary: 'One of my lottery tickets', security, params: LotteryTicketParamsSchema, response: { 200: LotteryTicketSchema, ...errors } } }, async (request) =>
      deps.tickets.get(currentMember(request).id, BigInt(request.params.id)),
    );

    app.get('/lottery/recent', { ...member, schema: { tags, summary: 'The lottery games I played recently, most recent first', security, response: { 200: LotteryRecentListSchema, ...errors } } }, async (request) => {
      const recent = await deps.tickets.recent(currentMember(request).id);
      const games = await deps.reads.games({});
      const byCode = new Map(games.map((game) => [game.code, game]));
      return {
        games: recent.flatMap((row) => {
          const game = byCode.get(row.game_code);
          return game ? [{ code: game.code, area: game.area, namePt: game.namePt, nameEn: game.nameEn, lastPlayedAt: row.last_played_at.toISOString(), nextDraw: game.nextDraw }] : [];
        }),
      };
    });
  };
}
