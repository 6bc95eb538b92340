import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  SportsbookAdminChangeSchema,
  SportsbookAdminCreateEventSchema,
  SportsbookAdminEventDetailSchema,
  SportsbookAdminEventListQuerySchema,
  SportsbookAdminEventListSchema,
  SportsbookAdminEventParamsSchema,
  SportsbookAdminEventStateSchema,
  SportsbookAdminLiabilityListSchema,
  SportsbookAdminMarginSchema,
  SportsbookAdminMarketsSchema,
  SportsbookAdminMarketStatusSchema,
  SportsbookAdminOddsSchema,
  SportsbookAdminResultSchema,
  SportsbookAdminSettingsSchema,
  SPORTSBOOK_RESULT_APPROVAL_KIND,
  type OperatorPermission,
} from '@app/contracts';
import { AppError, parseCents } from '@app/kernel';
import type { ApprovalActor, ApprovalsAccess } from '../../../platform/approval-kinds.ts';
import type { Db } from '../../../platform/db.ts';
import * as repository from './console.repository.ts';
import { onceFor } from './operator-feed.ts';
import type { AuditWriter, Results } from './results.service.ts';
import type { Trading } from './trading.service.ts';
import { eventDetail, eventRowView, money } from './views.ts';

export interface ConsoleRouteDeps {
  db: Db;
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  approvals: ApprovalsAccess;
  audit: AuditWriter;
}

const PAGE_SIZE = 25;
const ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export const actorOf = (request: FastifyRequest): ApprovalActor => {
  const operator = request.operator;
  if (!operator) throw new AppError('backoffice.session_required', 'operator session required, please log in');
  return { id: operator.id, username: operator.username, role: operator.role, ip: request.ip };
};

