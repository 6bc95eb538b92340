import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DepositStatusSchema,
  ErrorResponseSchema,
  OperatorDepositPageSchema,
  OperatorWithdrawalPageSchema,
  OperatorWithdrawalSchema,
  PaymentDecisionReasonSchema,
  PaymentEventListSchema,
  WithdrawalStatusSchema,
  type OperatorPermission,
} from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { listDepositsForConsole } from './deposit.repository.ts';
import type { DepositService } from './deposit.service.ts';
import { listProviderEvents } from './payments.repository.ts';
import { listWithdrawalsForConsole } from './withdrawal.repository.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import { withdrawalView } from './payments.views.ts';

/** What the back-office module lends us: operator sessions by permission, and its append-only audit. */
export interface OperatorAccess {
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  audit(executor: DbExecutor, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }): Promise<void>;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ operator: [] }];
const IdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const ListQuery = z.object({
  member: z.string().trim().toLowerCase().max(32).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** /api/backoffice/payments: reading needs payments.read, decisions payments.review (both finance's). */
export function backofficePaymentsRoutes(deps: { db: Db; deposits: DepositService; withdrawals: WithdrawalService; operators: OperatorAccess }): FastifyPluginAsyncZod {
  return async (app) => {
    const reader = { preHandler: deps.operators.requireOperator('payments.read') };
    const reviewer = { preHandler: deps.operators.requireOperator('payments.review') };
    const tags = ['back-office: payments'];
    const operatorIdOf = (request: FastifyRequest) => (request as FastifyRequest & { operator?: { id: bigint } }).operator?.id ?? null;

    app.get(
      '/backoffice/payments/deposits',
      { ...reader, schema: { tags, security: bearer, querystring: ListQuery.extend({ status: DepositStatusSchema.optional() }), response: { 200: OperatorDepositPageSchema, ...errors } } },
      async (request) => {
        const { status, member, pageNo, pageSize } = request.query;
        const { rows, total } = await listDepositsForConsole(deps.db, { status, member, limit: pageSize, offset: (pageNo - 1) * pageSize });
        return {
          total,
          content: rows.map((row) => ({
            id: row.id.toString(),
            member: row.account,
            amount: formatCents(row.amount),
            status: row.status,
            txid: row.txid,
            createdAt: row.created_at.toISOString(),
            paidAt: row.paid_at?.toISOString() ?? null,
            paidLate: row.paid_late,
            payerCpfMatches: row.payer_cpf === null ? null : row.payer_cpf === row.cpf,
            paidAmount: row.paid_amount === null ? null : formatCents(row.paid_amount),
            holdReason: row.hold_reason,
            creditedAt: row.credited_at?.toISOString() ?? null,
          })),
        };
      },
    );

    app.get(
      '/backoffice/payments/withdrawals',
      { ...reader, schema: { tags, security: bearer, querystring: ListQuery.extend({ status: WithdrawalStatusSchema.optional() }), response: { 200: OperatorWithdrawalPageSchema, ...errors } } },
      async (request) => {
        const { status, member, pageNo, pageSize } = request.query;
        const { rows, total } = await listWithdrawalsForConsole(deps.db, { status, member, limit: pageSize, offset: (pageNo - 1) * pageSize });
        return { total, content: rows.map((row) => ({ ...withdrawalView(row), member: row.account, autoApproved: row.auto_approved, attempts: row.attempts, lastError: row.last_error })) };
      },
    );

    app.post(
      '/backoffice/payments/withdrawals/:id/approve',
      { ...reviewer, schema: { tags, security: bearer, params: IdParams, response: { 200: OperatorWithdrawalSchema.partial().required({ id: true, status: true }), ...errors } } },
      async (request) => {
        const operatorId = operatorIdOf(request);
        if (operatorId === null) throw new AppError('auth.required', 'operator session required');
        const row = await deps.withdrawals.approve(BigInt(request.params.id), operatorId, (tx, approved) =>
          deps.operators.audit(tx, { operatorId, action: 'payments.withdrawal.approve', targetType: 'withdrawal', targetId: approved.id.toString(), details: { amount: formatCents(approved.amount) }, ip: request.ip }),
        );
        if (!row) throw new AppError('payments.withdrawal_not_found', 'no such withdrawal');
        return withdrawalView(row);
      },
    );

    app.post(
      '/backoffice/payments/withdrawals/:id/reject',
      { ...reviewer, schema: { tags, security: bearer, params: IdParams, body: PaymentDecisionReasonSchema, response: { 200: OperatorWithdrawalSchema.partial().required({ id: true, status: true }), ...errors } } },
      async (request) => {
        const operatorId = operatorIdOf(request);
        if (operatorId === null) throw new AppError('auth.required', 'operator session required');
        const row = await deps.withdrawals.reject(BigInt(request.params.id), operatorId, request.body.reason, (tx, rejected) =>
          deps.operators.audit(tx, { operatorId, action: 'payments.withdrawal.reject', targetType: 'withdrawal', targetId: rejected.id.toString(), details: { amount: formatCents(rejected.amount), reason: request.body.reason }, ip: request.ip }),
        );
        return withdrawalView(row);
      },
    );

    app.post(
      '/backoffice/payments/deposits/:id/:decision',
      {
        ...reviewer,
        schema: {
          tags,
          summary: 'Decide a held deposit (another CPF paid it, or the paid amount differs from the charge): credit the paid amount, or refund it to the payer',
          security: bearer,
          params: IdParams.extend({ decision: z.enum(['credit', 'refund']) }),
          body: z.object({ note: z.string().trim().min(1, { message: 'payments.reason_required' }).max(500) }),
          response: { 200: z.object({ id: z.string(), status: DepositStatusSchema }), ...errors },
        },
      },
      async (request) => {
        const operatorId = operatorIdOf(request);
        if (operatorId === null) throw new AppError('auth.required', 'operator session required');
        const { decision } = request.params;
        const row = await deps.deposits.decideHeld(BigInt(request.params.id), decision, operatorId, request.body.note, (tx, decided) =>
          deps.operators.audit(tx, { operatorId, action: `payments.deposit.${decision}`, targetType: 'deposit', targetId: decided.id.toString(), details: { amount: formatCents(decided.amount), note: request.body.note }, ip: request.ip }),
        );
        return { id: row.id.toString(), status: row.status };
      },
    );

    app.get(
      '/backoffice/payments/events',
      { ...reader, schema: { tags, security: bearer, querystring: z.object({ reference: z.string().max(64).optional(), pageSize: z.coerce.number().int().min(1).max(100).default(50) }), response: { 200: PaymentEventListSchema, ...errors } } },
      async (request) => {
        const rows = await listProviderEvents(deps.db, { reference: request.query.reference, limit: request.query.pageSize });
        return { content: rows.map((row) => ({ id: row.id.toString(), eventId: row.event_id, type: row.event_type, reference: row.reference, outcome: row.outcome, receivedAt: row.received_at.toISOString(), payload: row.payload })) };
      },
    );
  };
}
