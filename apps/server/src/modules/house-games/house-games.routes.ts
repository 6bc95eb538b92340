import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientSeedRequestSchema,
  DemoSpinRequestSchema,
  DemoSpinResponseSchema,
  ErrorResponseSchema,
  FairnessStateSchema,
  HouseRoundSchema,
  JackpotPoolsSchema,
  MiniGameParamsSchema,
  MiniPlayRequestSchema,
  MiniPlayResponseSchema,
  MiniTableSchema,
  RotationResponseSchema,
  RoundIdParamsSchema,
  SlotGameParamsSchema,
  SlotTableSchema,
  SpinRequestSchema,
  SpinResponseSchema,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import type { HouseGamesService } from './house-games.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 402: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, 502: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['house-games'];

/**
 * Member routes under /api/house. Real-money spins and seeds are for real members; the table and
 * demo spins (no money, nothing stored) for any member, trial accounts included.
 */
export function houseGamesRoutes(deps: { service: HouseGamesService; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: deps.requireRealMember };
    const anyMember = { preHandler: deps.requireMember };

    app.get(
      '/house/games/:vendor/:gameCode',
      { ...anyMember, schema: { tags, summary: 'A slot table before play: paytable, lines, bets, RTP and pace', security: bearer, params: SlotGameParamsSchema, response: { 200: SlotTableSchema, ...errors } } },
      async (request) => deps.service.table(request.params.vendor, request.params.gameCode),
    );

    app.post(
      '/house/games/:vendor/:gameCode/spin',
      { ...member, schema: { tags, summary: 'Play one slot round (bet and win through the provider API as the game’s vendor)', security: bearer, params: SlotGameParamsSchema, body: SpinRequestSchema, response: { 200: SpinResponseSchema, ...errors } } },
      async (request) => deps.service.spin(currentMember(request).id, { vendor: request.params.vendor, gameCode: request.params.gameCode, ...request.body }),
    );

    app.post(
      '/house/games/:vendor/:gameCode/demo-spin',
      { ...anyMember, schema: { tags, summary: 'Play one demo round: no money, fresh seeds revealed with the outcome', security: bearer, params: SlotGameParamsSchema, body: DemoSpinRequestSchema, response: { 200: DemoSpinResponseSchema, ...errors } } },
      async (request) => deps.service.demoSpin(request.params.vendor, request.params.gameCode, request.body.lineBet),
    );

    app.get(
      '/jackpot',
      { schema: { tags, summary: 'The progressive jackpot pools and their real amounts (public)', response: { 200: JackpotPoolsSchema } } },
      async () => deps.service.jackpotPools(),
    );

    app.get(
      '/house/mini/:gameCode',
      { ...anyMember, schema: { tags, summary: 'A mini game before play: limits and RTP (per rows and risk for plinko)', security: bearer, params: MiniGameParamsSchema, response: { 200: MiniTableSchema, ...errors } } },
      async (request) => deps.service.miniTable(request.params.gameCode),
    );

    app.post(
      '/house/mini/:gameCode/play',
      { ...member, schema: { tags, summary: 'Play one mini game round (bet and win through the provider API as HOUSE)', security: bearer, params: MiniGameParamsSchema, body: MiniPlayRequestSchema, response: { 200: MiniPlayResponseSchema, ...errors } } },
      async (request) => deps.service.playMini(currentMember(request).id, { gameCode: request.params.gameCode, ...request.body }),
    );

    app.get(
      '/house/fairness',
      { ...member, schema: { tags, summary: 'The active seed pair (server seed committed by its hash) and the revealed ones', security: bearer, response: { 200: FairnessStateSchema, ...errors } } },
      async (request) => deps.service.fairness(currentMember(request).id),
    );

    app.put(
      '/house/fairness/client-seed',
      { ...member, schema: { tags, summary: 'Set the client seed (reveals the server seed and commits a new one)', security: bearer, body: ClientSeedRequestSchema, response: { 200: RotationResponseSchema, ...errors } } },
      async (request) => deps.service.rotate(currentMember(request).id, request.body.clientSeed),
    );

    app.post(
      '/house/fairness/rotate',
      { ...member, schema: { tags, summary: 'Reveal the server seed and commit a new one', security: bearer, response: { 200: RotationResponseSchema, ...errors } } },
      async (request) => deps.service.rotate(currentMember(request).id),
    );

    app.get(
      '/house/rounds/:id',
      {
        ...member,
        schema: {
          tags,
          summary: 'One of the member’s rounds with its seeds (the server seed once revealed)',
          security: bearer,
          params: RoundIdParamsSchema,
          response: {
            200: HouseRoundSchema,
            ...errors,
          },
        },
      },
      async (request) => deps.service.round(currentMember(request).id, BigInt(request.params.id)),
    );
  };
}
