import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@app/kernel';
import {
  AdminPromotionListSchema,
  AdminPromotionSchema,
  ApplicationDecisionSchema,
  ApplicationReviewItemSchema,
  ApplicationReviewListSchema,
  ErrorResponseSchema,
  PromotionCostReportSchema,
  PromotionInputSchema,
  PromotionStatusChangeSchema,
  type OperatorPermission,
} from '@app/contracts';
import { currentOperator } from '../backoffice/index.ts';
import type { CostsService } from './costs.service.ts';
import type { DefinitionsService } from './definitions.service.ts';
import type { OperatorActor } from './promotions.ports.ts';
import { sendImage } from '../../platform/http/uploaded-image.ts';
import { IMAGE_MAX_AGE_S } from './promotions.routes.ts';
import type { ReviewService } from './review.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const security = [{ operator: [] }];
const Id = z.string().regex(/^[1-9]\d{0,17}$/, 'an id');
const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);

/**
 * /api/backoffice/promotions — promotions.manage defines, edits, pauses, resumes and ends
 * promotions; promotions.review works the application queue. Every change is audited.
 */
export function promotionsAdminRoutes(deps: { definitions: DefinitionsService; review: ReviewService; costs: CostsService; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { preHandler: deps.requireOperator('promotions.manage') };
    const review = { preHandler: deps.requireOperator('promotions.review') };
    const tags = ['back-office: promotions'];
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get('/backoffice/promotions', { ...manage, schema: { tags, security, response: { 200: AdminPromotionListSchema, ...errors } } }, async () => deps.definitions.list());

    /** The cost report: budget, spent, rewards by outcome, cash paid, bonus granted and what became of it, net cost. */
    app.get('/backoffice/promotions/costs', { ...manage, schema: { tags, security, response: { 200: PromotionCostReportSchema, ...errors } } }, async () => deps.costs.report());

    app.post(
      '/backoffice/promotions',
      { ...manage, schema: { tags, security, headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }), body: PromotionInputSchema, response: { 201: AdminPromotionSchema, ...errors } } },
      async (request, reply) => {
        reply.code(201);
        return deps.definitions.create(request.body, actorOf(request), request.headers['idempotency-key']);
      },
    );

    app.put('/backoffice/promotions/:id', { ...manage, schema: { tags, security, params: z.object({ id: Id }), body: PromotionInputSchema, response: { 200: AdminPromotionSchema, ...errors } } }, async (request) =>
      deps.definitions.update(BigInt(request.params.id), request.body, actorOf(request)),
    );

    app.put('/backoffice/promotions/:id/status', { ...manage, schema: { tags, security, params: z.object({ id: Id }), body: PromotionStatusChangeSchema, response: { 200: AdminPromotionSchema, ...errors } } }, async (request) =>
      deps.definitions.setStatus(BigInt(request.params.id), request.body.status, actorOf(request)),
    );

    app.get(
      '/backoffice/promotions/applications',
      { ...review, schema: { tags, security, querystring: z.object({ state: z.enum(['applying', 'approved', 'rejected']).default('applying'), promotionId: Id.optional() }), response: { 200: ApplicationReviewListSchema, ...errors } } },
      async (request) => ({ list: await deps.review.list({ state: request.query.state, promotionId: request.query.promotionId ? BigInt(request.query.promotionId) : undefined }) }),
    );

    app.post(
      '/backoffice/promotions/applications/:id/decision',
      { ...review, schema: { tags, security, params: z.object({ id: Id }), body: ApplicationDecisionSchema, response: { 200: ApplicationReviewItemSchema, ...errors } } },
      async (request) => deps.review.decide(BigInt(request.params.id), request.body, actorOf(request)),
    );

    app.get('/backoffice/promotions/application-images/:imageId', { ...review, schema: { tags, security, params: z.object({ imageId: Id }) } }, async (request, reply) => {
      const image = await deps.review.image(BigInt(request.params.imageId));
      if (!image) throw new AppError('promotions.not_found', 'no such image');
      return sendImage(reply, image, IMAGE_MAX_AGE_S);
    });
  };
}
