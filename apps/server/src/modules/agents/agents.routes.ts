import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentAnnouncementListSchema,
  AgentPeriodQuerySchema,
  ErrorResponseSchema,
  ProfitLossQuerySchema,
  ProfitLossReportSchema,
  RevenueReportSchema,
  SettlementPageSchema,
  SettlementQuerySchema,
  TeamBetPageSchema,
  TeamBetQuerySchema,
  TeamOverviewSchema,
  TeamTransactionPageSchema,
  TeamTransactionQuerySchema,
  type AgentAnnouncementList,
} from '@app/contracts';
import { AppError, systemClock, type Clock } from '@app/kernel';
import { currentMember, isAgentType } from '../accounts/index.ts';
import type { AgentsSettings } from './agents.ports.ts';
import { resolvePeriod } from './reports/periods.ts';
import type { ReportAgent, ReportsService } from './reports/reports.service.ts';
import { revenueReport, settlementPage } from './settlement/settlement-reports.ts';
import type { Db } from '../../platform/db.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['agents'];

/** The logged-in member, who must be an agent (spec §6): the reports are the agent's own tree only. */
export function currentAgent(request: FastifyRequest): ReportAgent {
  const member = currentMember(request);
  if (!isAgentType(member.type)) throw new AppError('auth.agent_only', 'only agents have an agent centre');
  return { id: member.id, account: member.account, type: member.type };
}

/** Agent centre reports (spec §2): overview, team betting, profit and loss, transactions, income, announcements. */
export function agentReportRoutes(deps: {
  db: Db;
  reports: ReportsService;
  settings: () => Promise<AgentsSettings>;
  announcements: (language: string | null) => Promise<AgentAnnouncementList>;
  requireMember: preHandlerAsyncHookHandler;
  clock?: Clock;
}): FastifyPluginAsyncZod {
  const clock = deps.clock ?? systemClock;
  const route = { preHandler: deps.requireMember };
  return async (app) => {
    app.get(
      '/agent/overview',
      { ...route, schema: { tags, summary: 'Team overview for a period', security: bearer, querystring: AgentPeriodQuerySchema, response: { 200: TeamOverviewSchema, ...errors } } },
      async (request) => deps.reports.overview(currentAgent(request), request.query),
    );
    app.get(
      '/agent/bets',
      { ...route, schema: { tags, summary: "The team's betting records", security: bearer, querystring: TeamBetQuerySchema, response: { 200: TeamBetPageSchema, ...errors } } },
      async (request) => deps.reports.teamBets(currentAgent(request), request.query),
    );
    app.get(
      '/agent/profit-loss',
      { ...route, schema: { tags, summary: 'Downline profit and loss by member or by day', security: bearer, querystring: ProfitLossQuerySchema, response: { 200: ProfitLossReportSchema, ...errors } } },
      async (request) => deps.reports.profitLoss(currentAgent(request), request.query),
    );
    app.get(
      '/agent/transactions',
      {
        ...route,
        schema: { tags, summary: "Downlines' account records", security: bearer, querystring: TeamTransactionQuerySchema.extend({ language: z.enum(['pt', 'en']).default('pt') }), response: { 200: TeamTransactionPageSchema, ...errors } },
      },
      async (request) => deps.reports.transactions(currentAgent(request), request.query, request.query.language),
    );
    app.get(
      '/agent/settlements',
      { ...route, schema: { tags, summary: 'Settlement lines received or paid, by kind', security: bearer, querystring: SettlementQuerySchema, response: { 200: SettlementPageSchema, ...errors } } },
      async (request) => {
        const agent = currentAgent(request);
        const settings = await deps.settings();
        return settlementPage(deps.db, agent.id, resolvePeriod(request.query, settings.timeZone, clock.now()), request.query);
      },
    );
    app.get(
      '/agent/revenue',
      { ...route, schema: { tags, summary: 'My income by contract kind', security: bearer, querystring: AgentPeriodQuerySchema, response: { 200: RevenueReportSchema, ...errors } } },
      async (request) => {
        const agent = currentAgent(request);
        const settings = await deps.settings();
        return revenueReport(deps.db, agent.id, resolvePeriod(request.query, settings.timeZone, clock.now()), (kind) => settings.contracts[kind]);
      },
    );
    app.get(
      '/agent/announcements',
      { ...route, schema: { tags, summary: 'Announcements for agents', security: bearer, response: { 200: AgentAnnouncementListSchema, ...errors } } },
      async (request) => {
        currentAgent(request);
        return deps.announcements(currentMember(request).language);
      },
    );
  };
}
