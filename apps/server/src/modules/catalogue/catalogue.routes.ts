import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClassifyListSchema,
  ErrorResponseSchema,
  FavoriteIdsSchema,
  FavoriteQuerySchema,
  FavoriteRequestSchema,
  GameMenuSchema,
  GamePageSchema,
  GameQuerySchema,
  GameTypeSchema,
  HomeRowsSchema,
  LaunchRequestSchema,
  LaunchResponseSchema,
  VendorCodeSchema,
  VendorTransferRequestSchema,
  VendorTransferResponseSchema,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { LaunchService } from './launch.service.ts';
import type { PlayerGamesService } from './player-games.service.ts';
import type { VendorTransferService } from './vendor-transfer.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, 502: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['games'];
const LanguageQuery = z.object({ language: z.enum(['pt', 'en']).optional() });
const NodeIdParams = z.object({ nodeId: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export function catalogueRoutes(deps: {
  catalogue: CatalogueService;
  playerGames: PlayerGamesService;
  launches: LaunchService;
  transfers: VendorTransferService;
  requireMember: preHandlerAsyncHookHandler;
  requireRealMember: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const member = { preHandler: deps.requireMember };
  return async (app) => {
    app.get('/games/menu', { schema: { tags, summary: 'Game types that have vendors, in server sort order, with their vendors', response: { 200: GameMenuSchema } } }, () =>
      deps.catalogue.menu(),
    );

    app.get(
      '/games',
      {
        schema: {
          tags,
          summary: 'Game list: filter by type, vendor, classify, new, hot; name search; pages start at 1',
          description: 'gameName is matched case- and accent-insensitively against every language name ("fortuna" finds "Fortuna Dourada").',
          querystring: GameQuerySchema,
          response: { 200: GamePageSchema, ...errors },
        },
      },
      (request) => deps.catalogue.list(request.query),
    );

    app.get(
      '/games/classifies',
      { schema: { tags, summary: 'Classify filters present for a type and/or vendor', querystring: z.object({ gameType: GameTypeSchema.optional(), vassalage: VendorCodeSchema.optional() }), response: { 200: ClassifyListSchema, ...errors } } },
      (request) => deps.catalogue.classifies(request.query.gameType, request.query.vassalage),
    );

    app.get('/games/home', { schema: { tags, summary: 'Home game rows: hot, rng and sports vendors, pvp, fish', querystring: LanguageQuery, response: { 200: HomeRowsSchema, ...errors } } }, (request) =>
      deps.catalogue.home(request.query.language),
    );

    app.get('/games/favorites/ids', { schema: { tags, summary: "The member's favourite game ids", security: bearer, response: { 200: FavoriteIdsSchema, ...errors } }, ...member }, (request) =>
      deps.playerGames.ids(currentMember(request).id),
    );

    app.get(
      '/games/favorites',
      { schema: { tags, summary: "The member's favourite games, newest first", security: bearer, querystring: FavoriteQuerySchema, response: { 200: GamePageSchema, ...errors } }, ...member },
      (request) => deps.playerGames.favorites(currentMember(request).id, request.query),
    );

    app.post(
      '/games/favorites',
      { schema: { tags, summary: 'Add a favourite (idempotent)', security: bearer, body: FavoriteRequestSchema, response: { 204: z.null(), ...errors } }, ...member },
      async (request, reply) => {
        await deps.playerGames.add(currentMember(request).id, request.body.nodeId);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/games/favorites/:nodeId',
      { schema: { tags, summary: 'Remove a favourite (idempotent)', security: bearer, params: NodeIdParams, response: { 204: z.null(), ...errors } }, ...member },
      async (request, reply) => {
        await deps.playerGames.remove(currentMember(request).id, request.params.nodeId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/games/recent',
      {
        schema: { tags, summary: 'Recently launched games, most recent first', security: bearer, querystring: FavoriteQuerySchema.pick({ pageNo: true, pageSize: true, language: true }), response: { 200: GamePageSchema, ...errors } },
        ...member,
      },
      (request) => deps.playerGames.recent(currentMember(request).id, request.query),
    );

    app.post(
      '/games/launch',
      {
        schema: {
          tags,
          summary: 'Launch a game: the vendor URL and a single-use vendor token',
          description: 'Trial accounts may only launch demo play of games that support it. A game or vendor under maintenance answers 409 catalogue.game_maintenance with details.alternatives.',
          security: bearer,
          body: LaunchRequestSchema,
          response: { 200: LaunchResponseSchema, ...errors },
        },
        ...member,
      },
      (request) => deps.launches.launch(currentMember(request), request.body),
    );

    app.post(
      '/games/vendors/:vendor/transfer',
      {
        schema: {
          tags,
          summary: "Move money between the main wallet and a transfer-mode vendor's wallet",
          description: 'requestId makes it idempotent. Without an amount, in moves the configured amount (or all the cash) and out brings everything back.',
          security: bearer,
          params: z.object({ vendor: VendorCodeSchema }),
          body: VendorTransferRequestSchema,
          response: { 200: VendorTransferResponseSchema, ...errors },
        },
        preHandler: deps.requireRealMember,
      },
      (request) => {
        const { direction, amount, requestId } = request.body;
        const memberId = currentMember(request).id;
        return direction === 'in'
          ? deps.transfers.transferIn(memberId, request.params.vendor, amount, requestId)
          : deps.transfers.transferOut(memberId, request.params.vendor, amount, requestId);
      },
    );
  };
}
