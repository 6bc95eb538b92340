import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  LiveBetRequestSchema,
  LiveBetResponseSchema,
  LiveChatMessageSchema,
  LiveChatRequestSchema,
  LiveLobbySchema,
  LiveMeSchema,
  LiveRoundDetailSchema,
  LiveTableCodeSchema,
  LiveTableStateSchema,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import type { BetService } from './bets/bet.service.ts';
import type { ChatService } from './chat/chat.service.ts';
import type { LiveReads } from './live.read.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 402: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, 502: ErrorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['live'];
const TableParams = z.object({ code: LiveTableCodeSchema });
const RoundParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The request's language for table names ('en…' answers English, anything else Portuguese). */
const localeOf = (request: FastifyRequest) => (String(request.headers['accept-language'] ?? 'pt').toLowerCase().startsWith('en') ? 'en' : 'pt');

/** /api/live: the lobby, tables and rounds are public; bets and chat are for real members; /me for members. */
export function liveRoutes(deps: { reads: LiveReads; bets: BetService; chat: ChatService; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/live/tables', { schema: { tags, summary: 'The live tables with their round in play and last results', response: { 200: LiveLobbySchema } } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.reads.lobby(localeOf(request));
    });

    app.get('/live/tables/:code', { schema: { tags, summary: 'One table: limits, round, history (the shoe’s hands or the last 100 spins), players, chat', params: TableParams, response: { 200: LiveTableStateSchema, ...errors } } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.reads.state(request.params.code, localeOf(request));
    });

    app.get(
      '/live/tables/:code/me',
      { preHandler: deps.requireMember, schema: { tags, summary: 'My bets in the table’s round in play and my last 20 there', security, params: TableParams, response: { 200: LiveMeSchema, ...errors } } },
      async (request) => deps.reads.me(request.params.code, currentMember(request).id),
    );

    app.post(
      '/live/tables/:code/bets',
      { preHandler: deps.requireRealMember, schema: { tags, summary: 'Chips on the round open for bets (stake through the provider API as vendor LIVE); the same requestId answers the same bet', security, params: TableParams, body: LiveBetRequestSchema, response: { 200: LiveBetResponseSchema, ...errors } } },
      async (request) => deps.bets.place(currentMember(request).id, request.params.code, request.body),
    );

    app.post(
      '/live/tables/:code/chat',
      { preHandler: deps.requireRealMember, schema: { tags, summary: 'A message in the table chat (filtered; one every 2 s)', security, params: TableParams, body: LiveChatRequestSchema, response: { 200: LiveChatMessageSchema, ...errors } } },
      async (request) => deps.chat.send(currentMember(request).id, request.params.code, request.body.text),
    );

    app.get('/live/rounds/:id', { schema: { tags, summary: 'A finished round with what verifies it (myBets empty: see /me)', params: RoundParams, response: { 200: LiveRoundDetailSchema, ...errors } } }, async (request) =>
      deps.reads.roundDetail(BigInt(request.params.id), localeOf(request)),
    );

    app.get(
      '/live/rounds/:id/me',
      { preHandler: deps.requireMember, schema: { tags, summary: 'A finished round with what verifies it and my bets in it', security, params: RoundParams, response: { 200: LiveRoundDetailSchema, ...errors } } },
      async (request) => deps.reads.roundDetail(BigInt(request.params.id), localeOf(request), currentMember(request).id),
    );
  };
}
