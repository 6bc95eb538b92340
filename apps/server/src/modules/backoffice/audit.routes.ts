import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditChainReportSchema, AuditPageSchema, AuditSearchQuerySchema, ErrorResponseSchema } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { searchAuditLog } from './audit-log.ts';
import type { OperatorAuth } from './backoffice.auth.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const security = [{ operator: [] }];
const tags = ['back-office: audit'];

/** /api/backoffice/audit: search the operator audit log and verify its hash chain (audit.read: owner, risk). */
export function auditRoutes(deps: { db: Db; auth: OperatorAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    const reader = { preHandler: deps.auth.requireOperator('audit.read') };

    app.get(
      '/backoffice/audit',
      {
        ...reader,
        schema: {
          tags,
          summary: 'Audit rows by operator, action prefix, target and time, newest first',
          security,
          querystring: AuditSearchQuerySchema,
          response: { 200: AuditPageSchema, ...errors },
        },
      },
      async (request) => searchAuditLog(deps.db, request.query),
    );

    app.get(
      '/backoffice/audit/verify',
      {
        ...reader,
        schema: {
          tags,
          summary: 'Recompute the audit hash chain; answers the first row that does not verify',
          security,
          response: { 200: AuditChainReportSchema, ...errors },
        },
      },
      async () => verifyAuditChain(deps.db),
    );
  };
}
