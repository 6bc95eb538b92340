import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSchema, ErrorResponseSchema, GgrReportQuerySchema, GgrReportSchema, PaymentsReportSchema, ReportRangeQuerySchema } from '@app/contracts';
import type { OperatorAccess } from './reports.ports.ts';
import { ggrCsv, paymentsCsv, type ReportsService } from './reports.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const bearer = [{ operator: [] }];
const tags = ['back-office: reports'];

function sendCsv(reply: FastifyReply, name: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** /api/backoffice/dashboard and /api/backoffice/reports/*: read only, permission reports.read. */
export function reportsRoutes(deps: { reports: ReportsService; operators: OperatorAccess }): FastifyPluginAsyncZod {
  return async (app) => {
    const reader = { preHandler: deps.operators.requireOperator('reports.read') };

    app.get(
      '/backoffice/dashboard',
      { ...reader, schema: { tags, summary: "Today's figures (site time zone), ledger check and system status", security: bearer, response: { 200: DashboardSchema, ...errors } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.reports.dashboard();
      },
    );

    app.get(
      '/backoffice/reports/ggr',
      { ...reader, schema: { tags, summary: 'Bets, wins, GGR and NGR per day, product type or vendor', security: bearer, querystring: GgrReportQuerySchema, response: { 200: GgrReportSchema, ...errors } } },
      async (request) => deps.reports.ggr(request.query),
    );

    app.get(
      '/backoffice/reports/ggr.csv',
      { ...reader, schema: { tags, summary: 'The GGR report as CSV', security: bearer, querystring: GgrReportQuerySchema, produces: ['text/csv'], response: errors } },
      async (request, reply) => {
        const report = await deps.reports.ggr(request.query);
        return sendCsv(reply, `ggr-${report.groupBy}-${report.from}-${report.to}.csv`, ggrCsv(report));
      },
    );

    app.get(
      '/backoffice/reports/payments',
      { ...reader, schema: { tags, summary: 'Deposits credited and withdrawals paid per day', security: bearer, querystring: ReportRangeQuerySchema, response: { 200: PaymentsReportSchema, ...errors } } },
      async (request) => deps.reports.payments(request.query),
    );

    app.get(
      '/backoffice/reports/payments.csv',
      { ...reader, schema: { tags, summary: 'The payments report as CSV', security: bearer, querystring: ReportRangeQuerySchema, produces: ['text/csv'], response: errors } },
      async (request, reply) => {
        const report = await deps.reports.payments(request.query);
        return sendCsv(reply, `payments-${report.from}-${report.to}.csv`, paymentsCsv(report));
      },
    );
  };
}
