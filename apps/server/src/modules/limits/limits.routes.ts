import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminMemberLimitsSchema, ErrorResponseSchema, LimitsOverviewSchema, LimitsStatusSchema, RealityCheckSchema, SetLimitSchema, type OperatorPermission } from '@app/contracts';
import { AppError } from '@app/kernel';
import { currentMember } from '../accounts/index.ts';
import type { LimitsPorts } from './limits.ports.ts';
import type { LimitsService } from './limits.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const bearer = [{ bearer: [] }];

/** /api/limits: the member's responsible-gaming limits, reality-check interval and the session poll. */
export function limitsRoutes(deps: { service: LimitsService; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['limits'];
    const real = { preHandler: deps.requireRealMember };
    app.get('/limits', { ...real, schema: { tags, security: bearer, summary: 'My limits, what each period has used, pending changes and the reality-check interval', response: { 200: LimitsOverviewSchema, ...errors } } }, async (request) =>
      deps.service.overview(currentMember(request).id),
    );
    app.put(
      '/limits',
      { ...real, schema: { tags, security: bearer, summary: 'Sets, lowers, raises or removes one limit (raising and removing wait 24 hours)', body: SetLimitSchema, response: { 200: LimitsOverviewSchema.extend({ applied: z.enum(['now', 'pending', 'noop', 'cancel_pending']) }), ...errors } } },
      async (request) => {
        const result = await deps.service.set(currentMember(request).id, request.body);
        return { ...result.overview, applied: result.applied };
      },
    );
    app.delete(
      '/limits/pending/:id',
      { ...real, schema: { tags, security: bearer, summary: 'Cancels a pending raise or removal', params: z.object({ id: z.string().regex(/^\d{1,18}$/) }), response: { 200: LimitsOverviewSchema, ...errors } } },
      async (request) => deps.service.cancelPending(currentMember(request).id, BigInt(request.params.id)),
    );
    app.put('/limits/reality-check', { ...real, schema: { tags, security: bearer, summary: 'How often the reality check shows (minutes)', body: RealityCheckSchema, response: { 200: LimitsOverviewSchema, ...errors } } }, async (request) =>
      deps.service.setRealityCheck(currentMember(request).id, request.body.minutes),
    );
    app.get('/limits/status', { preHandler: deps.requireMember, schema: { tags, security: bearer, summary: 'This session: time, net result, the session-time limit (ends the session when reached) and new 80 % alerts', response: { 200: LimitsStatusSchema, ...errors } } }, async (request) => {
      const member = currentMember(request);
      return deps.service.status(member.id, member.tokenHash);
    });
  };
}

/** /api/backoffice/limits: a member's limits, pending changes and history (rg.read). */
export function limitsAdminRoutes(deps: { service: LimitsService; ports: Pick<LimitsPorts, 'memberIdOf' | 'accountNamesOf'>; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['back-office: limits'];
    app.get(
      '/backoffice/limits/members/:account',
      { preHandler: deps.requireOperator('rg.read'), schema: { tags, security: [{ operator: [] }], summary: "A member's limits, pending changes and history, by account", params: z.object({ account: z.string().trim().min(1).max(64) }), response: { 200: AdminMemberLimitsSchema, ...errors } } },
      async (request) => {
        const memberId = await deps.ports.memberIdOf(request.params.account);
        if (memberId === undefined) throw new AppError('limits.not_found', 'no such member');
        const overview = await deps.service.overview(memberId);
        const names = await deps.ports.accountNamesOf([memberId]);
        return { member: { id: memberId.toString(), account: names.get(memberId) ?? request.params.account }, limits: overview.limits, realityCheckMinutes: overview.realityCheckMinutes, history: await deps.service.history(memberId) };
      },
    );
  };
}
