import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@app/kernel';
import { AdminGameSchema, ContentLanguageQuerySchema, ErrorResponseSchema, GameDrawRequestSchema, GameDrawSchema, GameSettingsInputSchema, PromotionGameSchema, RaffleEntryRequestSchema, type OperatorPermission } from '@app/contracts';
import { currentMember } from '../../accounts/index.ts';
import { currentOperator } from '../../backoffice/index.ts';
import type { GamesService } from './games.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 503: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const Params = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, 'an id') });
const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);

/** /api/promotions/:id/game (the prize table, published), …/game/mine, …/draw (wheel, eggs) and …/raffle/entries. */
export function gamesRoutes(deps: { games: GamesService; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['promotions'];

    app.get(
      '/promotions/:id/game',
      { schema: { tags, summary: 'A prize game: its prizes, their chances and number ranges, the table hash; a raffle\'s draw time and winners', params: Params, querystring: ContentLanguageQuerySchema, response: { 200: PromotionGameSchema, ...errors } } },
      async (request) => deps.games.view(BigInt(request.params.id), request.query.language, null),
    );

    app.get(
      '/promotions/:id/game/mine',
      { preHandler: deps.requireMember, schema: { tags, summary: 'A prize game with the member\'s tickets (earned − used) and recent draws', security: bearer, params: Params, querystring: ContentLanguageQuerySchema, response: { 200: PromotionGameSchema, ...errors } } },
      async (request) => deps.games.view(BigInt(request.params.id), request.query.language, currentMember(request).id),
    );

    app.post(
      '/promotions/:id/draw',
      {
        preHandler: deps.requireRealMember,
        schema: {
          tags,
          summary: 'Play one ticket of a wheel or a golden egg (node:crypto draw, recorded; a won prize is paid at once). A repeated Idempotency-Key answers the first draw.',
          security: bearer,
          params: Params,
          querystring: ContentLanguageQuerySchema,
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }),
          body: GameDrawRequestSchema.optional(),
          response: { 200: GameDrawSchema, ...errors },
        },
      },
      async (request) => deps.games.draw(BigInt(request.params.id), currentMember(request).id, { key: request.headers['idempotency-key'] ?? request.body?.requestId ?? null, choice: request.body?.choice ?? null, language: request.query.language }),
    );

    app.post(
      '/promotions/:id/raffle/entries',
      {
        preHandler: deps.requireRealMember,
        schema: {
          tags,
          summary: 'Enter tickets in a raffle (spec §7 MCS2_claimRafflePromotion); the Idempotency-Key (or requestId) enters them once',
          security: bearer,
          params: Params,
          querystring: ContentLanguageQuerySchema,
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }),
          body: RaffleEntryRequestSchema,
          response: { 200: PromotionGameSchema, ...errors },
        },
      },
      async (request) => {
        const key = request.headers['idempotency-key'] ?? request.body.requestId;
        if (!key) throw new AppError('validation.failed', 'an Idempotency-Key header or a requestId is required', { fields: [{ path: 'requestId', message: 'required' }] });
        return deps.games.enterRaffle(BigInt(request.params.id), currentMember(request).id, { key, tickets: request.body.tickets, language: request.query.language });
      },
    );
  };
}

/** /api/backoffice/promotions/:id/game — promotions.manage reads and publishes a game's prizes and ticket rules (audited). */
export function gamesAdminRoutes(deps: { games: GamesService; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { preHandler: deps.requireOperator('promotions.manage') };
    const tags = ['back-office: promotions'];
    const security = [{ operator: [] }];

    app.get('/backoffice/promotions/:id/game', { ...manage, schema: { tags, security, params: Params, response: { 200: AdminGameSchema, ...errors } } }, async (request) => deps.games.adminView(BigInt(request.params.id)));

    app.put('/backoffice/promotions/:id/game', { ...manage, schema: { tags, security, params: Params, body: GameSettingsInputSchema, response: { 200: AdminGameSchema, ...errors } } }, async (request) => {
      const operator = currentOperator(request);
      return deps.games.save(BigInt(request.params.id), request.body, { id: operator.id, username: operator.username, ip: request.ip });
    });
  };
}
