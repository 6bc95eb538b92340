import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminPointsConfigInputSchema,
  AdminPointsItemInputSchema,
  AdminPointsItemListSchema,
  AdminPointsItemSchema,
  AdminRedemptionListSchema,
  AdminRedemptionSchema,
  ErrorResponseSchema,
  PointsConfigSchema,
  RedemptionDecisionSchema,
  RedemptionStatusSchema,
  type OperatorPermission,
} from '@app/contracts';
import { currentOperator } from '../backoffice/index.ts';
import type { AdminService } from './admin.service.ts';
import type { OperatorActor } from './points.ports.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const security = [{ operator: [] }];
const Id = z.string().regex(/^[1-9]\d{0,17}$/, 'an id');

/**
 * /api/backoffice/points — promotions.manage edits items, the exchange-rate table and the
 * conversion rule; promotions.review works the fulfilment queue. Every change is audited.
 */
export function pointsAdminRoutes(deps: { admin: AdminService; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { preHandler: deps.requireOperator('promotions.manage') };
    const review = { preHandler: deps.requireOperator('promotions.review') };
    const tags = ['back-office: points'];
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get('/backoffice/points/config', { ...manage, schema: { tags, security, response: { 200: PointsConfigSchema, ...errors } } }, async () => deps.admin.config());
    app.put('/backoffice/points/config', { ...manage, schema: { tags, security, body: AdminPointsConfigInputSchema, response: { 200: PointsConfigSchema, ...errors } } }, async (request) => deps.admin.setConfig(request.body, actorOf(request)));

    app.get('/backoffice/points/items', { ...manage, schema: { tags, security, response: { 200: AdminPointsItemListSchema, ...errors } } }, async () => ({ items: await deps.admin.listItems() }));
    app.post('/backoffice/points/items', { ...manage, schema: { tags, security, body: AdminPointsItemInputSchema, response: { 201: AdminPointsItemSchema, ...errors } } }, async (request, reply) => {
      reply.code(201);
      return deps.admin.createItem(request.body, actorOf(request));
    });
    app.put('/backoffice/points/items/:id', { ...manage, schema: { tags, security, params: z.object({ id: Id }), body: AdminPointsItemInputSchema, response: { 200: AdminPointsItemSchema, ...errors } } }, async (request) =>
      deps.admin.updateItem(BigInt(request.params.id), request.body, actorOf(request)),
    );

    app.get(
      '/backoffice/points/redemptions',
      { ...review, schema: { tags, security, querystring: z.object({ status: RedemptionStatusSchema.default('in_process') }), response: { 200: AdminRedemptionListSchema, ...errors } } },
      async (request) => ({ list: await deps.admin.queue(request.query.status) }),
    );
    app.post(
      '/backoffice/points/redemptions/:id/decision',
      { ...review, schema: { tags, security, params: z.object({ id: Id }), body: RedemptionDecisionSchema, response: { 200: AdminRedemptionSchema, ...errors } } },
      async (request) => deps.admin.decide(BigInt(request.params.id), request.body, actorOf(request)),
    );
  };
}
