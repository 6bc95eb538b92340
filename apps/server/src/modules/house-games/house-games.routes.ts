import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import type { HouseGamesService } from './house-games.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 402: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, 502: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['house-games'];

const Money = z.string();
const SpinSchema = z.object({
  mode: z.enum(['base', 'free']),
  stops: z.array(z.number().int()),
  window: z.array(z.array(z.string())),
  lineWins: z.array(z.object({ line: z.number().int(), symbol: z.string(), count: z.number().int(), pay: Money })),
  scatter: z.object({ count: z.number().int(), pay: Money }),
  freeSpinsAwarded: z.number().int(),
  multiplier: z.number(),
  win: Money,
});
const OutcomeSchema = z.object({
  lineBet: Money,
  lines: z.number().int(),
  totalBet: Money,
  stops: z.array(z.number().int()),
  window: z.array(z.array(z.string())),
  lineWins: SpinSchema.shape.lineWins,
  scatter: SpinSchema.shape.scatter,
  base: SpinSchema,
  freeSpins: z.array(SpinSchema),
  freeSpinsAwarded: z.number().int(),
  totalWin: Money,
});
const PublicSeedSchema = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() });
const RevealedSchema = z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), lastNonce: z.number().int() });

const SpinBody = z.object({
  lineBet: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
});
const SpinAnswer = z.object({ round: OutcomeSchema.extend({ id: z.string(), gameCode: z.string() }), balance: Money, fairness: PublicSeedSchema });
const GameParams = z.object({ gameCode: z.string().regex(/^[a-z0-9-]{1,80}$/) });
const IdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const ClientSeedBody = z.object({ clientSeed: z.string().regex(/^[\x20-\x7e]{1,64}$/, '1–64 printable ASCII characters') });

/** Member routes under /api/house (real members only: every spin is real money). */
export function houseGamesRoutes(deps: { service: HouseGamesService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: deps.requireRealMember };

    app.post(
      '/house/slots/:gameCode/spin',
      { ...member, schema: { tags, summary: 'Play one slot round (bet and win through the provider API)', security: bearer, params: GameParams, body: SpinBody, response: { 200: SpinAnswer, ...errors } } },
      async (request) => deps.service.spin(currentMember(request).id, { gameCode: request.params.gameCode, ...request.body }),
    );

    app.get(
      '/house/fairness',
      { ...member, schema: { tags, summary: 'The active seed pair (server seed committed by its hash) and the revealed ones', security: bearer, response: { 200: PublicSeedSchema.extend({ revealed: z.array(RevealedSchema.extend({ revealedAt: z.string() })) }), ...errors } } },
      async (request) => deps.service.fairness(currentMember(request).id),
    );

    const RotationAnswer = z.object({ revealed: RevealedSchema, active: PublicSeedSchema });
    app.put(
      '/house/fairness/client-seed',
      { ...member, schema: { tags, summary: 'Set the client seed (reveals the server seed and commits a new one)', security: bearer, body: ClientSeedBody, response: { 200: RotationAnswer, ...errors } } },
      async (request) => deps.service.rotate(currentMember(request).id, request.body.clientSeed),
    );

    app.post(
      '/house/fairness/rotate',
      { ...member, schema: { tags, summary: 'Reveal the server seed and commit a new one', security: bearer, response: { 200: RotationAnswer, ...errors } } },
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
          params: IdParams,
          response: {
            200: z.object({
              id: z.string(),
              gameCode: z.string(),
              status: z.enum(['open', 'settled', 'failed']),
              bet: Money,
              win: Money,
              createdAt: z.string(),
              outcome: OutcomeSchema,
              fairness: PublicSeedSchema.extend({ serverSeed: z.string().nullable() }),
            }),
            ...errors,
          },
        },
      },
      async (request) => deps.service.round(currentMember(request).id, BigInt(request.params.id)),
    );
  };
}
