import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MemberBetsPageSchema, MemberBetsQuerySchema, MemberIdParamsSchema, type OperatorPermission } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/**
 * GET /api/backoffice/members/:id/bets (members.read): the member's game rounds as vendors and
 * the house games reported them (provider_round), newest first, off the (member, opened_at) index.
 */
export function memberBetsAdminRoutes(deps: {
  db: Db;
  requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler;
  /** The accounts module's member look-up (404 for an unknown member). */
  memberRef: (memberId: bigint) => Promise<{ id: bigint; account: string } | undefined>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/members/:id/bets',
      {
        preHandler: deps.requireOperator('members.read'),
        schema: {
          tags: ['back-office: members'],
          summary: "The member's game rounds, newest first",
          security: [{ operator: [] }],
          params: MemberIdParamsSchema,
          querystring: MemberBetsQuerySchema,
          response: { 200: MemberBetsPageSchema, ...errors },
        },
      },
      async (request) => {
        const member = await deps.memberRef(BigInt(request.params.id));
        if (!member) throw new AppError('members.not_found', 'no such member');
        const { pageNo, pageSize } = request.query;
        const rows = await deps.db
          .selectFrom('provider_round')
          .select(['vendor_code', 'round_id', 'game_code', 'game_type', 'bet', 'win', 'status', 'opened_at', 'closed_at'])
          .where('member_id', '=', member.id)
          .orderBy('opened_at', 'desc')
          .limit(pageSize + 1)
          .offset((pageNo - 1) * pageSize)
          .execute();
        return {
          hasMore: rows.length > pageSize,
          content: rows.slice(0, pageSize).map((row) => ({
            vendor: row.vendor_code,
            roundId: row.round_id,
            gameCode: row.game_code,
            gameType: row.game_type,
            bet: formatCents(row.bet),
            win: formatCents(row.win),
            status: row.status,
            openedAt: row.opened_at.toISOString(),
            closedAt: row.closed_at?.toISOString() ?? null,
          })),
        };
      },
    );
  };
}
