import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  SPORTSBOOK_TICKET_STATUSES} from '@app/contracts';
import {
  ErrorResponseSchema,
  SportsbookAdminAlertListSchema,
  SportsbookAdminAlertQuerySchema,
  SportsbookAdminFeedHealthSchema,
  SportsbookAdminTicketDetailSchema,
  SportsbookAdminTicketListSchema,
  SportsbookAdminTicketParamsSchema,
  SportsbookAdminTicketQuerySchema,
  SportsbookAdminVoidResultSchema,
  SportsbookAdminVoidSchema,
  SPORTSBOOK_VOID_APPROVAL_KIND,
} from '@app/contracts';
import { AppError, parseCents } from '@app/kernel';
import { SPORTSBOOK_VENDOR_CODE } from '../tickets/provider-money.ts';
import { actorOf, type ConsoleRouteDeps } from './book.admin-routes.ts';
import * as repository from './console.repository.ts';
import { feedHealth } from './feed-health.ts';
import { oddsText, onceFor } from './operator-feed.ts';
import type { TicketVoids } from './ticket-void.service.ts';
import * as tickets from './tickets-console.repository.ts';
import { money } from './views.ts';

const PAGE_SIZE = 25;
const ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
type Status = (typeof SPORTSBOOK_TICKET_STATUSES)[number];

export interface TicketConsolePorts {
  memberIdOf(account: string): Promise<bigint | undefined>;
  /** The provider module's record of a round (vendor SPORTSBOOK, round sportsbook-<ticket id>). */
  roundTransactions(vendorCode: string, roundId: string): Promise<Array<{ action: string; transactionId: string; amountCents: bigint | null; at: Date }>>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
}

