import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApprovalPageSchema, ApprovalQuerySchema, ApprovalRejectSchema, ApprovalRequestSchema, ErrorResponseSchema } from '@app/contracts';
import type { ApprovalActor } from './approval-kinds.ts';
import type { Approvals } from './approval.service.ts';
import { currentOperator, type createOperatorAuth } from './backoffice.auth.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const tags = ['back-office: approvals'];
const security = [{ operator: [] }];
const IdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

export const approvalActorOf = (request: FastifyRequest): ApprovalActor => {
  const operator = currentOperator(request);
  return { id: operator.id, username: operator.username, role: operator.role, ip: request.ip };
};

/**
 * /api/backoffice/approvals: the maker-checker requests an operator may see (the kinds its role
 * decides, and its own), and their decision. Each kind's permission is checked by the service.
 */
export function approvalRoutes(deps: { approvals: Approvals; auth: ReturnType<typeof createOperatorAuth> }): FastifyPluginAsyncZod {
  return async (app) => {
    const anyOperator = { preHandler: deps.auth.requireOperator() };
    app.get(
      '/backoffice/approvals',
      { ...anyOperator, schema: { tags, summary: 'Approval requests, newest first', security, querystring: ApprovalQuerySchema, response: { 200: ApprovalPageSchema, ...errors } } },
      async (request) => deps.approvals.list(approvalActorOf(request), request.query),
    );
    app.post(
      '/backoffice/approvals/:id/approve',
      {
        ...anyOperator,
        schema: {
          tags,
          summary: 'Approve another operator’s request: the change applies once, with its audit',
          description: 'Needs the kind’s permission; the maker cannot approve its own request; a decided request answers 409 backoffice.approval_not_pending.',
          security,
          params: IdParams,
          response: { 200: ApprovalRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.approvals.approve(approvalActorOf(request), BigInt(request.params.id));
      },
    );
    app.post(
      '/backoffice/approvals/:id/reject',
      { ...anyOperator, schema: { tags, summary: 'Reject another operator’s request: nothing applies', security, params: IdParams, body: ApprovalRejectSchema, response: { 200: ApprovalRequestSchema, ...errors } } },
      async (request) => deps.approvals.reject(approvalActorOf(request), BigInt(request.params.id), request.body.note),
    );
  };
}
