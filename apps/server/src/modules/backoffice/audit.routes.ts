import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditChainReportSchema, AuditPageSchema, AuditSearchQuerySchema, ErrorResponseSchema, SecurityAlertsSchema } from '@app/contracts';
import type { Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { searchAuditLog } from './audit-log.ts';
import { listSecurityAlerts } from './audit.repository.ts';
import type { OperatorAuth } from './backoffice.auth.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const security = [{ operator: [] }];
const tags = ['back-office: audit'];

/** /api/backoffice/audit: search the operator audit log and verify its hash chain (audit.read: owner, risk). */
export function auditRoutes(deps: { db: Db; auth: OperatorAuth; clock: Clock }): FastifyPluginAsyncZod {
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

    app.get(
      '/backoffice/security/alerts',
      {
        ...reader,
        schema: {
          tags,
          summary: 'Usernames that kept failing to log in within the last 24 hours (shown on the console dashboard), newest first',
          security,
          response: { 200: SecurityAlertsSchema, ...errors },
        },
      },
      async () => {
        const rows = await listSecurityAlerts(deps.db, new Date(deps.clock.now().getTime() - 24 * 3_600_000), 20);
        return {
          alerts: rows.map((row) => {
            const details = row.details as { username?: unknown; failures?: unknown; lastIp?: unknown };
            return {
              at: row.created_at.toISOString(),
              username: String(details.username ?? ''),
              failures: Number(details.failures ?? 0),
              lastIp: typeof details.lastIp === 'string' ? details.lastIp : null,
            };
          }),
        };
      },
    );
  };
}
