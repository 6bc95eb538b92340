import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { currentOperator, type OperatorAuth } from './backoffice.auth.ts';
import * as operators from './backoffice.repository.ts';
import { OperatorCreatedResponseSchema, OperatorCreateRequestSchema, OperatorIdParamsSchema, OperatorListResponseSchema } from './backoffice.schemas.ts';
import type { OperatorRole } from './operator-role.ts';
import { createOperatorWithTemporaryPassword } from './operator-creation.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const security = [{ operator: [] }];
const tags = ['backoffice'];

/** /api/backoffice/operators (operators.manage: the owner): the list, and another operator's two-factor reset. */
export function operatorsRoutes(deps: { db: Db; twoFactor: TwoFactorService; auth: OperatorAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/operators',
      {
        preHandler: deps.auth.requireOperator('operators.manage'),
        schema: { tags, summary: 'Operators, with whether two-factor authentication is on', security, response: { 200: OperatorListResponseSchema, ...errors } },
      },
      async () => ({
        operators: (await operators.listOperators(deps.db)).map((row) => ({
          id: row.id.toString(),
          username: row.username,
          displayName: row.display_name,
          role: row.role as OperatorRole,
          status: row.status as 'active' | 'locked',
          twoFactorEnabled: row.totp_status === 'active',
          createdAt: row.created_at.toISOString(),
        })),
      }),
    );

    app.post(
      '/backoffice/operators',
      {
        preHandler: deps.auth.requireOperator('operators.manage'),
        schema: {
          tags,
          summary: 'A new operator with a temporary password (shown once): they change it and set up two-factor authentication at their first login',
          security,
          body: OperatorCreateRequestSchema,
          response: { 201: OperatorCreatedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentOperator(request);
        const created = await createOperatorWithTemporaryPassword(deps.db, request.body, { actorId: actor.id, ip: request.ip });
        const { username, displayName, role, temporaryPassword } = created;
        return reply.code(201).send({ operator: { id: created.id.toString(), username, displayName, role }, temporaryPassword });
      },
    );

    app.delete(
      '/backoffice/operators/:id/2fa',
      {
        preHandler: deps.auth.requireOperator('operators.manage'),
        schema: {
          tags,
          summary: "Reset another operator's two-factor authentication: key and recovery codes removed, sessions ended; they enrol again at their next login",
          security,
          params: OperatorIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentOperator(request);
        await deps.twoFactor.reset({ id: actor.id, ip: request.ip }, BigInt(request.params.id));
        return reply.code(204).send(null);
      },
    );
  };
}
