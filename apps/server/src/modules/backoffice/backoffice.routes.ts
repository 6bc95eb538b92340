import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@app/contracts';
import { currentOperator, type OperatorAuth } from './backoffice.auth.ts';
import { OperatorLoginRequestSchema, OperatorLoginResponseSchema, OperatorSessionResponseSchema } from './backoffice.schemas.ts';
import { bearerToken } from './operator-session-token.ts';
import type { OperatorProfile, OperatorSessionService } from './operator-session.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema };
const bearer = [{ bearer: [] }];

function presentSession(operator: OperatorProfile) {
  return {
    operator: { id: operator.id.toString(), username: operator.username, displayName: operator.displayName, role: operator.role },
    mustChangePassword: operator.mustChangePassword,
  };
}

/** Operator login, current operator and logout under /backoffice/session. */
export function backofficeRoutes(deps: { sessions: OperatorSessionService; auth: OperatorAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/backoffice/session',
      {
        schema: {
          tags: ['backoffice'],
          summary: 'Operator login; answers an opaque bearer token',
          description: '5 failed logins for a username within 15 minutes lock that username for 15 minutes (429 backoffice.login_locked).',
          body: OperatorLoginRequestSchema,
          response: { 200: OperatorLoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { token, operator } = await deps.sessions.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
        return { token, ...presentSession(operator) };
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
