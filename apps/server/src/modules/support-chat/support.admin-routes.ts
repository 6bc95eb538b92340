import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  SUPPORT_IMAGE_MAX_BYTES,
  SupportAdminContextSchema,
  SupportAdminListSchema,
  SupportAdminOperatorsSchema,
  SupportAdminParamsSchema,
  SupportAdminSendSchema,
  SupportAdminThreadQuerySchema,
  SupportAdminThreadSchema,
  SupportAdminTransferSchema,
  SupportAdminConversationSchema,
  SupportImageRefSchema,
  SupportReadSchema,
  SupportSentSchema,
} from '@app/contracts';
import { currentOperator, type OperatorPreHandler } from '../backoffice/index.ts';
import type { DeskService, Operator } from './desk.service.ts';
import { sendImage } from '../../platform/http/uploaded-image.ts';
import { IMAGE_MAX_AGE_S } from './support.routes.ts';
import { SUPPORT_PERMISSION } from './support.events.ts';
import * as conversations from './conversation.repository.ts';
import { AppError } from '@app/kernel';

export const ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema, 429: ErrorResponseSchema };
export const schema = <T extends object>(summary: string, extra: T) => ({ tags: ['backoffice'], summary, security: [{ operator: [] }], ...extra });

/** The member's money beside the conversation, through ports to the wallet and payments modules. */
export interface MemberContextPorts {
  balanceOf: (memberId: bigint) => Promise<{ cash: string; bonus: string }>;
  lastDeposits: (memberId: bigint, limit: number) => Promise<{ id: string; amount: string; status: string; at: string }[]>;
  openWithdrawals: (memberId: bigint, limit: number) => Promise<{ id: string; amount: string; status: string; at: string }[]>;
}

export const operatorOf = (request: FastifyRequest): Operator => {
  const operator = currentOperator(request);
  return { id: operator.id, username: operator.username, ip: request.ip };
};

/**
 * /api/backoffice/support: the console's chat (permission support.chat): the queue and the
 * operator's conversations, one conversation's messages, take / transfer / close, messages,
 * images, receipts, typing, presence, and the member's context. Actions are audited.
 */
