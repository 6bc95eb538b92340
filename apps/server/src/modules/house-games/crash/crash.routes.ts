import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CrashBetRequestSchema,
  CrashBetResponseSchema,
  CrashCashOutRequestSchema,
  CrashCashOutResponseSchema,
  CrashMeSchema,
  CrashRoundDetailSchema,
  CrashStateSchema,
  ErrorResponseSchema,
  RoundIdParamsSchema,
} from '@app/contracts';
import { currentMember } from '../../accounts/index.ts';
import type { CrashGame } from './crash-game.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 402: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, 502: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['crash'];

/** /api/crash: watching is public; bets and cash-outs are for real members. */
export function crashRoutes(deps: { crash: CrashGame; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/crash', { schema: { tags, summary: 'The live round, its players, recent crash points and the chain in play', response: { 200: CrashStateSchema } } }, async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.crash.state();
    });

    app.get(
      '/crash/me',
      { preHandler: deps.requireMember, schema: { tags, summary: 'The member’s bet in the live round and recent ones', security: bearer, response: { 200: CrashMeSchema, ...errors } } },
      async (request) => deps.crash.me(currentMember(request).id),
    );

    app.post(
      '/crash/bet',
      { preHandler: deps.requireRealMember, schema: { tags, summary: 'Bet on the round open for bets (through the provider API as HOUSE)', security: bearer, body: CrashBetRequestSchema, response: { 200: CrashBetResponseSchema, ...errors } } },
      async (request) => deps.crash.placeBet(currentMember(request).id, request.body),
    );

    app.post(
      '/crash/cashout',
      { preHandler: deps.requireRealMember, schema: { tags, summary: 'Cash out now, at the multiplier of the server’s clock', security: bearer, body: CrashCashOutRequestSchema, response: { 200: CrashCashOutResponseSchema, ...errors } } },
      async (request) => deps.crash.cashOut(currentMember(request).id, BigInt(request.body.betId)),
    );

    app.get(
      '/crash/rounds/:id',
      { schema: { tags, summary: 'A finished round with its hash, salt and chain, to verify it', params: RoundIdParamsSchema, response: { 200: CrashRoundDetailSchema, ...errors } } },
      async (request) => deps.crash.roundDetail(BigInt(request.params.id)),
    );
  };
}
