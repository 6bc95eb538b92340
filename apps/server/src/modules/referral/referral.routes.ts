import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReferralListSchema,
  AdminReferralQuerySchema,
  AdminReferralRulesSchema,
  ErrorResponseSchema,
  REFERRAL_FLAG_REASONS,
  ReferralOverviewSchema,
  ReferralRefereeParamsSchema,
  ReferralRulesInputSchema,
  ReferralStateSchema,
  REFERRAL_STATUSES,
  type OperatorPermission,
  type ReferralFlagReason,
  type ReferralStatus,
} from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { qrSvg } from '../../platform/qr-svg.ts';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { Payout } from './referral.payout.ts';
import type { ReferralActor, ReferralPorts } from './referral.ports.ts';
import * as repository from './referral.repository.ts';
import { presentRules, type ReferralService } from './referral.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const PAGE_SIZE = 20;

/** /api/referral: the programme's public state, the member's invite page and the code's QR image. */
export function referralRoutes(deps: { service: ReferralService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['referral'];
    app.get('/referral/state', { schema: { tags, summary: 'availablePromo REFERRAL.enabled (spec §3): whether the invite-friends entry shows', response: { 200: ReferralStateSchema } } }, async () => ({
      enabled: await deps.service.enabled(),
    }));
    app.get(
      '/referral',
      { preHandler: deps.requireRealMember, schema: { tags, summary: 'My code, link and QR code, the rules, my counters and my referees (masked)', security: bearer, response: { 200: ReferralOverviewSchema, ...errors } } },
      async (request) => deps.service.overview(currentMember(request).id),
    );
    // Public on purpose, like the agents' QR: the code is what the member shares anyway, and an <img> sends no bearer token.
    app.get(
      '/referral/:code/qr.svg',
      { schema: { tags, summary: 'The referral link as an SVG QR code', params: z.object({ code: z.string().regex(/^R-[A-HJ-NP-Z2-9]{8}$/) }) } },
      async (request, reply) => {
        reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400');
        return qrSvg(deps.service.linkOf(request.params.code), { margin: 4 });
      },
    );
  };
}

/** /api/backoffice/referral: the rules (referral.manage, versioned and audited), referrals and the review queue (referral.review). */
export function referralAdminRoutes(deps: {
  db: Db;
  service: ReferralService;
  payout: Payout;
  ports: Pick<ReferralPorts, 'accountNamesOf' | 'memberIdOf'>;
  requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { preHandler: deps.requireOperator('referral.manage') };
    const review = { preHandler: deps.requireOperator('referral.review') };
    const tags = ['back-office: referral'];
    const security = [{ operator: [] }];
    const actorOf = (request: FastifyRequest): ReferralActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get('/backoffice/referral/rules', { ...manage, schema: { tags, security, summary: 'The rules in force (null: never set, the programme is off)', response: { 200: AdminReferralRulesSchema, ...errors } } }, async () => {
      const rules = await repository.currentRules(deps.db);
      return { rules: rules ? presentRules(rules) : null };
    });
    app.put(
      '/backoffice/referral/rules',
      { ...manage, schema: { tags, security, summary: 'A new version of the rules (audited)', body: ReferralRulesInputSchema, response: { 200: AdminReferralRulesSchema, ...errors } } },
      async (request) => ({ rules: await deps.service.saveRules(request.body, actorOf(request)) }),
    );

    app.get('/backoffice/referral/referrals', { ...review, schema: { tags, security, summary: 'Referrals, newest first, by status and referrer account', querystring: AdminReferralQuerySchema, response: { 200: AdminReferralListSchema, ...errors } } }, async (request) => {
      const { status, referrer, page } = request.query;
      const referrerId = referrer === undefined ? undefined : await deps.ports.memberIdOf(referrer);
      if (referrer !== undefined && referrerId === undefined) return { content: [], total: 0, page, pageSize: PAGE_SIZE };
      const { rows, total } = await repository.listReferrals(deps.db, { status, referrerId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      const names = await deps.ports.accountNamesOf([...new Set(rows.flatMap((row) => [row.referee_id, row.referrer_id]))]);
      return {
        content: rows.map((row) => ({
          refereeId: row.referee_id.toString(),
          referee: names.get(row.referee_id) ?? '',
          referrerId: row.referrer_id.toString(),
          referrer: names.get(row.referrer_id) ?? '',
          code: row.code,
          registeredAt: row.registered_at.toISOString(),
          registrationIp: row.registration_ip,
          status: (REFERRAL_STATUSES as readonly string[]).includes(row.status) ? (row.status as ReferralStatus) : 'pending',
          flagReasons: row.flag_reasons.filter((reason): reason is ReferralFlagReason => (REFERRAL_FLAG_REASONS as readonly string[]).includes(reason)),
          reward: row.amount === null ? null : formatCents(row.amount),
          decidedBy: row.decided_by,
          decidedAt: row.decided_at?.toISOString() ?? null,
        })),
        total,
        page,
        pageSize: PAGE_SIZE,
      };
    });

    for (const decision of ['release', 'reject'] as const) {
      app.post(
        `/backoffice/referral/referrals/:refereeId/${decision}`,
        {
          ...review,
          schema: { tags, security, summary: decision === 'release' ? 'Pays a flagged referral (within the cap; audited)' : 'Refuses a flagged referral for good (audited)', params: ReferralRefereeParamsSchema, response: { 200: z.object({ status: z.enum(REFERRAL_STATUSES) }), ...errors } },
        },
        async (request) => {
          const result = await deps.payout.decide(BigInt(request.params.refereeId), decision, actorOf(request));
          return { status: result.status as ReferralStatus };
        },
      );
    }
  };
}
