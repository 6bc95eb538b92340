import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BroadcastDraftSchema,
  BroadcastListQuerySchema,
  BroadcastListSchema,
  BroadcastParamsSchema,
  BroadcastPreviewSchema,
  BroadcastSchema,
  BroadcastSendSchema,
  ErrorResponseSchema,
  MessageListQuerySchema,
  MessageListSchema,
  MessageParamsSchema,
  MessageSchema,
  MessageUnreadSchema,
  TRIAL_ACCOUNT_TYPE,
  type OperatorPermission,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { BroadcastService } from './broadcast.service.ts';
import type { OperatorActor } from './messages.ports.ts';
import type { MessagesService } from './messages.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ bearer: [] }];

/**
 * /api/messages (spec §2 messageV2, §7 CSP_unreadCount). Trial members have no inbox: the list
 * and the count answer empty, the changes are refused (the web never calls them for a trial user).
 */
export function messagesRoutes(deps: { messages: MessagesService; requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['messages'];
    const member = { preHandler: deps.requireMember };
    const memberOf = (request: FastifyRequest) => {
      const current = currentMember(request);
      return { id: current.id, trial: current.type === TRIAL_ACCOUNT_TYPE };
    };
    const realMemberOf = (request: FastifyRequest) => {
      const current = memberOf(request);
      if (current.trial) throw new AppError('messages.trial_refused', 'trial accounts have no messages');
      return current.id;
    };

    app.get('/messages', { ...member, schema: { tags, summary: 'The member\'s messages, newest first or unread first, 20 a page', security: bearer, querystring: MessageListQuerySchema, response: { 200: MessageListSchema, ...errors } } }, async (request) => {
      const current = memberOf(request);
      if (current.trial) return { messages: [], total: 0, unread: 0, page: request.query.page };
      return deps.messages.list(current.id, request.query.page, request.query.order === 'unread');
    });
    app.get('/messages/unread', { ...member, schema: { tags, summary: 'Unread messages (CSP_unreadCount); 0 for a trial account', security: bearer, response: { 200: MessageUnreadSchema, ...errors } } }, async (request) => {
      const current = memberOf(request);
      return { unread: current.trial ? 0 : await deps.messages.unreadOf(current.id) };
    });
    app.post('/messages/read-all', { ...member, schema: { tags, summary: 'Marks every message read', security: bearer, response: { 200: MessageUnreadSchema, ...errors } } }, async (request) => deps.messages.readAll(realMemberOf(request)));
    app.post('/messages/:id/read', { ...member, schema: { tags, summary: 'Opens a message: answers it and marks it read', security: bearer, params: MessageParamsSchema, response: { 200: MessageSchema, ...errors } } }, async (request) =>
      deps.messages.read(realMemberOf(request), BigInt(request.params.id)),
    );
    app.delete('/messages/:id', { ...member, schema: { tags, summary: 'Deletes a message from the member\'s list', security: bearer, params: MessageParamsSchema, response: { 200: MessageUnreadSchema, ...errors } } }, async (request) =>
      deps.messages.remove(realMemberOf(request), BigInt(request.params.id)),
    );
  };
}

/** /api/backoffice/messages: compose (preview through the sanitiser, audience count), send now or schedule, list, cancel. */
export function messagesAdminRoutes(deps: { broadcasts: BroadcastService; requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['backoffice'];
    const security = [{ operator: [] }];
    const send = { preHandler: deps.requireOperator('messages.send') };
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.post('/backoffice/messages/preview', { ...send, schema: { tags, summary: 'The body as members will get it (sanitised) and the audience\'s size', security, body: BroadcastDraftSchema, response: { 200: BroadcastPreviewSchema, ...errors } } }, async (request) =>
      deps.broadcasts.preview(request.body),
    );
    app.post('/backoffice/messages', { ...send, schema: { tags, summary: 'Sends a broadcast now, or schedules it (sendAt); a replayed requestId answers the same broadcast', security, body: BroadcastSendSchema, response: { 200: BroadcastSchema, ...errors } } }, async (request) =>
      deps.broadcasts.send(actorOf(request), request.body),
    );
    app.get('/backoffice/messages', { ...send, schema: { tags, summary: 'Broadcasts newest first with delivered and read counts', security, querystring: BroadcastListQuerySchema, response: { 200: BroadcastListSchema, ...errors } } }, async (request) =>
      deps.broadcasts.list(request.query.page),
    );
    app.post('/backoffice/messages/:id/cancel', { ...send, schema: { tags, summary: 'Cancels a scheduled broadcast', security, params: BroadcastParamsSchema, response: { 200: BroadcastSchema, ...errors } } }, async (request) =>
      deps.broadcasts.cancel(actorOf(request), BigInt(request.params.id)),
    );
  };
}
