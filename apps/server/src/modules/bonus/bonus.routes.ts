import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BonusSummarySchema, ErrorResponseSchema, type BonusGrant, type BonusSummary } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { currentMember } from '../accounts/index.ts';
import * as repository from './bonus.repository.ts';
import type { GrantRow } from './bonus.repository.ts';
import type { BonusService } from './bonus.service.ts';

/** The wire view of a grant: amounts as money strings, the multiple without trailing zeros. */
export function grantView(row: GrantRow): BonusGrant {
  return {
    id: row.id.toString(),
    amount: formatCents(row.amount),
    balance: formatCents(row.balance),
    wageringMultiple: String(Number(row.wagering_multiple)),
    required: formatCents(row.required),
    // A grant converted from a round past its requirement shows exactly the requirement.
    done: formatCents(row.done > row.required ? row.required : row.done),
    status: row.status,
    sourceKind: row.source_kind,
    sourceId: row.source_id,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    closedAmount: row.closed_amount === null ? null : formatCents(row.closed_amount),
  };
}

export async function summaryOf(db: Db, service: BonusService, memberId: bigint): Promise<BonusSummary> {
  // A completed grant the event did not reach yet converts now, so the page never shows it stuck.
  await service.convertCompleted(memberId);
  const [rows, contributions] = await Promise.all([repository.listMemberGrants(db, memberId), repository.listContributions(db)]);
  const balance = rows.filter((row) => row.status === 'active').reduce((sum, row) => sum + row.balance, 0n);
  return { balance: formatCents(balance), grants: rows.map(grantView), contributions: contributions.map((row) => ({ gameType: row.game_type, percent: row.percent })) };
}

export function bonusRoutes(deps: { db: Db; service: BonusService; requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bonus/summary',
      {
        schema: {
          tags: ['bonus'],
          summary: 'The member\'s bonus grants (newest first), wagering progress and the contribution of each game type',
          security: [{ bearer: [] }],
          response: { 200: BonusSummarySchema, 401: ErrorResponseSchema },
        },
        preHandler: deps.requireMember,
      },
      async (request) => summaryOf(deps.db, deps.service, currentMember(request).id),
    );
  };
}
