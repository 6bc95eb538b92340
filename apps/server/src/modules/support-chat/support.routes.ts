import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_VISITOR_HEADER,
  SupportChatQuerySchema,
  SupportChatSchema,
  SupportImageRefSchema,
  SupportReadSchema,
  SupportSendSchema,
  SupportVisitorSchema,
  SupportVisitorStartSchema,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import { limitPerAddress } from '../../platform/http/rate-limit.ts';
import { sendImage } from '../../platform/http/uploaded-image.ts';
import type { Db } from '../../platform/db.ts';
import type { ChatService } from './chat.service.ts';
import { createVisitor, visitorOf } from './presence.repository.ts';
import type { Party } from './support.tables.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema, 429: ErrorResponseSchema };
const tags = ['support'];
const security = [{ bearer: [] }];
/** The chat's images never change: the browser may keep them an hour. */
export const IMAGE_MAX_AGE_S = 3_600;

export interface PartyAuth {
  /** A member's bearer session token → the member id (accounts module). */
  memberOf: (token: string) => Promise<bigint | undefined>;
  /** Answers a captcha from GET /api/captcha (single use). */
  verifyCaptcha: (captcha: { id: string; answer: string }) => Promise<boolean>;
}

/**
 * /api/support: the player side of the chat. A member uses their bearer session; a visitor first
 * passes the captcha (POST /support/visitors) and sends the token in X-Support-Visitor.
 */
export function supportRoutes(deps: { db: Db; chat: ChatService; auth: PartyAuth }): FastifyPluginAsyncZod {
  async function partyOf(request: FastifyRequest): Promise<Party> {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() === 'bearer' && token) {
      const memberId = await deps.auth.memberOf(token);
      if (memberId === undefined) throw new AppError('auth.required', 'you are not logged in, please log in');
      return { kind: 'member', memberId };
    }
    const visitorToken = request.headers[SUPPORT_VISITOR_HEADER];
    const visitorId = typeof visitorToken === 'string' ? await visitorOf(deps.db, visitorToken) : undefined;
    if (visitorId === undefined) throw new AppError('support.visitor_required', 'start the chat first');
    return { kind: 'visitor', visitorId };
  }

  // The party is resolved in onRequest, before the body, query and params are validated: an
  // anonymous caller is answered 401 first and learns nothing of a route's input rules.
  const parties = new WeakMap<FastifyRequest, Party>();
  const authenticate = async (request: FastifyRequest) => {
    parties.set(request, await partyOf(request));
  };
  const party = (request: FastifyRequest): Party => {
    const found = parties.get(request);
    if (!found) throw new Error('support route without its onRequest authentication');
    return found;
  };

  return async (app) => {
    app.post(
      '/support/visitors',
      { preHandler: limitPerAddress(deps.db, { bucket: 'support.visitors', limit: 10, windowMs: 10 * 60_000 }), schema: { tags, summary: 'A visitor passes the captcha and gets their chat token (name and contact optional)', body: SupportVisitorStartSchema, response: { 201: SupportVisitorSchema, ...errors } } },
      async (request, reply) => {
        if (!(await deps.auth.verifyCaptcha(request.body.captcha))) throw new AppError('support.captcha_failed', 'the captcha answer is wrong');
        const visitor = await createVisitor(deps.db, { name: request.body.name || null, contact: request.body.contact || null });
        return reply.code(201).send({ token: visitor.token });
      },
    );

    app.get('/support/chat', { onRequest: authenticate, schema: { tags, summary: 'The latest conversation and its messages (after=<id>: only newer ones, after a reconnect)', security, querystring: SupportChatQuerySchema, response: { 200: SupportChatSchema, ...errors } } }, async (request) =>
      deps.chat.read(party(request), request.query.after === undefined ? undefined : BigInt(request.query.after)),
    );

    app.post(
      '/support/messages',
      { onRequest: authenticate, schema: { tags, summary: 'Send a message (text and/or an uploaded image); a resend with the same clientId is stored once', security, body: SupportSendSchema, response: { 200: SupportChatSchema.extend({ replayed: z.boolean() }), ...errors } } },
      async (request) => deps.chat.send(party(request), request.body),
    );

    app.post('/support/read', { onRequest: authenticate, schema: { tags, summary: 'Read receipt: the last message id seen', security, body: SupportReadSchema, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await deps.chat.markRead(party(request), BigInt(request.body.lastReadId));
      return reply.code(204).send(null);
    });

    app.post('/support/typing', { onRequest: authenticate, schema: { tags, summary: 'Typing indicator (ephemeral, throttled)', security, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await deps.chat.typing(party(request));
      return reply.code(204).send(null);
    });

    app.get('/support/images/:id', { onRequest: authenticate, schema: { tags, summary: 'An image of one of your conversations', security, params: z.object({ id: z.string().uuid() }) } }, async (request, reply) =>
      sendImage(reply, await deps.chat.image(party(request), request.params.id), IMAGE_MAX_AGE_S),
    );

    await app.register(async (plain) => {
      const uploads = plain.withTypeProvider<ZodTypeProvider>();
      // The image is the raw body whatever type the browser declares: its first bytes decide.
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SUPPORT_IMAGE_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
      uploads.post(
        '/support/images',
        { onRequest: authenticate, bodyLimit: SUPPORT_IMAGE_MAX_BYTES + 1, preHandler: limitPerAddress(deps.db, { bucket: 'support.images', limit: 30, windowMs: 60_000 }), schema: { tags, summary: 'Upload an image (PNG or JPEG by content, ≤ 5 MB) for your conversation', security, response: { 201: SupportImageRefSchema, ...errors } } },
        async (request, reply) => reply.code(201).send(await deps.chat.uploadImage(party(request), request.body)),
      );
    });
  };
}
