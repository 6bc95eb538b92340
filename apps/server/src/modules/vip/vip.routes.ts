import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminVipLevelListSchema, AdminVipMemberListSchema, AdminVipMemberQuerySchema, ErrorResponseSchema, VipLevelInputSchema, VipLevelSchema, VipOverviewSchema, VipStateSchema, type OperatorPermission } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { LevelsService } from './vip.levels.ts';
import type { ProgressService } from './vip.progress.ts';
import type { OperatorActor, VipPorts } from './vip.ports.ts';
import * as repository from './vip.repository.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ bearer: [] }];

/** /api/vip: the member's public VIP state (spec §3) and the VIP page. */
export function vipRoutes(deps: { progress: ProgressService; requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['vip'];
    app.get(
      '/vip/state',
      {
        schema: { tags, summary: 'hasVip, vipLabelName and vipRankLevel (spec §3 public state) with the level\'s badge', security: bearer, querystring: z.object({ lang: z.enum(['pt', 'en']).default('pt') }), response: { 200: VipStateSchema, ...errors } },
        preHandler: deps.requireMember,
      },
      async (request) => deps.progress.state(currentMember(request).id, request.query.lang),
    );
    app.get(
      '/vip',
      { schema: { tags, summary: 'The member\'s level, progress to the next in centavos and percent, retention and the table of levels', security: bearer, response: { 200: VipOverviewSchema, ...errors } }, preHandler: deps.requireMember },
      async (request) => deps.progress.overview(currentMember(request).id),
    );
  };
}

const PAGE_SIZE = 20;

/** /api/backoffice/vip: levels (promotions.manage defines them, audited) and members per level. */
export function vipAdminRoutes(deps: { db: Db; levels: LevelsService; ports: Pick<VipPorts, 'accountNamesOf'>; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { preHandler: deps.requireOperator('promotions.manage') };
    const tags = ['back-office: vip'];
    const security = [{ operator: [] }];
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get('/backoffice/vip/levels', { ...manage, schema: { tags, security, summary: 'Every level with how many members hold it', response: { 200: AdminVipLevelListSchema, ...errors } } }, async () => deps.levels.list());

    app.put(
      '/backoffice/vip/levels/:rank',
      { ...manage, schema: { tags, security, summary: 'Create or replace the level of this rank (audited)', params: z.object({ rank: z.coerce.number().int().min(0).max(30) }), body: VipLevelInputSchema, response: { 200: VipLevelSchema, ...errors } } },
      async (request) => deps.levels.save({ ...request.body, rank: request.params.rank }, actorOf(request)),
    );

    app.get('/backoffice/vip/members', { ...manage, schema: { tags, security, summary: 'Members at a level, by member id', querystring: AdminVipMemberQuerySchema, response: { 200: AdminVipMemberListSchema, ...errors } } }, async (request) => {
      const { rows, total } = await repository.listMembersAt(deps.db, request.query.rank, { limit: PAGE_SIZE, offset: (request.query.page - 1) * PAGE_SIZE });
      const names = await deps.ports.accountNamesOf(rows.map((row) => row.member_id));
      return {
        content: rows.map((row) => ({
          memberId: row.member_id.toString(),
          account: names.get(row.member_id) ?? '',
          rank: row.rank,
          since: row.since.toISOString(),
          validBet: formatCents(row.valid_bet - row.valid_bet_offset),
          deposits: formatCents(row.deposits - row.deposit_offset),
        })),
        total,
        page: request.query.page,
        pageSize: PAGE_SIZE,
      };
    });
  };
}
