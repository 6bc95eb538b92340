import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOTTERY_CANCEL_APPROVAL_KIND,
  LOTTERY_RESULT_APPROVAL_KIND,
  LotteryAdminCancelRequestSchema,
  LotteryAdminCapSchema,
  LotteryAdminDrawDetailSchema,
  LotteryAdminDrawListQuerySchema,
  LotteryAdminDrawListSchema,
  LotteryAdminDrawParamsSchema,
  LotteryAdminExposureQuerySchema,
  LotteryAdminExposureSchema,
  LotteryAdminProposalSchema,
  LotteryAdminResultRequestSchema,
  LotteryAdminTicketListQuerySchema,
  LotteryAdminTicketListSchema,
  type LotteryAdminDrawDetail,
  type LotteryAdminTicketRow,
} from '@app/contracts';
import { AppError, parseCents } from '@app/kernel';
import type { ApprovalsAccess } from '../../../platform/approval-kinds.ts';
import type { Db } from '../../../platform/db.ts';
import * as repository from './console.repository.ts';
import * as exposure from './exposure.repository.ts';
import { ERRORS, schema, type LotteryConsoleRouteDeps } from './games.admin-routes.ts';
import { actorOf, drawView, money } from './views.ts';

const PAGE_SIZE = 25;
/** Caps change while the draw may still take bets: after the close no bet can use them. */
const CAPPABLE = ['scheduled', 'open'];

export interface DrawRoutePorts {
  approvals: ApprovalsAccess;
  memberIdOf(account: string): Promise<bigint | undefined>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
}

/**
 * /api/backoffice/lottery: draws with their ticket totals, one draw's detail with its results and
 * pending decisions, per-number exposure and liability caps, the maker's result and cancellation
 * proposals (decided in the approvals module), and the tickets search.
 */
