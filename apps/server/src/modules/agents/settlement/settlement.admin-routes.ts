import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContractKindSchema, ErrorResponseSchema, SettlementLineSchema, SettlementLineStatusSchema } from '@app/contracts';
import type { OperatorPermission, OperatorPreHandler } from '../../backoffice/index.ts';
import type { Db } from '../../../platform/db.ts';
import { LINE_COLUMNS, toWireLine } from './settlement-reports.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const LIMIT = 200;

/**
 * /api/backoffice/agents/settlements: operators see settlement lines, above all those a payer
 * could not cover (status insufficient, retried by every run until paid), newest first.
 */
export function settlementAdminRoutes(deps: { db: Db; requireOperator: (permission?: OperatorPermission) => OperatorPreHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/agents/settlements',
      {
        preHandler: deps.requireOperator('agents.read'),
        schema: {
          tags: ['back-office: agents'],
          summary: 'Settlement lines by status and kind, newest first (at most 200)',
          security: [{ operator: [] }],
          querystring: z.object({ status: SettlementLineStatusSchema.optional(), kind: ContractKindSchema.optional() }),
          response: { 200: z.object({ lines: z.array(SettlementLineSchema) }), ...errors },
        },
      },
      async (request) => {
        const rows = await deps.db
          .selectFrom('agents_settlement_line as l')
          .innerJoin('agents_settlement_run as r', 'r.id', 'l.run_id')
          .innerJoin('accounts_member as a', 'a.id', 'l.agent_id')
          .leftJoin('accounts_member as p', 'p.id', 'l.payer_id')
          .select(LINE_COLUMNS)
          .$if(request.query.status !== undefined, (query) => query.where('l.status', '=', request.query.status!))
          .$if(request.query.kind !== undefined, (query) => query.where('l.kind', '=', request.query.kind!))
          .orderBy('l.id', 'desc')
          .limit(LIMIT)
          .execute();
        return { lines: rows.map(toWireLine) };
      },
    );
  };
}
