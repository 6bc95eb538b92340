import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApprovalRequestSchema,
  ContractKindSchema,
  ErrorResponseSchema,
  SettlementLineSchema,
  SettlementLineStatusSchema,
  SettlementPeriodProposalSchema,
  SettlementRerunSchema,
  SettlementRunDetailSchema,
  SettlementRunLinesQuerySchema,
  SettlementRunPageSchema,
  SettlementRunQuerySchema,
} from '@app/contracts';
import { approvalActorOf, type OperatorPermission, type OperatorPreHandler } from '../../backoffice/index.ts';
import type { ApprovalsAccess } from '../../../platform/approval-kinds.ts';
import type { Db } from '../../../platform/db.ts';
import { SETTLEMENT_PERIOD_KIND, SETTLEMENT_RERUN_KIND } from './settlement.approvals.ts';
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
 * with their results and lines (agents.read). Settling a period and re-running a run's unpaid
 * lines are proposed (agents.settle) and happen when another operator approves them
 * (settlement.approvals.ts, /api/backoffice/approvals).
 */
export function settlementAdminRoutes(deps: { db: Db; runs: SettlementRuns; requireOperator: (permission?: OperatorPermission) => OperatorPreHandler; approvals: ApprovalsAccess }): FastifyPluginAsyncZod {
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
          summary: "Propose paying a run's lines that are not paid (or the lines named): it happens when another operator approves (202, the approval request)",
          description: 'Once approved, each payout posts its ledger journal, its line status and an audit row in one transaction; a paid line is never paid again. The approval answers the re-run result.',
          security,
          params: RunParams,
          body: SettlementRerunSchema,
          response: { 200: ApprovalRequestSchema, 202: ApprovalRequestSchema, ...runErrors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { lineIds, reason } = request.body;
        const { request: proposal, replayed } = await deps.approvals.propose(approvalActorOf(request), SETTLEMENT_RERUN_KIND, { runId: request.params.id, lineIds }, reason);
        return reply.code(replayed ? 200 : 202).send(proposal);
      },
    );

    app.post(
      '/backoffice/agents/settlements/periods',
      {
        preHandler: deps.requireOperator('agents.settle'),
        schema: {
          tags,
          summary: 'Propose settling the period of a kind that contains a time (the operator’s zone): it runs when another operator approves (202)',
          description: 'Once approved: the period is settled like the worker does (a delta version when bets arrived late; nothing new when settled already), then its unpaid lines are paid.',
          security,
          body: SettlementPeriodProposalSchema,
          response: { 200: ApprovalRequestSchema, 202: ApprovalRequestSchema, ...errors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { kind, at, reason } = request.body;
        const { request: proposal, replayed } = await deps.approvals.propose(approvalActorOf(request), SETTLEMENT_PERIOD_KIND, { kind, at }, reason);
        return reply.code(replayed ? 200 : 202).send(proposal);
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