export function supportAdminRoutes(deps: { desk: DeskService; requireOperator: (permission: 'support.chat') => OperatorPreHandler; context: MemberContextPorts; accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>; db: Parameters<typeof conversations.findById>[0] }): FastifyPluginAsyncZod {
  const chat = { preHandler: deps.requireOperator(SUPPORT_PERMISSION) };
  const id = (request: { params: { id: string } }) => BigInt(request.params.id);
  return async (app) => {
    app.get('/backoffice/support/conversations', { schema: schema('The queue (oldest first) and my conversations; marks me online', { response: { 200: SupportAdminListSchema, ...ERRORS } }), ...chat }, async (request) => deps.desk.list(operatorOf(request)));

    app.get(
      '/backoffice/support/conversations/:id',
      { schema: schema('One conversation and its messages (after=<id>: only newer ones)', { params: SupportAdminParamsSchema, querystring: SupportAdminThreadQuerySchema, response: { 200: SupportAdminThreadSchema, ...ERRORS } }), ...chat },
      async (request) => deps.desk.thread(id(request), request.query.after === undefined ? undefined : BigInt(request.query.after)),
    );

    app.post('/backoffice/support/conversations/:id/take', { schema: schema('Take a waiting conversation (409 already_taken when another operator was first)', { params: SupportAdminParamsSchema, response: { 200: SupportAdminConversationSchema, ...ERRORS } }), ...chat }, async (request) =>
      deps.desk.take(operatorOf(request), id(request)),
    );

    app.post(
      '/backoffice/support/conversations/:id/transfer',
      { schema: schema('Hand the conversation to another online operator', { params: SupportAdminParamsSchema, body: SupportAdminTransferSchema, response: { 200: SupportAdminConversationSchema, ...ERRORS } }), ...chat },
      async (request) => deps.desk.transfer(operatorOf(request), id(request), BigInt(request.body.operatorId)),
    );

    app.post('/backoffice/support/conversations/:id/close', { schema: schema('Close (resolve) the conversation', { params: SupportAdminParamsSchema, response: { 200: SupportAdminConversationSchema, ...ERRORS } }), ...chat }, async (request) =>
      deps.desk.close(operatorOf(request), id(request)),
    );

    app.post(
      '/backoffice/support/conversations/:id/messages',
      { schema: schema('Send a message (a waiting conversation is taken by it); a resend with the same clientId is stored once', { params: SupportAdminParamsSchema, body: SupportAdminSendSchema, response: { 200: SupportSentSchema, ...ERRORS } }), ...chat },
      async (request) => deps.desk.send(operatorOf(request), id(request), request.body),
    );

    app.post('/backoffice/support/conversations/:id/read', { schema: schema('Read receipt: the last message id seen', { params: SupportAdminParamsSchema, body: SupportReadSchema, response: { 204: z.null(), ...ERRORS } }), ...chat }, async (request, reply) => {
      await deps.desk.markRead(id(request), BigInt(request.body.lastReadId));
      return reply.code(204).send(null);
    });

    app.post('/backoffice/support/conversations/:id/typing', { schema: schema('Typing indicator (ephemeral, throttled)', { params: SupportAdminParamsSchema, response: { 204: z.null(), ...ERRORS } }), ...chat }, async (request, reply) => {
      await deps.desk.typing(operatorOf(request), id(request));
      return reply.code(204).send(null);
    });

    app.get('/backoffice/support/conversations/:id/context', { schema: schema("The member's balance, last deposits and open withdrawals", { params: SupportAdminParamsSchema, response: { 200: SupportAdminContextSchema, ...ERRORS } }), ...chat }, async (request) => {
      const row = await conversations.findById(deps.db, id(request));
      if (!row) throw new AppError('support.conversation_not_found', 'no such conversation');
      if (row.member_id === null) return { kind: 'visitor' as const, account: null, balance: null, deposits: [], withdrawals: [] };
      const memberId = row.member_id;
      const [names, balance, deposits, withdrawals] = await Promise.all([deps.accountNamesOf([memberId]), deps.context.balanceOf(memberId), deps.context.lastDeposits(memberId, 5), deps.context.openWithdrawals(memberId, 10)]);
      return { kind: 'member' as const, account: names.get(memberId) ?? `#${memberId}`, balance, deposits, withdrawals };
    });

    app.get('/backoffice/support/operators', { schema: schema('Operators online in the chat (transfer targets)', { response: { 200: SupportAdminOperatorsSchema, ...ERRORS } }), ...chat }, async () => ({
      operators: (await deps.desk.online()).map((operator) => ({ id: operator.id.toString(), name: operator.name })),
    }));

    app.post('/backoffice/support/presence', { schema: schema('On duty (beats every 20 s) or off', { body: z.object({ online: z.boolean() }), response: { 204: z.null(), ...ERRORS } }), ...chat }, async (request, reply) => {
      await deps.desk.beat(operatorOf(request), request.body.online);
      return reply.code(204).send(null);
    });

    app.get('/backoffice/support/images/:id', { schema: schema('An image of a conversation', { params: z.object({ id: z.string().uuid() }) }), ...chat }, async (request, reply) => sendImage(reply, await deps.desk.image(request.params.id), IMAGE_MAX_AGE_S));

    await app.register(async (plain) => {
      const uploads = plain.withTypeProvider<ZodTypeProvider>();
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SUPPORT_IMAGE_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
      uploads.post(
        '/backoffice/support/conversations/:id/images',
        { bodyLimit: SUPPORT_IMAGE_MAX_BYTES + 1, schema: schema('Upload an image (PNG or JPEG by content, ≤ 5 MB) to the conversation', { params: SupportAdminParamsSchema, response: { 201: SupportImageRefSchema, ...ERRORS } }), ...chat },
        async (request, reply) => reply.code(201).send(await deps.desk.uploadImage(operatorOf(request), BigInt(request.params.id), request.body)),
      );
    });
  };
}
