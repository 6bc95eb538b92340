import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CredentialResetCompleteRequestSchema,
  CredentialResetCompleteResponseSchema,
  CredentialResetCreatedSchema,
  CredentialResetInspectRequestSchema,
  CredentialResetInspectResponseSchema,
  ErrorResponseSchema,
  OperatorChangeResponseSchema,
  OperatorRoleRequestSchema,
  OperatorStatusRequestSchema,
} from '@app/contracts';
import { currentOperator, type OperatorAuth } from './backoffice.auth.ts';
import { OperatorIdParamsSchema } from './backoffice.schemas.ts';
import type { CredentialResetService } from './operator-credential-reset.service.ts';
import type { OperatorChange, OperatorLifecycleService } from './operator-lifecycle.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const publicErrors = { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 410: ErrorResponseSchema };
const security = [{ operator: [] }];
const tags = ['backoffice'];

const presentChange = ({ operator, changed, sessionsEnded }: OperatorChange) => ({ operator: { ...operator, id: operator.id.toString() }, changed, sessionsEnded });

/**
 * An operator's lifecycle (operators.manage: owners): disable or re-enable, change the role,
 * reset the password and two-factor with a one-time link; and the link's two public calls the
 * reset operator's console page makes (the token in the body, never in a URL a log keeps).
 */
export function operatorLifecycleRoutes(deps: { lifecycle: OperatorLifecycleService; resets: CredentialResetService; auth: OperatorAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = deps.auth.requireOperator('operators.manage');

    app.put(
      '/backoffice/operators/:id/status',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: "Disable ('locked': sessions end at once, no login) or re-enable ('active') an operator",
          description: 'Sending the status the operator already has changes nothing (changed: false). 409 backoffice.self_disable_refused for oneself, backoffice.last_owner for the last active owner.',
          security,
          params: OperatorIdParamsSchema,
          body: OperatorStatusRequestSchema,
          response: { 200: OperatorChangeResponseSchema, ...errors },
        },
      },
      async (request) => presentChange(await deps.lifecycle.setStatus({ id: currentOperator(request).id, ip: request.ip }, BigInt(request.params.id), request.body.status)),
    );

    app.put(
      '/backoffice/operators/:id/role',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: "Change an operator's role; it applies from the operator's next request",
          description: 'The same role again changes nothing (changed: false). 409 backoffice.last_owner when the last active owner would stop being one.',
          security,
          params: OperatorIdParamsSchema,
          body: OperatorRoleRequestSchema,
          response: { 200: OperatorChangeResponseSchema, ...errors },
        },
      },
      async (request) => presentChange(await deps.lifecycle.changeRole({ id: currentOperator(request).id, ip: request.ip }, BigInt(request.params.id), request.body.role)),
    );

    app.post(
      '/backoffice/operators/:id/credential-reset',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: "Reset another operator's password and two-factor: both stop working and the sessions end; answers a one-time link token (24 h)",
          description: 'The console shows /admin/reset#<token> once. A newer reset replaces the link. 409 backoffice.self_reset_refused for oneself; 403 backoffice.operator_locked for a disabled operator.',
          security,
          params: OperatorIdParamsSchema,
          response: { 201: CredentialResetCreatedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await deps.resets.create({ id: currentOperator(request).id, ip: request.ip }, BigInt(request.params.id));
        return reply.code(201).send({ token: created.token, expiresAt: created.expiresAt.toISOString() });
      },
    );

    app.post(
      '/backoffice/credential-reset/inspect',
      {
        schema: {
          tags,
          summary: 'Whose reset link this is, while it works (410 backoffice.reset_link_invalid once used, replaced or expired)',
          body: CredentialResetInspectRequestSchema,
          response: { 200: CredentialResetInspectResponseSchema, ...publicErrors },
        },
      },
      async (request) => {
        const link = await deps.resets.inspect(request.body.token, request.ip);
        return { username: link.username, displayName: link.displayName, expiresAt: link.expiresAt.toISOString() };
      },
    );

    app.post(
      '/backoffice/credential-reset/complete',
      {
        schema: {
          tags,
          summary: "The reset operator's new password spends the link; answers the enrolment step (POST /api/backoffice/2fa/enrol and /confirm)",
          description: '400 backoffice.password_weak leaves the link working; 410 backoffice.reset_link_invalid when it was used, replaced or has expired.',
          body: CredentialResetCompleteRequestSchema,
          response: { 200: CredentialResetCompleteResponseSchema, ...publicErrors },
        },
      },
      async (request) => {
        const done = await deps.resets.complete(request.body.token, request.body.newPassword, request.ip);
        const { id, username, displayName, role } = done.operator;
        return { status: 'enrolment_required' as const, enrolmentToken: done.enrolmentToken, expiresAt: done.expiresAt.toISOString(), operator: { id: id.toString(), username, displayName, role } };
      },
    );
  };
}
