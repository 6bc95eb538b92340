import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCheckinTableInputSchema,
  AdminCheckinTableSchema,
  AdminMissionInputSchema,
  AdminMissionListSchema,
  AdminMissionParamsSchema,
  AdminMissionSchema,
  CheckinResultSchema,
  CheckinStateSchema,
  ErrorResponseSchema,
  MissionClaimParamsSchema,
  MissionClaimResultSchema,
  MissionLeaderboardQuerySchema,
  MissionLeaderboardSchema,
  MissionSummaryQuerySchema,
  MissionSummarySchema,
  MissionUnreadSchema,
  TRIAL_ACCOUNT_TYPE,
  type OperatorPermission,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { AdminService } from './admin.service.ts';
import type { CheckinService } from './checkin.service.ts';
import type { OperatorActor } from './missions.ports.ts';
import type { MissionsService } from './missions.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ bearer: [] }];

/** /api/missions: the summary, claims, the unread badge, the leaderboard and the sign-in check-in (spec §7 MCSFE_getMissionSummaryDetails, MCSFE_getMissionLeaderboard). */
export function missionsRoutes(deps: { missions: MissionsService; checkin: CheckinService; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['missions'];
    const member = { preHandler: deps.requireMember };
    const real = { preHandler: deps.requireRealMember };
    const isTrial = (request: FastifyRequest) => currentMember(request).type === TRIAL_ACCOUNT_TYPE;

    app.get(
      '/missions',
      { ...member, schema: { tags, summary: 'Every active mission of the current period with progress, status and reward, then recently expired ones (MCSFE_getMissionSummaryDetails)', security: bearer, querystring: MissionSummaryQuerySchema, response: { 200: MissionSummarySchema, ...errors } } },
      async (request) => deps.missions.summary(currentMember(request).id, request.query.language),
    );
    app.post(
      '/missions/:id/claim',
      { ...real, schema: { tags, summary: 'Claims a completed mission\'s reward for the current period; a repeated or concurrent claim answers paid: false', security: bearer, params: MissionClaimParamsSchema, querystring: MissionSummaryQuerySchema, response: { 200: MissionClaimResultSchema, ...errors } } },
      async (request) => deps.missions.claim(currentMember(request).id, BigInt(request.params.id), request.query.language),
    );
    app.get(
      '/missions/unread',
      { ...member, schema: { tags, summary: 'The member centre badge: claimable missions not yet seen, plus today\'s open check-in', security: bearer, response: { 200: MissionUnreadSchema, ...errors } } },
      async (request) => deps.missions.unread(currentMember(request).id, isTrial(request)),
    );
    app.post(
      '/missions/seen',
      { ...member, schema: { tags, summary: 'Marks the claimable missions as seen (the missions tab was opened)', security: bearer, response: { 200: MissionUnreadSchema, ...errors } } },
      async (request) => deps.missions.markSeen(currentMember(request).id, isTrial(request)),
    );
    app.get(
      '/missions/leaderboard',
      { ...member, schema: { tags, summary: 'Members ranked by missions completed this day / week / month, names masked, top 50 and the member\'s own line (MCSFE_getMissionLeaderboard)', security: bearer, querystring: MissionLeaderboardQuerySchema, response: { 200: MissionLeaderboardSchema, ...errors } } },
      async (request) => deps.missions.leaderboard(currentMember(request).id, request.query.period),
    );
    app.get(
      '/missions/checkin',
      { ...member, schema: { tags, summary: 'The sign-in check-in: today, the streak, the next reward and the table of day 1…7', security: bearer, querystring: MissionSummaryQuerySchema, response: { 200: CheckinStateSchema, ...errors } } },
      async (request) => deps.checkin.state(currentMember(request).id),
    );
    app.post(
      '/missions/checkin',
      { ...real, schema: { tags, summary: 'Checks in for today and pays the streak day\'s reward; a repeated or concurrent call answers checkedIn: false', security: bearer, querystring: MissionSummaryQuerySchema, response: { 200: CheckinResultSchema, ...errors } } },
      async (request) => deps.checkin.checkIn(currentMember(request).id),
    );
  };
}

/** /api/backoffice/missions: missions and the check-in reward table (promotions.manage), every change audited. */
export function missionsAdminRoutes(deps: { admin: AdminService; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { preHandler: deps.requireOperator('promotions.manage') };
    const tags = ['back-office: missions'];
    const security = [{ operator: [] }];
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };

    app.get('/backoffice/missions', { ...manage, schema: { tags, security, summary: 'Every mission with its completions and claims in the current period', response: { 200: AdminMissionListSchema, ...errors } } }, async () => ({ missions: await deps.admin.list() }));
    app.post('/backoffice/missions', { ...manage, schema: { tags, security, body: AdminMissionInputSchema, response: { 201: AdminMissionSchema, ...errors } } }, async (request, reply) => {
      reply.code(201);
      return deps.admin.create(request.body, actorOf(request));
    });
    app.get('/backoffice/missions/checkin', { ...manage, schema: { tags, security, summary: 'The check-in reward table (day 1…7)', response: { 200: AdminCheckinTableSchema, ...errors } } }, async () => deps.admin.checkinTable());
    app.put('/backoffice/missions/checkin', { ...manage, schema: { tags, security, body: AdminCheckinTableInputSchema, response: { 200: AdminCheckinTableSchema, ...errors } } }, async (request) => deps.admin.setCheckinTable(request.body, actorOf(request)));
    app.put('/backoffice/missions/:id', { ...manage, schema: { tags, security, params: AdminMissionParamsSchema, body: AdminMissionInputSchema, response: { 200: AdminMissionSchema, ...errors } } }, async (request) =>
      deps.admin.update(BigInt(request.params.id), request.body, actorOf(request)),
    );
    app.post('/backoffice/missions/:id/deactivate', { ...manage, schema: { tags, security, params: AdminMissionParamsSchema, response: { 200: AdminMissionSchema, ...errors } } }, async (request) =>
      deps.admin.deactivate(BigInt(request.params.id), actorOf(request)),
    );
  };
}