export function drawsAdminRoutes(deps: LotteryConsoleRouteDeps & DrawRoutePorts): FastifyPluginAsyncZod {
  const { db } = deps;
  const read = { preHandler: deps.requireOperator('lottery.read') };
  const settle = { preHandler: deps.requireOperator('lottery.settle') };

  async function drawOf(id: string) {
    const draw = await repository.findDraw(db, BigInt(id));
    if (!draw) throw new AppError('lottery_console.draw_not_found', 'no such draw', { drawId: id });
    return draw;
  }

  return async (app) => {
    app.get('/backoffice/lottery/draws', { schema: schema('Draws by game and status with their tickets, stake, potential payout and paid', { querystring: LotteryAdminDrawListQuerySchema, response: { 200: LotteryAdminDrawListSchema, ...ERRORS } }), ...read }, async (request) => {
      const { page, ...filter } = request.query;
      const rows = await repository.listDraws(db, { ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      return { content: rows.map(drawView), total: rows[0]?.total ?? 0, page, pageSize: PAGE_SIZE };
    });

    app.get('/backoffice/lottery/draws/:id', { schema: schema('One draw: totals, tickets by status and every result set (its pending decisions: the approvals of target draw:<id>)', { params: LotteryAdminDrawParamsSchema, response: { 200: LotteryAdminDrawDetailSchema, ...ERRORS } }), ...read }, async (request) => {
      const draw = await drawOf(request.params.id);
      const [byStatus, results] = await Promise.all([repository.ticketsByStatus(db, draw.id), repository.resultVersions(db, draw.id)]);
      return {
        ...drawView(draw),
        gameNamePt: draw.name_pt,
        gameNameEn: draw.name_en,
        commitHash: draw.commit_hash,
        cancelReason: draw.cancel_reason,
        cancelledBy: draw.cancelled_by,
        ticketsByStatus: byStatus,
        results: results.map((row) => ({ version: row.version, result: row.result as LotteryAdminDrawDetail['results'][number]['result'], source: row.source, enteredBy: row.entered_by, reason: row.reason, inForce: row.in_force, createdAt: row.created_at.toISOString() })),
      };
    });

    app.get('/backoffice/lottery/draws/:id/exposure', { schema: schema("Per-number exposure of a draw: stake and potential payout per number, highest first, against its cap", { params: LotteryAdminDrawParamsSchema, querystring: LotteryAdminExposureQuerySchema, response: { 200: LotteryAdminExposureSchema, ...ERRORS } }), ...read }, async (request) => {
      const caps = await exposure.capsOf(db, BigInt(request.params.id));
      if (!caps) throw new AppError('lottery_console.draw_not_found', 'no such draw', { drawId: request.params.id });
      const drawCap = caps.draw_cap_cents ?? caps.game_cap_cents;
      const { rows, totalNumbers, totalStake, totalLiability } = await exposure.exposureOf(db, caps.id, request.query.limit);
      return {
        drawId: caps.id.toString(),
        status: caps.status as LotteryAdminDrawDetail['status'],
        gameCap: money(caps.game_cap_cents),
        drawCap: caps.draw_cap_cents === null ? null : money(caps.draw_cap_cents),
        cap: money(drawCap),
        totalStake: money(totalStake),
        totalLiability: money(totalLiability),
        totalNumbers,
        numbers: rows.map((row) => {
          const cap = row.cap_cents ?? drawCap;
          return { number: row.number, tickets: row.tickets, stake: money(row.stake_cents), potentialPayout: money(row.liability_cents), cap: money(cap), capOverride: row.cap_cents === null ? null : money(row.cap_cents), usedPercent: Math.round(Number((row.liability_cents * 10_000n) / cap)) / 100 };
        }),
      };
    });

    app.put('/backoffice/lottery/draws/:id/caps', { schema: schema("Set or remove (cap null) the draw's liability cap per number, or one number's cap", { params: LotteryAdminDrawParamsSchema, body: LotteryAdminCapSchema, response: { 200: LotteryAdminExposureSchema.pick({ drawId: true, gameCap: true, drawCap: true, cap: true }), ...ERRORS } }), preHandler: deps.requireOperator('lottery.manage') }, async (request) => {
      const actor = actorOf(request);
      const { requestId, number, cap } = request.body;
      const capCents = cap === null ? null : (parseCents(cap) ?? 0n);
      if (capCents !== null && capCents <= 0n) throw new AppError('lottery_console.amount_invalid', 'the cap is above 0');
      return db.transaction().execute(async (tx) => {
        const caps = await exposure.capsOf(tx, BigInt(request.params.id), true);
        if (!caps) throw new AppError('lottery_console.draw_not_found', 'no such draw', { drawId: request.params.id });
        if (!CAPPABLE.includes(caps.status)) throw new AppError('lottery_console.draw_closed', `draw ${caps.id} is ${caps.status}`, { status: caps.status });
        const before = number === undefined ? caps.draw_cap_cents : await exposure.setNumberCap(tx, caps.id, number, capCents);
        if (number === undefined) await exposure.setDrawCap(tx, caps.id, capCents);
        const shown = (cents: bigint | null) => (cents === null ? null : money(cents));
        if (before !== capCents) {
          await deps.audit(tx as Db, { operatorId: actor.id, action: number === undefined ? 'lottery.cap.draw' : 'lottery.cap.number', targetType: 'lottery_draw', targetId: caps.id.toString(), details: { requestId, number: number ?? null, before: shown(before), after: shown(capCents) }, ip: actor.ip });
        }
        const drawCap = number === undefined ? capCents : caps.draw_cap_cents;
        return { drawId: caps.id.toString(), gameCap: money(caps.game_cap_cents), drawCap: shown(drawCap), cap: money(drawCap ?? caps.game_cap_cents) };
      });
    });

    app.post('/backoffice/lottery/draws/:id/results', { schema: schema("Propose a real-world draw's result (or its correction): 202, applied when another operator approves it", { params: LotteryAdminDrawParamsSchema, body: LotteryAdminResultRequestSchema, response: { 202: LotteryAdminProposalSchema, ...ERRORS } }), ...settle }, async (request, reply) => {
      const { request: proposal, replayed } = await deps.approvals.propose(actorOf(request), LOTTERY_RESULT_APPROVAL_KIND, { drawId: request.params.id, result: request.body.result }, request.body.reason);
      return reply.code(202).send({ status: 'pending_approval' as const, approvalId: proposal.id, replayed });
    });

    app.post('/backoffice/lottery/draws/:id/cancel', { schema: schema('Propose cancelling a draw with refunds of its open tickets: 202, applied when another operator approves it', { params: LotteryAdminDrawParamsSchema, body: LotteryAdminCancelRequestSchema, response: { 202: LotteryAdminProposalSchema, ...ERRORS } }), ...settle }, async (request, reply) => {
      const { request: proposal, replayed } = await deps.approvals.propose(actorOf(request), LOTTERY_CANCEL_APPROVAL_KIND, { drawId: request.params.id }, request.body.reason);
      return reply.code(202).send({ status: 'pending_approval' as const, approvalId: proposal.id, replayed });
    });

    app.get('/backoffice/lottery/tickets', { schema: schema("Tickets of a draw or a member (account name) by status, newest first, with their return", { querystring: LotteryAdminTicketListQuerySchema, response: { 200: LotteryAdminTicketListSchema, ...ERRORS } }), ...read }, async (request) => {
      const { page, member, drawId, status } = request.query;
      const memberId = member === undefined ? undefined : await deps.memberIdOf(member);
      if (member !== undefined && memberId === undefined) throw new AppError('lottery_console.member_not_found', 'no such member', { member });
      const rows = await exposure.searchTickets(db, { ...(drawId ? { drawId: BigInt(drawId) } : {}), ...(memberId ? { memberId } : {}), ...(status ? { status } : {}), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      const content = rows.map(
        (row): LotteryAdminTicketRow => ({
          id: row.id.toString(),
          member: names.get(row.member_id) ?? row.member_id.toString(),
          drawId: row.draw_id.toString(),
          drawNo: row.draw_no,
          gameCode: row.game_code,
          betType: row.bet_type,
          prizeMode: row.prize_mode as LotteryAdminTicketRow['prizeMode'],
          selections: row.selections,
          combinations: row.combinations,
          totalStake: money(row.total_stake_cents),
          status: row.status as LotteryAdminTicketRow['status'],
          // A settlement intent stores its return before the payment is answered: shown once the ticket took it.
          return: row.return_cents === null || row.status === 'open' || row.status === 'pending_debit' ? null : money(row.return_cents),
          resettlements: Math.max(0, row.settle_n - 1),
          createdAt: row.created_at.toISOString(),
          settledAt: row.settled_at?.toISOString() ?? null,
        }),
      );
      return { content, total: rows[0]?.total ?? 0, page, pageSize: PAGE_SIZE };
    });
  };
}
