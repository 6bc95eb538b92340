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
const SpinAnswer = z.object({ round: OutcomeSchema.extend({ id: z.string(), vendor: z.string(), gameCode: z.string() }), balance: Money, fairness: PublicSeedSchema });
const DemoSpinBody = SpinBody.pick({ lineBet: true });
const DemoSpinAnswer = z.object({ round: OutcomeSchema.extend({ gameCode: z.string() }), fairness: PublicSeedSchema.extend({ serverSeed: z.string() }) });
// The catalogue's code formats (VendorCodeSchema / GameCodeSchema).
const GameParams = z.object({ vendor: z.string().regex(/^[A-Za-z0-9_]{1,40}$/), gameCode: z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/) });
const Pays = z.array(z.object({ count: z.number().int(), pay: z.number() }));
const Names = z.object({ pt: z.string(), en: z.string() });
const TableAnswer = z.object({
  vendor: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  names: Names,
  machine: z.string(),
  machineNames: Names,
  theme: Names,
  rows: z.number().int(),
  reels: z.number().int(),
  lines: z.number().int(),
  paylines: z.array(z.array(z.number().int())),
  symbols: z.array(z.object({ id: z.string(), names: Names, kind: z.enum(['regular', 'wild', 'scatter']), pays: Pays })),
  scatter: z.object({ symbol: z.string(), pays: Pays, freeSpins: z.array(z.object({ count: z.number().int(), spins: z.number().int() })) }),
  freeSpins: z.object({ multiplier: z.number(), retrigger: z.boolean(), maxFreeSpins: z.number().int() }),
  wild: z.string(),
  lineBets: z.array(Money),
  rtp: z.number(),
  hitFrequency: z.number(),
  minSpinIntervalMs: z.number().int(),
  playable: z.boolean(),
  demoSupported: z.boolean(),
});
const IdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const ClientSeedBody = z.object({ clientSeed: z.string().regex(/^[\x20-\x7e]{1,64}$/, '1–64 printable ASCII characters') });

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
      { ...anyMember, schema: { tags, summary: 'A slot table before play: paytable, lines, bets, RTP and pace', security: bearer, params: GameParams, response: { 200: TableAnswer, ...errors } } },
      async (request) => deps.service.table(request.params.vendor, request.params.gameCode),
    );

    app.post(
      '/house/games/:vendor/:gameCode/spin',
      { ...member, schema: { tags, summary: 'Play one slot round (bet and win through the provider API as the game’s vendor)', security: bearer, params: GameParams, body: SpinBody, response: { 200: SpinAnswer, ...errors } } },
      async (request) => deps.service.spin(currentMember(request).id, { vendor: request.params.vendor, gameCode: request.params.gameCode, ...request.body }),
    );

    app.post(
      '/house/games/:vendor/:gameCode/demo-spin',
      { ...anyMember, schema: { tags, summary: 'Play one demo round: no money, fresh seeds revealed with the outcome', security: bearer, params: GameParams, body: DemoSpinBody, response: { 200: DemoSpinAnswer, ...errors } } },
      async (request) => deps.service.demoSpin(request.params.vendor, request.params.gameCode, request.body.lineBet),
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
              vendor: z.string(),
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
