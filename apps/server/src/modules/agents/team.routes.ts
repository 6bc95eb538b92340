import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentPeriodQuerySchema,
  AgentTransferPageSchema,
  AgentTransferQuerySchema,
  DownlinePageSchema,
  DownlineQuerySchema,
  DownlineSchema,
  DownlineSummarySchema,
  ErrorResponseSchema,
  ReferralSchema,
  RegisterDownlineResponseSchema,
  RegisterDownlineSchema,
  SetDownlineTypeSchema,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import { qrSvg } from '../../platform/qr-svg.ts';
import type { DownlineService } from '../accounts/index.ts';
import { teamSize } from './agent-tree.repository.ts';
import { currentAgent } from './agents.routes.ts';
import type { ReportsService } from './reports/reports.service.ts';
import type { Db } from '../../platform/db.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['agents'];
const AccountParams = z.object({ account: z.string().max(64) });

/** Team management (spec downlineManagmentView, registerCenter) and the agent's transfers: the agent's own tree only. */
export function agentTeamRoutes(deps: {
  db: Db;
  reports: ReportsService;
  downlines: DownlineService;
  /** The public site address the referral link starts with. */
  publicUrl: string;
  requireMember: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const route = { preHandler: deps.requireMember };
  const referralLink = (code: string) => `${deps.publicUrl.replace(/\/$/, '')}/register?referralCode=${encodeURIComponent(code)}`;
  return async (app) => {
    app.get(
      '/agent/downlines',
      { ...route, schema: { tags, summary: 'Team members, searchable by account', security: bearer, querystring: DownlineQuerySchema, response: { 200: DownlinePageSchema, ...errors } } },
      async (request) => deps.reports.downlines(currentAgent(request), request.query),
    );
    app.get(
      '/agent/downlines/:account',
      { ...route, schema: { tags, summary: "A team member's summary for a period", security: bearer, params: AccountParams, querystring: AgentPeriodQuerySchema, response: { 200: DownlineSummarySchema, ...errors } } },
      async (request) => deps.reports.downlineSummary(currentAgent(request), request.params.account, request.query),
    );
    app.put(
      '/agent/downlines/:account/type',
      { ...route, schema: { tags, summary: "Set a direct downline's account type", security: bearer, params: AccountParams, body: SetDownlineTypeSchema, response: { 200: z.object({ downline: DownlineSchema }), ...errors } } },
      async (request) => {
        const agent = currentAgent(request);
        const row = await deps.reports.downlineOf(agent, request.params.account);
        if (row.level !== 1) throw new AppError('agents.not_direct_downline', 'only a direct downline');
        const team = await teamSize(deps.db, row.id);
        await deps.downlines.setType(agent, row.id, request.body.type, team.team > 0);
        return { downline: deps.reports.toDownline(agent, await deps.reports.downlineOf(agent, row.account)) };
      },
    );
    app.post(
      '/agent/downlines',
      { ...route, schema: { tags, summary: 'Open an account in my tree (registerCenter)', security: bearer, body: RegisterDownlineSchema, response: { 200: RegisterDownlineResponseSchema, ...errors } } },
      async (request) => {
        const agent = currentAgent(request);
        await deps.downlines.register(agent, { ...request.body, ip: request.ip });
        return { downline: deps.reports.toDownline(agent, await deps.reports.downlineOf(agent, request.body.account)) };
      },
    );
    app.get(
      '/agent/transfers',
      { ...route, schema: { tags, summary: 'My transfers to and from my upline and downlines', security: bearer, querystring: AgentTransferQuerySchema, response: { 200: AgentTransferPageSchema, ...errors } } },
      async (request) => deps.reports.transfers(currentAgent(request), request.query),
    );
    app.get(
      '/agent/referral',
      { ...route, schema: { tags, summary: 'My referral code, link and QR code', security: bearer, response: { 200: ReferralSchema, ...errors } } },
      async (request) => {
        const code = await deps.downlines.referralCode(currentAgent(request).id);
        return { referralCode: code, link: referralLink(code), qrUrl: `/api/agent/referral/${encodeURIComponent(code)}/qr.svg` };
      },
    );
    // Public on purpose: the code is what the agent shares anyway, and an <img> sends no bearer token.
    app.get(
      '/agent/referral/:code/qr.svg',
      { schema: { tags, summary: 'The referral link as an SVG QR code', params: z.object({ code: z.string().regex(/^[A-Za-z0-9]{4,20}$/) }) } },
      async (request, reply) => {
        reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400');
        return qrSvg(referralLink(request.params.code), { margin: 4 });
      },
    );
  };
}
