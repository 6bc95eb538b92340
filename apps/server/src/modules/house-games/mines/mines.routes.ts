import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MinesCashOutRequestSchema, MinesPlayResponseSchema, MinesRevealRequestSchema, MinesStartRequestSchema, MinesTableSchema } from '@app/contracts';
import { currentMember } from '../../accounts/index.ts';
import type { MinesService } from './mines.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 402: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, 502: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['house-games'];

/** /api/house/mines: real members only (Mines has no demo mode: every round is a real bet). */
export function minesRoutes(deps: { mines: MinesService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: deps.requireRealMember };

    app.get(
      '/house/mines',
      { ...member, schema: { tags, summary: 'Mines before play: limits, RTP and the round in progress, if any (resumed on opening the game)', security: bearer, response: { 200: MinesTableSchema, ...errors } } },
      async (request) => deps.mines.table(currentMember(request).id),
    );

    app.post(
      '/house/mines/start',
      { ...member, schema: { tags, summary: 'Start a Mines round: the bet goes through the provider API; the board is fixed by the round’s seeds', security: bearer, body: MinesStartRequestSchema, response: { 200: MinesPlayResponseSchema, ...errors } } },
      async (request) => deps.mines.start(currentMember(request).id, request.body),
    );

    app.post(
      '/house/mines/reveal',
      { ...member, schema: { tags, summary: 'Reveal a cell (0–24): safe with the new multiplier, or a mine that ends the round; a repeated cell answers the round unchanged', security: bearer, body: MinesRevealRequestSchema, response: { 200: MinesPlayResponseSchema, ...errors } } },
      async (request) => deps.mines.reveal(currentMember(request).id, request.body),
    );

    app.post(
      '/house/mines/cashout',
      { ...member, schema: { tags, summary: 'Cash out at the multiplier earned (after at least one safe cell); a repeated cash-out answers the round unchanged', security: bearer, body: MinesCashOutRequestSchema, response: { 200: MinesPlayResponseSchema, ...errors } } },
      async (request) => deps.mines.cashOut(currentMember(request).id, request.body),
    );
  };
}
