import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdjustmentIdempotencyKeySchema,
  AdjustmentListQuerySchema,
  AdjustmentPageSchema,
  AdjustmentRejectSchema,
  AdjustmentRequestSchema,
  AdjustmentSchema,
  ErrorResponseSchema,
  MemberBalancesSchema,
  MemberIdParamsSchema,
  MemberLedgerPageSchema,
  MemberLedgerQuerySchema,
  type OperatorPermission,
} from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { AdjustmentOperator, BalanceAdjustmentDeps, BalanceAdjustments } from './balance-adjustment.service.ts';
import { listMemberEntries } from './member-ledger.repository.ts';
import * as walletRepository from './wallet.repository.ts';

/** What the back-office module lends us: operator sessions by permission, and its append-only audit. */
export interface WalletOperatorAccess {
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  audit: BalanceAdjustmentDeps['audit'];
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const security = [{ operator: [] }];
const AdjustmentIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, 'an adjustment id') });

function operatorOf(request: FastifyRequest): AdjustmentOperator {
  const operator = (request as FastifyRequest & { operator?: { id: bigint; username: string } | null }).operator;
  if (!operator) throw new AppError('auth.required', 'operator session required');
  return { id: operator.id, username: operator.username, ip: request.ip };
}

/**
 * The member's money for the back office: balances and ledger entries (members.wallet.read), and
 * manual adjustments: request and lists (balance.adjust.request), approve or reject
 * (balance.adjust.approve; the checker is never the maker).
 */
export function walletAdminRoutes(deps: { db: Db; adjustments: BalanceAdjustments; operators: WalletOperatorAccess; memberRef: BalanceAdjustmentDeps['memberRef'] }): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = (permission: OperatorPermission) => ({ preHandler: deps.operators.requireOperator(permission) });
    const memberTags = ['back-office: members'];
    const tags = ['back-office: balance adjustments'];

    async function memberOf(id: string) {
      const member = await deps.memberRef(BigInt(id));
      if (!member) throw new AppError('wallet.member_not_found', 'no such member');
      return member;
    }

    app.get(
      '/backoffice/members/:id/balances',
      { ...guard('members.wallet.read'), schema: { tags: memberTags, summary: "The member's balances", security, params: MemberIdParamsSchema, response: { 200: MemberBalancesSchema, ...errors } } },
      async (request) => {
        const member = await memberOf(request.params.id);
        const pockets = await walletRepository.findMemberPockets(deps.db, member.id);
        const of = (pocket: string) => pockets.find((row) => row.pocket === pocket)?.balance ?? 0n;
        return {
          cash: formatCents(of('cash')),
          bonus: formatCents(of('bonus')),
          points: of('points').toString(),
          vendors: pockets.filter((row) => row.pocket.startsWith('vendor:')).map((row) => ({ vendor: row.pocket.slice('vendor:'.length), balance: formatCents(row.balance) })),
        };
      },
    );

    app.get(
      '/backoffice/members/:id/ledger',
      {
        ...guard('members.wallet.read'),
        schema: { tags: memberTags, summary: "Ledger entries on the member's pockets, newest first", security, params: MemberIdParamsSchema, querystring: MemberLedgerQuerySchema, response: { 200: MemberLedgerPageSchema, ...errors } },
      },
      async (request) => {
        const member = await memberOf(request.params.id);
        const { type, pageNo, pageSize } = request.query;
        const rows = await listMemberEntries(deps.db, { memberId: member.id, type, limit: pageSize + 1, offset: (pageNo - 1) * pageSize });
        return {
          hasMore: rows.length > pageSize,
          content: rows.slice(0, pageSize).map((row) => ({
            journalId: row.journal_id.toString(),
            type: row.type,
            pocket: row.pocket,
            // Points are whole numbers; money pockets are centavos.
            amount: row.pocket === 'points' ? row.amount.toString() : formatCents(row.amount),
            balanceAfter: row.pocket === 'points' ? row.balance_after.toString() : formatCents(row.balance_after),
            reference: row.reference,
            at: row.created_at.toISOString(),
          })),
        };
      },
    );

    app.post(
      '/backoffice/balance-adjustments',
      {
        ...guard('balance.adjust.request'),
        schema: {
          tags,
          summary: "Ask for a manual change of a member's cash; another operator must approve it",
          security,
          headers: z.object({ 'idempotency-key': AdjustmentIdempotencyKeySchema }),
          body: AdjustmentRequestSchema,
          response: { 200: AdjustmentSchema, 201: AdjustmentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { memberId, amountCents, reason } = request.body;
        const { adjustment, replayed } = await deps.adjustments.request(operatorOf(request), { memberId: BigInt(memberId), amount: BigInt(amountCents), reason }, request.headers['idempotency-key']);
        reply.code(replayed ? 200 : 201);
        return adjustment;
      },
    );

    app.get(
      '/backoffice/balance-adjustments',
      { ...guard('balance.adjust.request'), schema: { tags, summary: 'Adjustment requests, newest first', security, querystring: AdjustmentListQuerySchema, response: { 200: AdjustmentPageSchema, ...errors } } },
      async (request) => {
        const { status, memberId, pageNo, pageSize } = request.query;
        return deps.adjustments.list({ status, memberId: memberId === undefined ? undefined : BigInt(memberId), pageNo, pageSize });
      },
    );

    app.post(
      '/backoffice/balance-adjustments/:id/approve',
      {
        ...guard('balance.adjust.approve'),
        schema: { tags, summary: "Approve another operator's request: the ledger posts it", security, params: AdjustmentIdParams, response: { 200: AdjustmentSchema, ...errors } },
      },
      async (request) => deps.adjustments.approve(operatorOf(request), BigInt(request.params.id)),
    );

    app.post(
      '/backoffice/balance-adjustments/:id/reject',
      {
        ...guard('balance.adjust.approve'),
        schema: { tags, summary: 'Reject a request', security, params: AdjustmentIdParams, body: AdjustmentRejectSchema, response: { 200: AdjustmentSchema, ...errors } },
      },
      async (request) => deps.adjustments.reject(operatorOf(request), BigInt(request.params.id), request.body.note),
    );
  };
}
