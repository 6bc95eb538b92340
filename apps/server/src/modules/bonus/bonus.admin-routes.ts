import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminBonusGrantListSchema, AdminBonusGrantQuerySchema, ApprovalRequestSchema, BONUS_GRANT_KIND, BonusGrantProposalSchema, ErrorResponseSchema, type OperatorPermission } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { ApprovalsAccess } from '../../platform/approval-kinds.ts';
import type { Db } from '../../platform/db.ts';
import { grantView } from './bonus.routes.ts';
import type { AuditWriter } from './bonus.approvals.ts';
import * as repository from './bonus.repository.ts';

/** What the back office and accounts lend: operator sessions by permission, member look-ups. */
export interface BonusAdminPorts {
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  memberIdOf(account: string): Promise<bigint | undefined>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  /** Manual grants are proposed here and applied when another operator approves (bonus.approvals.ts). */
  approvals: ApprovalsAccess;
  audit: AuditWriter;
}

const PAGE_SIZE = 20;

/** /api/backoffice/bonus/grants: every grant, newest first, by member account and status (members.wallet.read). */
export function bonusAdminRoutes(deps: BonusAdminPorts & { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/backoffice/bonus/grants/proposal',
      {
        schema: {
          tags: ['backoffice'],
          summary: 'Propose a manual bonus grant: it is granted when another operator approves (202, the approval request)',
          security: [{ operator: [] }],
          body: BonusGrantProposalSchema,
          response: { 200: ApprovalRequestSchema, 202: ApprovalRequestSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema },
        },
        preHandler: deps.requireOperator('balance.adjust.approve'),
      },
      async (request, reply) => {
        const operator = request.operator;
        if (!operator) throw new AppError('backoffice.session_required', 'operator session required, please log in');
        const { reason, ...input } = request.body;
        const { request: proposal, replayed } = await deps.approvals.propose({ id: operator.id, username: operator.username, role: operator.role, ip: request.ip }, BONUS_GRANT_KIND, input, reason);
        return reply.code(replayed ? 200 : 202).send(proposal);
      },
    );

    app.get(
      '/backoffice/bonus/grants',
      {
        schema: {
          tags: ['backoffice'],
          summary: 'Bonus grants with their wagering, newest first',
          security: [{ operator: [] }],
          querystring: AdminBonusGrantQuerySchema,
          response: { 200: AdminBonusGrantListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
        preHandler: deps.requireOperator('members.wallet.read'),
      },
      async (request) => {
        const { account, status, page } = request.query;
        const memberId = account ? await deps.memberIdOf(account) : undefined;
        const { rows, total } = await repository.listGrants(deps.db, {
          memberIds: account ? (memberId === undefined ? [] : [memberId]) : undefined,
          status,
          offset: (page - 1) * PAGE_SIZE,
          limit: PAGE_SIZE,
        });
        const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
        return {
          content: rows.map((row) => ({ ...grantView(row), memberId: row.member_id.toString(), account: names.get(row.member_id) ?? '', note: row.note })),
          total,
          page,
          pageSize: PAGE_SIZE,
        };
      },
    );
  };
}
