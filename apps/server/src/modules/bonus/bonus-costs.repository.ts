import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/** What the grants of one source (e.g. one promotion) came to, in centavos. */
export interface BonusSourceCost {
  /** Every grant's amount. */
  granted: bigint;
  /** Closed amounts by how the grant closed. */
  converted: bigint;
  forfeited: bigint;
  expired: bigint;
  /** What grants still under wagering hold now (bets spend bonus after cash). */
  open: bigint;
}

/** Bonus grants of these sources (source_kind, source_id) summed by outcome: the promotions cost report. */
export async function costBySource(db: DbExecutor, kind: string, ids: readonly string[]): Promise<Map<string, BonusSourceCost>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('bonus_grant')
    .select([
      'source_id',
      sql<string>`sum(amount)::text`.as('granted'),
      sql<string>`coalesce(sum(closed_amount) filter (where status = 'converted'), 0)::text`.as('converted'),
      sql<string>`coalesce(sum(closed_amount) filter (where status = 'forfeited'), 0)::text`.as('forfeited'),
      sql<string>`coalesce(sum(closed_amount) filter (where status = 'expired'), 0)::text`.as('expired'),
      sql<string>`coalesce(sum(balance) filter (where status = 'active'), 0)::text`.as('open'),
    ])
    .where('source_kind', '=', kind)
    .where('source_id', 'in', ids)
    .groupBy('source_id')
    .execute();
  return new Map(
    rows.map((row) => [row.source_id, { granted: BigInt(row.granted), converted: BigInt(row.converted), forfeited: BigInt(row.forfeited), expired: BigInt(row.expired), open: BigInt(row.open) }]),
  );
}
