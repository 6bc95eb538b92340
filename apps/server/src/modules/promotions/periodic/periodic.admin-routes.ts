import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, PeriodicConfigInputSchema, PeriodicConfigSchema, PeriodicRunListSchema, PeriodicRunRequestSchema, PeriodicRunSchema, type OperatorPermission } from '@app/contracts';
import { currentOperator } from '../../backoffice/index.ts';
import type { OperatorActor } from '../promotions.ports.ts';
import type { PeriodicService } from './periodic.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const security = [{ operator: [] }];
const Id = z.string().regex(/^[1-9]\d{0,17}$/, 'an id');

/**
 * /api/backoffice/promotions — periodic rewards (promotions.manage, like the definitions): a
 * rebate or cashback promotion's rule, its runs, and running a period again. Changes are audited.
 */
export function periodicAdminRoutes(deps: { periodic: PeriodicService; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { preHandler: deps.requireOperator('promotions.manage') };
    const tags = ['back-office: promotions'];
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get('/backoffice/promotions/:id/periodic', { ...manage, schema: { tags, security, params: z.object({ id: Id }), response: { 200: PeriodicConfigSchema, ...errors } } }, async (request) =>
      deps.periodic.config(BigInt(request.params.id)),
    );

    app.put(
      '/backoffice/promotions/:id/periodic',
      { ...manage, schema: { tags, security, params: z.object({ id: Id }), body: PeriodicConfigInputSchema, response: { 200: PeriodicConfigSchema, ...errors } } },
      async (request) => deps.periodic.saveConfig(BigInt(request.params.id), request.body, actorOf(request)),
    );

    app.get(
      '/backoffice/promotions/periodic-runs',
      { ...manage, schema: { tags, security, querystring: z.object({ promotionId: Id.optional() }), response: { 200: PeriodicRunListSchema, ...errors } } },
      async (request) => ({ list: await deps.periodic.runs(request.query.promotionId ? BigInt(request.query.promotionId) : undefined) }),
    );

    // Runs (or runs again) one period: answered when the run is open; its batches follow in the
    // background and the runs list shows its progress. Members rewarded before are skipped.
    app.post(
      '/backoffice/promotions/:id/periodic-runs',
      { ...manage, schema: { tags, security, params: z.object({ id: Id }), body: PeriodicRunRequestSchema, response: { 202: PeriodicRunSchema, ...errors } } },
      async (request, reply) => {
        reply.code(202);
        return deps.periodic.startRun(BigInt(request.params.id), request.body.periodFrom, actorOf(request), (error, runId) =>
          request.log.error({ err: error, runId: runId.toString() }, 'periodic reward run failed'),
        );
      },
    );
  };
}
