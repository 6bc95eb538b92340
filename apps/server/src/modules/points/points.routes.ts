import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentLanguageQuerySchema,
  ConvertRequestSchema,
  ConvertResultSchema,
  ErrorResponseSchema,
  PointsBalanceSchema,
  PointsConfigSchema,
  PointsItemListSchema,
  PointsMovementListSchema,
  RedeemRequestSchema,
  RedemptionListSchema,
  RedemptionSchema,
} from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { currentMember } from '../accounts/index.ts';
import type { AdminService } from './admin.service.ts';
import type { MallService } from './mall.service.ts';
import * as repository from './points.repository.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9_-]{8,100}$/).optional() });
const MOVEMENTS_PAGE = 50;

/** /api/points: balance, rules and rates, the mall, redemption, history, details and conversion (spec §7 MCS2_*Point*). */
export function pointsRoutes(deps: { db: Db; mall: MallService; admin: AdminService; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['points'];
    const member = { preHandler: deps.requireMember };
    const real = { preHandler: deps.requireRealMember };

    app.get('/points/config', { schema: { tags, summary: 'The exchange-rate table and the conversion rule (MCS2_getPointConfig)', response: { 200: PointsConfigSchema } } }, async () => deps.admin.config());

    app.get(
      '/points/items',
      { ...member, schema: { tags, summary: 'Mall items with what the member may still redeem (MCS2_getPointReward)', security: bearer, querystring: ContentLanguageQuerySchema, response: { 200: PointsItemListSchema, ...errors } } },
      async (request) => ({ items: await deps.mall.listItems(request.query.language, currentMember(request).id) }),
    );

    app.get('/points/balance', { ...member, schema: { tags, summary: 'The member\'s points (MCS2_getPointBalance)', security: bearer, response: { 200: PointsBalanceSchema, ...errors } } }, async (request) => {
      const memberId = currentMember(request).id;
      const [points, totals] = await Promise.all([deps.mall.pointsOf(memberId), repository.movementTotals(deps.db, memberId)]);
      return { points: points.toString(), earned: totals.earned.toString(), spent: totals.spent.toString() };
    });

    app.get(
      '/points/movements',
      { ...member, schema: { tags, summary: 'Points details: every earning and spending with its source, newest first', security: bearer, querystring: z.object({ before: z.string().regex(/^[1-9]\d{0,17}$/).optional() }), response: { 200: PointsMovementListSchema, ...errors } } },
      async (request) => {
        const rows = await repository.listMovements(deps.db, currentMember(request).id, { before: request.query.before ? BigInt(request.query.before) : undefined, limit: MOVEMENTS_PAGE + 1 });
        return {
          list: rows.slice(0, MOVEMENTS_PAGE).map((row) => ({ id: row.id.toString(), amount: row.amount.toString(), source: row.source, reference: row.reference, basis: row.basis === null ? null : formatCents(row.basis), createdAt: row.created_at.toISOString() })),
          hasMore: rows.length > MOVEMENTS_PAGE,
        };
      },
    );

    app.get(
      '/points/redemptions',
      { ...member, schema: { tags, summary: 'Redeem history (MCS2_getRedeemPointList)', security: bearer, querystring: ContentLanguageQuerySchema, response: { 200: RedemptionListSchema, ...errors } } },
      async (request) => ({ list: await deps.mall.history(currentMember(request).id, request.query.language) }),
    );

    app.post(
      '/points/redeem',
      {
        ...real,
        schema: {
          tags,
          summary: 'Redeem a mall item with the payment password (MCS2_redeemPointReward); a repeated Idempotency-Key (or requestId) answers the first redemption (200)',
          security: bearer,
          headers: IdempotencyHeaders,
          querystring: ContentLanguageQuerySchema,
          body: RedeemRequestSchema,
          response: { 200: RedemptionSchema, 201: RedemptionSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { redemption, replayed } = await deps.mall.redeem(currentMember(request).id, request.body, request.headers['idempotency-key'], request.query.language);
        return reply.code(replayed ? 200 : 201).send(redemption);
      },
    );

    app.post(
      '/points/convert',
      {
        ...real,
        schema: { tags, summary: 'Convert points to cash at the configured rate, with the payment password (MCS2_convertPoint); idempotent', security: bearer, headers: IdempotencyHeaders, body: ConvertRequestSchema, response: { 200: ConvertResultSchema, ...errors } },
      },
      async (request) => deps.mall.convert(currentMember(request).id, request.body, request.headers['idempotency-key']),
    );
  };
}
