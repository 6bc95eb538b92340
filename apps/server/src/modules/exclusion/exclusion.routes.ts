import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminRestrictionListSchema,
  AdminRestrictionQuerySchema,
  BarredImportRequestSchema,
  BarredImportResultSchema,
  BarredOverviewSchema,
  CloseAccountSchema,
  ErrorResponseSchema,
  ExclusionStateSchema,
  RestrictionViewSchema,
  TakeRestrictionSchema,
  WithdrawOnlyLoginSchema,
  WithdrawOnlyOptionsSchema,
  WithdrawOnlyRequestSchema,
  WithdrawOnlyResultSchema,
  type OperatorPermission,
} from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { BarredService } from './barred.service.ts';
import * as repository from './exclusion.repository.ts';
import { restrictionView, type ExclusionService } from './exclusion.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const operatorSecurity = [{ operator: [] }];
const tags = ['exclusion'];
const PAGE_SIZE = 20;

/**
 * /api/exclusion: the member's cool-off, self-exclusion and account closure (security centre), and
 * the withdraw-only path of a member who may not log in (public: account and login password).
 */
export function exclusionRoutes(deps: { service: ExclusionService; requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/exclusion', { preHandler: deps.requireMember, schema: { tags, summary: 'My restriction in force (if any), the periods offered and my balance', security: bearer, response: { 200: ExclusionStateSchema, ...errors } } }, async (request) =>
      deps.service.state(currentMember(request).id),
    );
    app.post(
      '/exclusion',
      { preHandler: deps.requireMember, schema: { tags, summary: 'Take a cool-off (24 h, 7 d, 30 d) or a self-exclusion (1–12 months, indefinite): every session ends at once', security: bearer, body: TakeRestrictionSchema, response: { 200: RestrictionViewSchema, ...errors } } },
      async (request) => deps.service.take(currentMember(request).id, request.body),
    );
    app.post(
      '/exclusion/closure',
      { preHandler: deps.requireMember, schema: { tags, summary: 'Close my account (balance 0.00 first): every session ends, login is refused', security: bearer, body: CloseAccountSchema, response: { 200: RestrictionViewSchema, ...errors } } },
      async (request) => deps.service.close(currentMember(request).id, request.body),
    );
    app.post(
      '/exclusion/withdrawal/options',
      { schema: { tags, summary: 'Withdraw-only path (a member who may not log in): balance and payout key, after account and login password', body: WithdrawOnlyLoginSchema, response: { 200: WithdrawOnlyOptionsSchema, ...errors } } },
      async (request) => deps.service.withdrawOptions(request.body.account, request.body.password),
    );
    app.post(
      '/exclusion/withdrawal',
      { schema: { tags, summary: 'Withdraw-only path: the whole balance to the registered payout key (payments’ normal withdrawal)', body: WithdrawOnlyRequestSchema, response: { 200: WithdrawOnlyResultSchema, ...errors } } },
      async (request) => deps.service.withdraw(request.body.account, request.body.password, request.body.paymentPassword, request.body.requestId),
    );
  };
}

/**
 * /api/backoffice/exclusion: restrictions (read-only: no operator can lift or shorten one — there is
 * no such route), the barred-persons list import, hits with their notices, and a whole-base check now.
 */
export function exclusionAdminRoutes(deps: { db: Db; barred: BarredService; now: () => Date; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { preHandler: deps.requireOperator('rg.read') };
    const barred = { preHandler: deps.requireOperator('rg.barred') };
    const tagsAdmin = ['backoffice-exclusion'];
    app.get('/backoffice/exclusion/restrictions', { ...read, schema: { tags: tagsAdmin, security: operatorSecurity, summary: 'Cool-offs, self-exclusions, closures and barred closures with their end', querystring: AdminRestrictionQuerySchema, response: { 200: AdminRestrictionListSchema, ...errors } } }, async (request) => {
      const { kind, account, page } = request.query;
      const now = deps.now();
      const rows = await repository.listRestrictions(deps.db, { ...(kind ? { kind } : {}), ...(account ? { account } : {}), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, now);
      return {
        rows: rows.map((row) => ({ ...restrictionView(row), account: row.account, active: row.starts_at <= now && (row.ends_at === null || row.ends_at > now), withdrawUntil: row.withdraw_until?.toISOString() ?? null })),
        total: Number(rows[0]?.total ?? 0),
        page,
      };
    });
    app.get('/backoffice/exclusion/barred', { ...barred, schema: { tags: tagsAdmin, security: operatorSecurity, summary: 'The barred-persons list: size, imports, hits with their notices, the last whole-base check', response: { 200: BarredOverviewSchema, ...errors } } }, async () => deps.barred.overview());
    app.post(
      '/backoffice/exclusion/barred/import',
      { ...barred, bodyLimit: 1_200_000, schema: { tags: tagsAdmin, security: operatorSecurity, summary: 'Import CPFs (pasted or uploaded text/CSV): accepted, invalid, duplicates; members with them closed at once', body: BarredImportRequestSchema, response: { 200: BarredImportResultSchema, ...errors } } },
      async (request) => {
        const operator = currentOperator(request);
        return deps.barred.importList({ id: operator.id, username: operator.username, ip: request.ip }, request.body.text);
      },
    );
    app.post('/backoffice/exclusion/barred/check', { ...barred, schema: { tags: tagsAdmin, security: operatorSecurity, summary: 'Run the whole-base barred-persons check now (the job runs it every 15 days)', response: { 200: BarredOverviewSchema.shape.lastRun.unwrap(), ...errors } } }, async () => {
      await deps.barred.runWholeBase();
      const run = (await repository.lastRun(deps.db))!;
      return { startedAt: run.started_at.toISOString(), finishedAt: run.finished_at?.toISOString() ?? null, checked: run.checked, hits: run.hits, error: run.error };
    });
  };
}
