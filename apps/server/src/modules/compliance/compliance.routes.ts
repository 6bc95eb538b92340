import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ComplianceAcknowledgeSchema,
  ComplianceAlertListSchema,
  ComplianceAlertQuerySchema,
  ComplianceExtractQuerySchema,
  ComplianceHistoryQuerySchema,
  ComplianceSettingsSchema,
  COMPLIANCE_PATTERNS,
  ErrorResponseSchema,
  type CompliancePattern,
  type OperatorPermission,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { ComplianceService } from './compliance.service.ts';
import { parseDay, parseRange } from './days.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };
const PAGE_SIZE = 20;

function sendStream(reply: FastifyReply, contentType: string, fileName: string, chunks: AsyncIterable<string>) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}

/** /api/compliance: the member's financial history as CSV and the LGPD export as JSON. */
export function complianceRoutes(deps: { service: ComplianceService; requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['compliance'];
    const security = [{ bearer: [] }];
    app.get(
      '/compliance/history.csv',
      {
        preHandler: deps.requireMember,
        schema: { tags, security, summary: 'My full financial history (every ledger movement) as CSV, pt-BR spreadsheet format (docs/compliance.md)', querystring: ComplianceHistoryQuerySchema.extend({ lang: z.enum(['pt', 'en']).default('pt') }), produces: ['text/csv'], response: errors },
      },
      async (request, reply) => {
        const { from, to, lang } = request.query;
        const range = from === undefined && to === undefined ? undefined : parseRange(from, to, 366);
        const memberId = currentMember(request).id;
        const { chunks, fileName } = await deps.service.historyCsv(memberId, range, lang);
        return sendStream(reply, 'text/csv; charset=utf-8', fileName, chunks);
      },
    );
    app.get(
      '/compliance/export.json',
      { preHandler: deps.requireMember, schema: { tags, security, summary: 'Everything held about me (LGPD) as JSON; once an hour', produces: ['application/json'], response: errors } },
      async (request, reply) => {
        const { chunks, fileName } = await deps.service.lgpdExport(currentMember(request).id, request.ip);
        return sendStream(reply, 'application/json; charset=utf-8', fileName, chunks);
      },
    );
  };
}

/** /api/backoffice/compliance: risk alerts (list, acknowledge), thresholds, the regulator extract. */
export function complianceAdminRoutes(deps: { service: ComplianceService; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { preHandler: deps.requireOperator('compliance.read') };
    const manage = { preHandler: deps.requireOperator('settings.manage') };
    const tags = ['back-office: compliance'];
    const security = [{ operator: [] }];
    const actorOf = (request: FastifyRequest) => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get('/backoffice/compliance/alerts', { ...read, schema: { tags, security, summary: 'Risk alerts, newest first, by status, pattern, account and day', querystring: ComplianceAlertQuerySchema, response: { 200: ComplianceAlertListSchema, ...errors } } }, async (request) => {
      const { status, pattern, account, from, to, page } = request.query;
      const days = from === undefined && to === undefined ? {} : from !== undefined && to !== undefined ? parseRange(from, to, 366) : { [from !== undefined ? 'from' : 'to']: parseDay(from ?? to, from !== undefined ? 'from' : 'to') };
      return { ...(await deps.service.listAlerts({ status, pattern, account, ...days, page, pageSize: PAGE_SIZE })), page, pageSize: PAGE_SIZE };
    });
    app.post(
      '/backoffice/compliance/alerts/:id/acknowledge',
      { ...read, schema: { tags, security, summary: 'Acknowledges an open alert with a note (audited)', params: z.object({ id: z.string().regex(/^\d{1,18}$/) }), body: ComplianceAcknowledgeSchema, response: { 200: z.object({ status: z.literal('acknowledged') }), ...errors } } },
      async (request) => {
        await deps.service.acknowledge(BigInt(request.params.id), request.body.note, actorOf(request));
        return { status: 'acknowledged' as const };
      },
    );
    app.post(
      '/backoffice/compliance/alerts/evaluate',
      { ...read, schema: { tags, security, summary: "Runs the patterns now (the job's pass; idempotent)", response: { 200: z.object({ created: z.record(z.enum(COMPLIANCE_PATTERNS), z.number()) }), ...errors } } },
      async () => ({ created: (await deps.service.evaluate()) as Record<CompliancePattern, number> }),
    );
    app.get('/backoffice/compliance/settings', { ...read, schema: { tags, security, summary: 'The alert thresholds', response: { 200: ComplianceSettingsSchema, ...errors } } }, async () => deps.service.settings());
    app.put(
      '/backoffice/compliance/settings',
      { ...manage, schema: { tags, security, summary: 'Changes the alert thresholds (audited)', body: ComplianceSettingsSchema, response: { 200: ComplianceSettingsSchema, ...errors } } },
      async (request) => deps.service.saveSettings(request.body, actorOf(request)),
    );
    app.get(
      '/backoffice/compliance/extract',
      { ...read, schema: { tags, security, summary: "A day's regulator extract: one family (bets, wallet, bettors) as CSV or JSON (docs/regulator-extract.md; audited)", querystring: ComplianceExtractQuerySchema, produces: ['text/csv', 'application/json'], response: errors } },
      async (request, reply) => {
        const day = parseDay(request.query.day, 'day');
        const { family, format } = request.query;
        const { chunks, fileName } = await deps.service.extract(day, family, format, actorOf(request));
        return sendStream(reply, format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8', fileName, chunks);
      },
    );
  };
}
