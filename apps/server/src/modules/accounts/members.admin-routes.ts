import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  hasPermission,
  MemberDetailSchema,
  MemberIdParamsSchema,
  MemberNoteCreateSchema,
  MemberNoteSchema,
  MemberPasswordResetResultSchema,
  MemberSearchPageSchema,
  MemberSearchQuerySchema,
  MemberStatusChangeSchema,
  MemberStatusResultSchema,
  type OperatorPermission,
  type OperatorRole,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import type { AuditWriter, MemberOperator, MembersAdminService } from './members.admin-service.ts';

/** What the back-office module lends us: operator sessions by permission, and its append-only audit. */
export interface OperatorAccess {
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  audit: AuditWriter;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const security = [{ operator: [] }];
const tags = ['back-office: members'];

function operatorOf(request: FastifyRequest): MemberOperator {
  const operator = (request as FastifyRequest & { operator?: { id: bigint; username: string; role: OperatorRole } | null }).operator;
  if (!operator) throw new AppError('auth.required', 'operator session required');
  return { id: operator.id, username: operator.username, seesPii: hasPermission(operator.role, 'members.pii'), ip: request.ip };
}

/**
 * /api/backoffice/members: search and the member page (members.read; CPF, mobile and e-mail in
 * full only with members.pii), lock and unlock (members.lock), temporary password
 * (members.password.reset), notes (members.notes). Money, bets and payments are served by their
 * own modules under the same path.
 */
export function membersAdminRoutes(deps: { members: MembersAdminService; operators: OperatorAccess }): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = (permission: OperatorPermission) => ({ preHandler: deps.operators.requireOperator(permission) });

    app.get(
      '/backoffice/members',
      {
        ...guard('members.read'),
        schema: { tags, summary: 'Find members by account, e-mail, CPF, mobile or address', security, querystring: MemberSearchQuerySchema, response: { 200: MemberSearchPageSchema, ...errors } },
      },
      async (request) => deps.members.search(operatorOf(request), request.query),
    );

    app.get(
      '/backoffice/members/:id',
      { ...guard('members.read'), schema: { tags, summary: 'The member page', security, params: MemberIdParamsSchema, response: { 200: MemberDetailSchema, ...errors } } },
      async (request) => deps.members.detail(operatorOf(request), BigInt(request.params.id)),
    );

    app.post(
      '/backoffice/members/:id/lock',
      {
        ...guard('members.lock'),
        schema: { tags, summary: 'Lock the member: no login, live sessions end', security, params: MemberIdParamsSchema, body: MemberStatusChangeSchema, response: { 200: MemberStatusResultSchema, ...errors } },
      },
      async (request) => deps.members.lock(operatorOf(request), BigInt(request.params.id), request.body.reason),
    );

    app.post(
      '/backoffice/members/:id/unlock',
      {
        ...guard('members.lock'),
        schema: { tags, summary: 'Unlock the member', security, params: MemberIdParamsSchema, body: MemberStatusChangeSchema, response: { 200: MemberStatusResultSchema, ...errors } },
      },
      async (request) => deps.members.unlock(operatorOf(request), BigInt(request.params.id), request.body.reason),
    );

    app.post(
      '/backoffice/members/:id/password-reset',
      {
        ...guard('members.password.reset'),
        schema: {
          tags,
          summary: 'A temporary password, shown once; the member must change it at the next login',
          security,
          params: MemberIdParamsSchema,
          response: { 200: MemberPasswordResetResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        // The password is in this answer only: nothing may keep it.
        reply.header('cache-control', 'no-store');
        return deps.members.resetPassword(operatorOf(request), BigInt(request.params.id));
      },
    );

    app.post(
      '/backoffice/members/:id/notes',
      { ...guard('members.notes'), schema: { tags, summary: 'Add a note (append-only)', security, params: MemberIdParamsSchema, body: MemberNoteCreateSchema, response: { 201: MemberNoteSchema, ...errors } } },
      async (request, reply) => {
        const note = await deps.members.addNote(operatorOf(request), BigInt(request.params.id), request.body.body);
        reply.code(201);
        return note;
      },
    );
  };
}
