import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ErrorResponseSchema } from '@app/contracts';
import { AppError } from '@app/kernel';
import { hashPassword } from '../../platform/security/passwords.ts';
import { audit } from './audit.ts';
import type { Db } from '../../platform/db.ts';
import { currentOperator, type OperatorAuth } from './backoffice.auth.ts';
import * as operators from './backoffice.repository.ts';
import { OperatorCreatedResponseSchema, OperatorCreateRequestSchema, OperatorIdParamsSchema, OperatorListResponseSchema } from './backoffice.schemas.ts';
import type { OperatorRole } from './operator-role.ts';
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
        const { username, displayName, role } = request.body;
        // 18 random bytes: 24 base64url characters, always with letters; the digit keeps it within the policy.
        const temporaryPassword = `${randomBytes(18).toString('base64url')}7`;
        const passwordHash = await hashPassword(temporaryPassword);
        const created = await deps.db.transaction().execute(async (tx) => {
          if (!(await operators.insertOperatorIfAbsent(tx, { username, displayName, role, passwordHash, mustChangePassword: true }))) return undefined;
          const row = await operators.findOperatorByUsername(tx, username);
          if (!row) return undefined;
          await audit(tx, { operatorId: actor.id, action: 'backoffice.operator.created', targetType: 'backoffice_operator', targetId: String(row.id), details: { after: { username, displayName, role } }, ip: request.ip });
          return row;
        });
        if (!created) throw new AppError('backoffice.username_taken', 'an operator with this username exists');
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
