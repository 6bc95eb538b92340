import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContractKindSchema,
  ErrorResponseSchema,
  SettlementLineSchema,
  SettlementLineStatusSchema,
  SettlementRerunResultSchema,
  SettlementRerunSchema,
  SettlementRunDetailSchema,
  SettlementRunLinesQuerySchema,
  SettlementRunPageSchema,
  SettlementRunQuerySchema,
} from '@app/contracts';
import { currentOperator, type OperatorPermission, type OperatorPreHandler } from '../../backoffice/index.ts';
import type { Db } from '../../../platform/db.ts';
import type { SettlementRuns } from './settlement-runs.admin.ts';
import { LINE_COLUMNS, toWireLine } from './settlement-reports.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const runErrors = { ...errors, 404: ErrorResponseSchema };
const LIMIT = 200;
const tags = ['back-office: agents'];
const security = [{ operator: [] }];
const RunParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * /api/backoffice/agents/settlements: operators see settlement lines, above all those a payer
 * could not cover (status insufficient, retried by every run until paid), newest first; the runs
 * with their results and lines (agents.read), and re-run a run's unpaid lines (agents.settle).
 */
export function settlementAdminRoutes(deps: { db: Db; runs: SettlementRuns; requireOperator: (permission?: OperatorPermission) => OperatorPreHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/agents/settlements/runs',
      {
        preHandler: deps.requireOperator('agents.read'),
        schema: { tags, summary: 'Settlement runs, newest first, with their results', security, querystring: SettlementRunQuerySchema, response: { 200: SettlementRunPageSchema, ...errors } },
      },
      async (request) => deps.runs.list(request.query),
    );

    app.get(
      '/backoffice/agents/settlements/runs/:id',
      {
        preHandler: deps.requireOperator('agents.read'),
        schema: { tags, summary: "A run's results and a page of its lines, in payment order", security, params: RunParams, querystring: SettlementRunLinesQuerySchema, response: { 200: SettlementRunDetailSchema, ...runErrors } },
      },
      async (request) => deps.runs.detail(BigInt(request.params.id), request.query),
    );

    app.post(
      '/backoffice/agents/settlements/runs/:id/rerun',
      {
        preHandler: deps.requireOperator('agents.settle'),
        schema: {
          tags,
          summary: "Pay a run's lines that are not paid (or the lines named): a paid line is never paid again",
          description: 'Each payout posts its ledger journal, its line status and an audit row in one transaction. Without lineIds, 500 unpaid lines per call (more: true says to call again).',
          security,
          params: RunParams,
          body: SettlementRerunSchema,
          response: { 200: SettlementRerunResultSchema, ...runErrors },
        },
      },
      async (request) => {
        const operator = currentOperator(request);
        return deps.runs.rerun({ id: operator.id, username: operator.username, ip: request.ip }, BigInt(request.params.id), request.body);
      },
    );

    app.get(
      '/backoffice/agents/settlements',
      {
        preHandler: deps.requireOperator('agents.read'),
        schema: {
          tags: ['back-office: agents'],
          summary: 'Settlement lines by status and kind, newest first (at most 200)',
          security: [{ operator: [] }],
          querystring: z.object({ status: SettlementLineStatusSchema.optional(), kind: ContractKindSchema.optional() }),
          response: { 200: z.object({ lines: z.array(SettlementLineSchema) }), ...errors },
        },
      },
      async (request) => {
        const rows = await deps.db
          .selectFrom('agents_settlement_line as l')
          .innerJoin('agents_settlement_run as r', 'r.id', 'l.run_id')
          .innerJoin('accounts_v_member as a', 'a.id', 'l.agent_id')
          .leftJoin('accounts_v_member as p', 'p.id', 'l.payer_id')
          .select(LINE_COLUMNS)
          .$if(request.query.status !== undefined, (query) => query.where('l.status', '=', request.query.status!))
          .$if(request.query.kind !== undefined, (query) => query.where('l.kind', '=', request.query.kind!))
          .orderBy('l.id', 'desc')
          .limit(LIMIT)
          .execute();
        return { lines: rows.map(toWireLine) };
      },
    );
  };
}