/** /api/backoffice/sportsbook: events, markets, results, liability and the console's thresholds. */
export function bookAdminRoutes(deps: ConsoleRouteDeps & { trading: Trading; results: Results }): FastifyPluginAsyncZod {
  const { db, trading } = deps;
  const read = { preHandler: deps.requireOperator('sportsbook.read') };
  const trade = { preHandler: deps.requireOperator('sportsbook.trade') };
  const schema = <T extends object>(summary: string, extra: T) => ({ tags: ['backoffice'], summary, security: [{ operator: [] }], ...extra });

  /** Runs a trading change once per request id, audits it, and answers the change. */
  async function change(request: FastifyRequest, action: string, eventId: string, requestId: string, details: Record<string, unknown>, run: () => Promise<number>) {
    const actor = actorOf(request);
    const { value, replayed } = await onceFor(db, { requestId, operatorId: actor.id, action, target: eventId }, async () => {
      const marketsChanged = await run();
      await deps.audit(db, { operatorId: actor.id, action: `sportsbook.${action}`, targetType: 'sportsbook_event', targetId: eventId, details: { ...details, marketsChanged }, ip: actor.ip });
      return { status: 'applied' as const, eventId, approvalId: null, marketsChanged };
    });
    return { ...value, replayed };
  }

  return async (app) => {
    app.get('/backoffice/sportsbook/events', { schema: schema('Sportsbook events by text, status and producer (live first)', { querystring: SportsbookAdminEventListQuerySchema, response: { 200: SportsbookAdminEventListSchema, ...ERRORS } }), ...read }, async (request) => {
      const { page, ...query } = request.query;
      const { rows, total } = await repository.listEvents(db, { ...query, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      return { content: rows.map(eventRowView), total, page, pageSize: PAGE_SIZE };
    });

    app.get('/backoffice/sportsbook/events/:id', { schema: schema('An event with its markets, odds, margins, liability per outcome and results', { params: SportsbookAdminEventParamsSchema, response: { 200: SportsbookAdminEventDetailSchema, ...ERRORS } }), ...read }, async (request) => {
      const row = await repository.findEvent(db, request.params.id);
      if (!row) throw new AppError('sportsbook.event_not_found', 'no such event', { eventId: request.params.id });
      return eventDetail(db, row);
    });

    app.post('/backoffice/sportsbook/events', { schema: schema('Create an event by hand (producer manual) with its markets', { body: SportsbookAdminCreateEventSchema, response: { 200: SportsbookAdminChangeSchema, ...ERRORS } }), ...trade }, async (request) => {
      const body = request.body;
      return change(request, 'event.created', `manual:${body.requestId}`, body.requestId, { ...body }, async () => (await trading.createEvent(body, body.requestId)).marketsChanged);
    });

    app.post('/backoffice/sportsbook/events/:id/markets', { schema: schema('Add markets to an event, or replace their odds and status', { params: SportsbookAdminEventParamsSchema, body: SportsbookAdminMarketsSchema, response: { 200: SportsbookAdminChangeSchema, ...ERRORS } }), ...trade }, async (request) =>
      change(request, 'markets.upserted', request.params.id, request.body.requestId, { markets: request.body.markets }, () => trading.upsertMarkets(request.params.id, request.body.markets)),
    );

    app.post('/backoffice/sportsbook/events/:id/state', { schema: schema('Set an event live (score, period, clock) or ended (its markets stopped)', { params: SportsbookAdminEventParamsSchema, body: SportsbookAdminEventStateSchema, response: { 200: SportsbookAdminChangeSchema, ...ERRORS } }), ...trade }, async (request) => {
      const { requestId, ...state } = request.body;
      return change(request, 'event.state', request.params.id, requestId, state, () => trading.setState(request.params.id, state));
    });

    app.post('/backoffice/sportsbook/events/:id/odds', { schema: schema("Change outcomes' odds of a market", { params: SportsbookAdminEventParamsSchema, body: SportsbookAdminOddsSchema, response: { 200: SportsbookAdminChangeSchema, ...ERRORS } }), ...trade }, async (request) => {
      const { requestId, marketKey, outcomes } = request.body;
      return change(request, 'odds.changed', request.params.id, requestId, { marketKey, outcomes }, () => trading.changeOdds(request.params.id, marketKey, outcomes));
    });

    for (const [path, status] of [['suspend', 'suspended'], ['reopen', 'active']] as const) {
      app.post(`/backoffice/sportsbook/events/:id/${path}`, { schema: schema(`${path === 'suspend' ? 'Suspend' : 'Reopen'} a market (or, without marketKey, every open market of the event)`, { params: SportsbookAdminEventParamsSchema, body: SportsbookAdminMarketStatusSchema, response: { 200: SportsbookAdminChangeSchema, ...ERRORS } }), ...trade }, async (request) =>
        change(request, `market.${path}`, request.params.id, request.body.requestId, { marketKey: request.body.marketKey ?? null }, () => trading.setStatus(request.params.id, request.body.marketKey, status)),
      );
    }

    app.post('/backoffice/sportsbook/events/:id/margin', { schema: schema("Reprice a market (or every open market) to a margin: the implied probabilities keep their shares and add up to 1 + margin", { params: SportsbookAdminEventParamsSchema, body: SportsbookAdminMarginSchema, response: { 200: SportsbookAdminChangeSchema, ...ERRORS } }), ...trade }, async (request) => {
      const { requestId, marketKey, marginPercent } = request.body;
      return change(request, 'market.margin', request.params.id, requestId, { marketKey: marketKey ?? null, marginPercent }, () => trading.setMargin(request.params.id, marketKey, marginPercent));
    });

    app.post(
      '/backoffice/sportsbook/events/:id/results',
      { schema: schema("Enter (or correct) a market's result: 200 applied, 202 waiting for a second operator's approval above the threshold", { params: SportsbookAdminEventParamsSchema, body: SportsbookAdminResultSchema, response: { 200: SportsbookAdminChangeSchema, 202: SportsbookAdminChangeSchema, ...ERRORS } }), preHandler: deps.requireOperator('sportsbook.settle') },
      async (request, reply) => {
        const actor = actorOf(request);
        const { requestId, reason, ...decision } = request.body;
        const eventId = request.params.id;
        const input = { eventId, marketKey: decision.marketKey, correction: decision.correction, ...(decision.outcomes ? { outcomes: decision.outcomes } : {}), ...(decision.void ? { void: true as const } : {}) };
        const { value, replayed } = await onceFor(db, { requestId, operatorId: actor.id, action: decision.correction ? 'result_correction' : 'result', target: `${eventId} ${decision.marketKey}` }, async () => {
          const outcome = await deps.results.decide(actor, input, reason, async (payload) => (await deps.approvals.propose(actor, SPORTSBOOK_RESULT_APPROVAL_KIND, payload, reason)).request.id);
          return { ...outcome, eventId };
        });
        return reply.code(value.status === 'pending_approval' ? 202 : 200).send({ ...value, replayed });
      },
    );

    app.get('/backoffice/sportsbook/liability', { schema: schema('Events with open tickets by potential return (each ticket once per event) and their worst outcome', { response: { 200: SportsbookAdminLiabilityListSchema, ...ERRORS } }), ...read }, async () => {
      const rows = await repository.eventLiability(db, 100);
      return {
        content: rows.map((row) => ({
          eventId: row.event_id,
          name: row.home !== null ? `${row.home} × ${row.away}` : row.competitors.join(', '),
          sportId: row.sport_id,
          status: row.status,
          startAt: row.start_at.toISOString(),
          tickets: row.tickets,
          stake: money(row.stake),
          potentialReturn: money(row.potential),
          worstOutcome: row.worst_market === null ? null : { marketKey: row.worst_market, outcomeId: row.worst_outcome ?? '', liability: money(row.worst_liability) },
        })),
      };
    });

    const settingsView = (row: repository.BackofficeSettingRow) => ({ resultApproval: money(row.result_approval_cents), voidApproval: money(row.void_approval_cents), bigBetStake: money(row.big_bet_stake_cents), bigBetReturn: money(row.big_bet_return_cents) });
    app.get('/backoffice/sportsbook/settings', { schema: schema("The console's thresholds: maker-checker for results and voids, big-bet alerts", { response: { 200: SportsbookAdminSettingsSchema, ...ERRORS } }), ...read }, async () => settingsView(await repository.settings(db)));

    const SettingsBody = SportsbookAdminSettingsSchema.extend({ bigBetStake: z.string().regex(/^\d{1,12}\.\d{2}$/), bigBetReturn: z.string().regex(/^\d{1,12}\.\d{2}$/), resultApproval: z.string().regex(/^\d{1,12}\.\d{2}$/), voidApproval: z.string().regex(/^\d{1,12}\.\d{2}$/) });
    app.put('/backoffice/sportsbook/settings', { schema: schema("Replace the console's thresholds", { body: SettingsBody, response: { 200: SportsbookAdminSettingsSchema, ...ERRORS } }), preHandler: deps.requireOperator('settings.manage') }, async (request) => {
      const actor = actorOf(request);
      const cents = (text: string) => parseCents(text) ?? 0n;
      const next = { result_approval_cents: cents(request.body.resultApproval), void_approval_cents: cents(request.body.voidApproval), big_bet_stake_cents: cents(request.body.bigBetStake), big_bet_return_cents: cents(request.body.bigBetReturn) };
      if (next.big_bet_stake_cents <= 0n || next.big_bet_return_cents <= 0n) throw new AppError('sportsbook.stake_invalid', 'the alert thresholds are above 0');
      await db.transaction().execute(async (tx) => {
        const before = await repository.settings(tx);
        await repository.saveSettings(tx, next);
        await deps.audit(tx as Db, { operatorId: actor.id, action: 'sportsbook.settings.updated', targetType: 'sportsbook_setting', targetId: 'backoffice', details: { before: settingsView(before), after: settingsView(next) }, ip: actor.ip });
      });
      return settingsView(next);
    });
  };
}
