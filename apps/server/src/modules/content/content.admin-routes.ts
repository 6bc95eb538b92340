import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentItemInputSchema, ContentItemSchema, ContentKindSchema, ContentListResponseSchema, ErrorResponseSchema, LanguageSchema, type OperatorPermission } from '@app/contracts';
import { currentOperator } from '../backoffice/index.ts';
import type { ContentService, OperatorActor } from './content.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ operator: [] }];
/** The console sends one per form submission, so a double click or a retry creates one item. */
const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);
const KindParams = z.object({ kind: ContentKindSchema });
const ItemParams = KindParams.extend({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * /api/backoffice/content/:kind — content.manage (the content role and the owner) lists, creates, replaces and
 * deletes banners, notices, promotions, popups, announcements and help articles. Every change is
 * audited with its before and after, and reaches every open site over /ws (content.changed).
 */
export function contentAdminRoutes(deps: { content: ContentService; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const editor = { preHandler: deps.requireOperator('content.manage') };
    const tags = ['back-office: content'];
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get(
      '/backoffice/content/:kind',
      { ...editor, schema: { tags, security: bearer, params: KindParams, querystring: z.object({ language: LanguageSchema.optional() }), response: { 200: ContentListResponseSchema, ...errors } } },
      async (request) => ({ content: await deps.content.list(request.params.kind, request.query.language) }),
    );

    app.post(
      '/backoffice/content/:kind',
      {
        ...editor,
        schema: { tags, security: bearer, params: KindParams, headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }), body: ContentItemInputSchema, response: { 201: ContentItemSchema, ...errors } },
      },
      async (request, reply) => {
        reply.code(201);
        return deps.content.create(request.params.kind, request.body, actorOf(request), request.headers['idempotency-key']);
      },
    );

    app.put(
      '/backoffice/content/:kind/:id',
      { ...editor, schema: { tags, security: bearer, params: ItemParams, body: ContentItemInputSchema, response: { 200: ContentItemSchema, ...errors } } },
      async (request) => deps.content.update(request.params.kind, BigInt(request.params.id), request.body, actorOf(request)),
    );

    app.delete(
      '/backoffice/content/:kind/:id',
      { ...editor, schema: { tags, security: bearer, params: ItemParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deps.content.remove(request.params.kind, BigInt(request.params.id), actorOf(request));
        reply.code(204);
        return null;
      },
    );
  };
}