/** /api/backoffice/sportsbook: tickets search and detail, manual void, big-bet alerts, the feed's health. */
export function ticketsAdminRoutes(deps: ConsoleRouteDeps & TicketConsolePorts & { voids: TicketVoids }): FastifyPluginAsyncZod {
  const { db } = deps;
  const read = { preHandler: deps.requireOperator('sportsbook.read') };
  const schema = <T extends object>(summary: string, extra: T) => ({ tags: ['backoffice'], summary, security: [{ operator: [] }], ...extra });

  const rowView = (row: tickets.TicketRow, names: Map<bigint, string>) => ({
    id: row.id.toString(),
    account: names.get(row.member_id) ?? '',
    memberId: row.member_id.toString(),
    createdAt: row.created_at.toISOString(),
    status: row.status as Status,
    betType: row.bet_type,
    legs: row.legs,
    totalStake: money(row.total_stake_cents),
    potentialReturn: money(row.potential_return_cents),
    return: row.return_cents === null ? null : money(row.return_cents),
    needsResettlement: row.needs_resettlement,
    reviewReason: row.review_reason,
  });

  return async (app) => {
    app.get('/backoffice/sportsbook/tickets', { schema: schema('Tickets by member, status, event, date range (UTC days, inclusive), minimum stake or flag; newest first', { querystring: SportsbookAdminTicketQuerySchema, response: { 200: SportsbookAdminTicketListSchema, ...ERRORS } }), ...read }, async (request) => {
      const query = request.query;
      const memberId = query.account ? await deps.memberIdOf(query.account) : undefined;
      const day = (text: string | undefined, plus = 0) => (text ? new Date(Date.parse(`${text}T00:00:00Z`) + plus * 86_400_000) : undefined);
      const from = day(query.from);
      const to = day(query.to, 1);
      if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime()))) throw new AppError('validation.failed', 'sportsbook.date_invalid');
      const { rows, total } = await tickets.searchTickets(
        db,
        {
          memberIds: query.account ? (memberId === undefined ? [] : [memberId]) : undefined,
          status: query.status,
          eventId: query.eventId,
          from,
          to,
          minStakeCents: query.minStake ? parseCents(query.minStake.includes('.') ? query.minStake.padEnd(query.minStake.indexOf('.') + 3, '0') : `${query.minStake}.00`) : undefined,
          flagged: query.flagged === undefined ? undefined : query.flagged === 'true',
        },
        { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
      );
      const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return { content: rows.map((row) => rowView(row, names)), total, page: query.page, pageSize: PAGE_SIZE };
    });

    app.get('/backoffice/sportsbook/tickets/:id', { schema: schema('A ticket: legs with locked odds and results, and its money transactions', { params: SportsbookAdminTicketParamsSchema, response: { 200: SportsbookAdminTicketDetailSchema, ...ERRORS } }), ...read }, async (request) => {
      const id = BigInt(request.params.id);
      const row = await tickets.findTicket(db, id);
      if (!row) throw new AppError('sportsbook.ticket_not_found', 'no such ticket', { ticketId: request.params.id });
      const [legs, transactions, names] = await Promise.all([tickets.legsOf(db, id), deps.roundTransactions(SPORTSBOOK_VENDOR_CODE, `sportsbook-${id}`), deps.accountNamesOf([row.member_id])]);
      return {
        ...rowView(row, names),
        stakeMode: row.stake_mode,
        oddsPolicy: row.odds_policy,
        isLive: row.is_live,
        refusalCode: row.refusal_code,
        settleStatus: row.settle_status,
        settledAt: row.settled_at?.toISOString() ?? null,
        legs: legs.map((leg) => ({
          index: leg.leg_index,
          eventId: leg.event_id,
          eventName: leg.home !== null ? `${leg.home} × ${leg.away}` : leg.competitors.join(', '),
          marketKey: leg.market_key,
          outcomeId: leg.outcome_id,
          slipOdds: oddsText(leg.slip_odds),
          lockedOdds: oddsText(leg.locked_odds),
          result: leg.result,
        })),
        transactions: transactions.map((tx) => ({ action: tx.action, transactionId: tx.transactionId, amount: tx.amountCents === null ? null : money(tx.amountCents), at: tx.at.toISOString() })),
      };
    });

    app.post(
      '/backoffice/sportsbook/tickets/:id/void',
      { schema: schema('Void an open ticket with a reason (its stake returned by the settlement job): 200 voided, 202 waiting for approval above the threshold', { params: SportsbookAdminTicketParamsSchema, body: SportsbookAdminVoidSchema, response: { 200: SportsbookAdminVoidResultSchema, 202: SportsbookAdminVoidResultSchema, ...ERRORS } }), preHandler: deps.requireOperator('sportsbook.settle') },
      async (request, reply) => {
        const actor = actorOf(request);
        const id = BigInt(request.params.id);
        const { requestId, reason } = request.body;
        const { value, replayed } = await onceFor(db, { requestId, operatorId: actor.id, action: 'ticket_void', target: `ticket ${id}` }, async () => {
          const outcome = await deps.voids.decide(actor, id, reason, async (payload) => (await deps.approvals.propose(actor, SPORTSBOOK_VOID_APPROVAL_KIND, payload, reason)).request.id);
          return { ...outcome, ticketId: id.toString() };
        });
        return reply.code(value.status === 'pending_approval' ? 202 : 200).send({ ...value, replayed });
      },
    );

    app.get('/backoffice/sportsbook/alerts', { schema: schema('Big-bet alerts: tickets at or above the stake or potential-return threshold, newest first', { querystring: SportsbookAdminAlertQuerySchema, response: { 200: SportsbookAdminAlertListSchema, ...ERRORS } }), ...read }, async (request) => {
      const limits = await repository.settings(db);
      const { rows, total } = await tickets.bigBets(db, {
        stakeCents: limits.big_bet_stake_cents,
        returnCents: limits.big_bet_return_cents,
        acknowledged: request.query.acknowledged === undefined ? undefined : request.query.acknowledged === 'true',
        limit: PAGE_SIZE,
        offset: (request.query.page - 1) * PAGE_SIZE,
      });
      const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return {
        content: rows.map((row) => ({
          ticketId: row.id.toString(),
          account: names.get(row.member_id) ?? '',
          createdAt: row.created_at.toISOString(),
          status: row.status as Status,
          betType: row.bet_type,
          legs: row.legs,
          totalStake: money(row.total_stake_cents),
          potentialReturn: money(row.potential_return_cents),
          reasons: [...(BigInt(row.total_stake_cents) >= BigInt(limits.big_bet_stake_cents) ? (['stake'] as const) : []), ...(BigInt(row.potential_return_cents) >= BigInt(limits.big_bet_return_cents) ? (['return'] as const) : [])],
          acknowledgedBy: row.acknowledged_by,
          acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
        })),
        total,
        page: request.query.page,
        pageSize: PAGE_SIZE,
        thresholds: { stake: money(limits.big_bet_stake_cents), potentialReturn: money(limits.big_bet_return_cents) },
      };
    });

    app.post('/backoffice/sportsbook/alerts/:id/acknowledge', { schema: schema('Acknowledge a big-bet alert (once; again answers the first acknowledgement)', { params: SportsbookAdminTicketParamsSchema, response: { 200: SportsbookAdminVoidResultSchema.pick({ ticketId: true, replayed: true }), ...ERRORS } }), preHandler: deps.requireOperator('sportsbook.trade') }, async (request) => {
      const actor = actorOf(request);
      const id = BigInt(request.params.id);
      if (!(await tickets.findTicket(db, id))) throw new AppError('sportsbook.ticket_not_found', 'no such ticket', { ticketId: request.params.id });
      const fresh = await db.transaction().execute(async (tx) => {
        const inserted = await tickets.acknowledge(tx, id, actor);
        if (inserted) await deps.audit(tx as typeof db, { operatorId: actor.id, action: 'sportsbook.alert.acknowledged', targetType: 'sportsbook_ticket', targetId: id.toString(), ip: actor.ip });
        return inserted;
      });
      return { ticketId: id.toString(), replayed: !fresh };
    });

    app.get('/backoffice/sportsbook/feed-health', { schema: schema("The feed's health per producer, recent refusals, flagged tickets and the settlement backlog", { response: { 200: SportsbookAdminFeedHealthSchema, ...ERRORS } }), ...read }, async () => feedHealth(db));
  };
}
