import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@app/contracts';
import { currentOperator, type OperatorAuth } from './backoffice.auth.ts';
import { OperatorLoginRequestSchema, OperatorLoginResponseSchema, OperatorPasswordChangeRequestSchema, OperatorSessionResponseSchema } from './backoffice.schemas.ts';
import { bearerToken } from './operator-session-token.ts';
import type { OperatorProfile, OperatorSessionService } from './operator-session.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema };
const bearer = [{ operator: [] }];

export function presentSession(operator: OperatorProfile) {
  return {
    operator: { id: operator.id.toString(), username: operator.username, displayName: operator.displayName, role: operator.role },
    mustChangePassword: operator.mustChangePassword,
  };
}

const LOGIN_DESCRIPTION = [
  'Password and, for an operator with two-factor authentication, `totp` (or `recoveryCode`) in the same request;',
  'without a code: 401 backoffice.totp_required. An operator without two-factor authentication gets',
  '`status: enrolment_required` and a 5-minute enrolment token for /api/backoffice/2fa/enrol and /confirm, never a session.',
  'Failures are counted per username and address: from the third, that address waits 30 s, then 1, 2, 4… minutes (at most 15;',
  '429 backoffice.login_locked with retryAfterSeconds); after 3 failures of the username (or 10 from one address) addresses the operator',
  'has not logged in from before must send `captcha` from GET /api/captcha (400 auth.captcha_required). A username is never locked.',
  '5 wrong codes lock code entry likewise (429 backoffice.totp_locked). From outside the IP allow-list: 403 backoffice.ip_not_allowed.',
].join(' ');

/** Operator login, current operator and logout under /backoffice/session. */
export function backofficeRoutes(deps: { sessions: OperatorSessionService; auth: OperatorAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/backoffice/session',
      {
        schema: {
          tags: ['backoffice'],
          summary: 'Operator login with two-factor authentication; answers an opaque bearer token or an enrolment step',
          description: LOGIN_DESCRIPTION,
          body: OperatorLoginRequestSchema,
          response: { 200: OperatorLoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await deps.sessions.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
        if (result.status === 'enrolment_required') {
          return { status: result.status, enrolmentToken: result.enrolmentToken, expiresAt: result.expiresAt.toISOString(), operator: presentSession(result.operator).operator };
        }
        return { status: result.status, token: result.token, ...presentSession(result.operator) };
      },
    );

    app.get(
      '/backoffice/session',
      {
        schema: { tags: ['backoffice'], summary: 'The logged-in operator', security: bearer, response: { 200: OperatorSessionResponseSchema, ...errors } },
        preHandler: deps.auth.requireOperator(),
      },
      async (request) => presentSession(await deps.sessions.getProfile(currentOperator(request).id)),
    );

    app.put(
      '/backoffice/session/password',
      {
        schema: {
          tags: ['backoffice'],
          summary: "The operator's own password change (forced after a temporary password); the operator's other sessions end",
          security: bearer,
          body: OperatorPasswordChangeRequestSchema,
          response: { 204: z.null(), ...errors },
        },
        preHandler: deps.auth.requireOperator(),
      },
      async (request, reply) => {
        const token = bearerToken(request.headers.authorization) ?? '';
        await deps.sessions.changePassword(currentOperator(request), token, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/backoffice/session',
      {
        schema: { tags: ['backoffice'], summary: 'Operator logout: the token is revoked at once', security: bearer, response: { 204: z.null(), ...errors } },
        preHandler: deps.auth.requireOperator(),
      },
      async (request, reply) => {
        // requireOperator has just accepted this header, so the token is present and well formed.
        const token = bearerToken(request.headers.authorization) ?? '';
        await deps.sessions.logout(token, currentOperator(request), { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
        return reply.code(204).send(null);
      },
    );
  };
}
