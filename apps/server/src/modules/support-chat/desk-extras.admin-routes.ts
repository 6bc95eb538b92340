import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SupportAdminParamsSchema, SupportCannedRepliesSchema, SupportCannedReplyInputSchema, SupportCannedReplySchema, SupportReportQuerySchema, SupportReportSchema } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { AuditEntry, OperatorPreHandler } from '../backoffice/index.ts';
import * as extras from './desk-extras.repository.ts';
import { ERRORS, operatorOf, schema } from './support.admin-routes.ts';
import { SUPPORT_PERMISSION } from './support.events.ts';

const cannedView = (row: extras.CannedRow) => ({ id: row.id.toString(), shortcut: row.shortcut, body: row.body, updatedAt: row.updated_at.toISOString() });
const MAX_REPORT_DAYS = 93;

/** /api/backoffice/support/canned-replies (the composer's shortcuts) and /support/report (first response, resolution). */
export function deskExtrasAdminRoutes(deps: { db: Db; requireOperator: (permission: 'support.chat') => OperatorPreHandler; audit: (executor: DbExecutor, entry: AuditEntry) => Promise<void>; timeZone: () => Promise<string> }): FastifyPluginAsyncZod {
  const chat = { preHandler: deps.requireOperator(SUPPORT_PERMISSION) };
  const audited = (request: Parameters<typeof operatorOf>[0], action: string, row: extras.CannedRow) => {
    const operator = operatorOf(request);
    return { operatorId: operator.id, action: `support.canned.${action}`, targetType: 'support_canned_reply', targetId: row.id.toString(), details: { shortcut: row.shortcut }, ip: operator.ip };
  };
  return async (app) => {
    app.get('/backoffice/support/canned-replies', { schema: schema('Canned replies by shortcut', { response: { 200: SupportCannedRepliesSchema, ...ERRORS } }), ...chat }, async () => ({ replies: (await extras.listCanned(deps.db)).map(cannedView) }));

    app.post('/backoffice/support/canned-replies', { schema: schema('Add a canned reply', { body: SupportCannedReplyInputSchema, response: { 201: SupportCannedReplySchema, ...ERRORS } }), ...chat }, async (request, reply) => {
      const row = await deps.db.transaction().execute(async (tx) => {
        const inserted = await extras.insertCanned(tx, { ...request.body, operatorId: operatorOf(request).id });
        if (!inserted) throw new AppError('support.shortcut_taken', 'that shortcut exists');
        await deps.audit(tx, audited(request, 'created', inserted));
        return inserted;
      });
      return reply.code(201).send(cannedView(row));
    });

    app.put('/backoffice/support/canned-replies/:id', { schema: schema('Change a canned reply', { params: SupportAdminParamsSchema, body: SupportCannedReplyInputSchema, response: { 200: SupportCannedReplySchema, ...ERRORS } }), ...chat }, async (request) => {
      const row = await deps.db.transaction().execute(async (tx) => {
        const updated = await extras.updateCanned(tx, BigInt(request.params.id), { ...request.body, operatorId: operatorOf(request).id }).catch((error: { code?: string }) => {
          if (error.code === '23505') throw new AppError('support.shortcut_taken', 'that shortcut exists');
          throw error;
        });
        if (!updated) throw new AppError('support.canned_not_found', 'no such canned reply');
        await deps.audit(tx, audited(request, 'updated', updated));
        return updated;
      });
      return cannedView(row);
    });

    app.delete('/backoffice/support/canned-replies/:id', { schema: schema('Remove a canned reply', { params: SupportAdminParamsSchema, response: { 204: z.null(), ...ERRORS } }), ...chat }, async (request, reply) => {
      await deps.db.transaction().execute(async (tx) => {
        const rows = await extras.listCanned(tx);
        const row = rows.find((candidate) => candidate.id === BigInt(request.params.id));
        if (!row || !(await extras.deleteCanned(tx, row.id))) throw new AppError('support.canned_not_found', 'no such canned reply');
        await deps.audit(tx, audited(request, 'deleted', row));
      });
      return reply.code(204).send(null);
    });

    app.get('/backoffice/support/report', { schema: schema('First-response and resolution times per day (site time zone) and in total', { querystring: SupportReportQuerySchema, response: { 200: SupportReportSchema, ...ERRORS } }), ...chat }, async (request) => {
      const { from, to } = request.query;
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (!(days >= 0 && days < MAX_REPORT_DAYS)) throw new AppError('support.report_range_invalid', 'from must be before to, at most 93 days');
      return extras.report(deps.db, { from, to, timeZone: await deps.timeZone() });
    });
  };
}
