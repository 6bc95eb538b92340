import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/** SQL only: the provider module's tables. */

export interface VendorAccess {
  secret: string;
  enabled: boolean;
  ipAllowed: boolean;
}

/** The vendor's secret and switches, with the caller's address checked against the allow-list in SQL. */
export async function findVendorAccess(db: DbExecutor, vendorCode: string, ip: string | null): Promise<VendorAccess | undefined> {
  const result = await sql<{ secret: string; enabled: boolean; ip_allowed: boolean }>`
    select secret, enabled,
           (ip_allow is null or (${ip}::inet is not null and ${ip}::inet <<= any (ip_allow))) as ip_allowed
    from provider_vendor_secret where vendor_code = ${vendorCode}`.execute(db);
  const row = result.rows[0];
  return row && { secret: row.secret, enabled: row.enabled, ipAllowed: row.ip_allowed };
}

export async function upsertSession(db: DbExecutor, session: { vendorCode: string; memberId: bigint; demo: boolean; ttlMs: number }): Promise<void> {
  const expires = sql<Date>`now() + ${`${session.ttlMs} milliseconds`}::interval`;
  await db
    .insertInto('provider_player_session')
    .values({ vendor_code: session.vendorCode, member_id: session.memberId, demo: session.demo, expires_at: expires })
    .onConflict((conflict) => conflict.columns(['vendor_code', 'member_id']).doUpdateSet({ demo: session.demo, authenticated_at: sql`now()`, expires_at: expires }))
    .execute();
}

export async function findSession(db: DbExecutor, vendorCode: string, memberId: bigint): Promise<{ demo: boolean; expired: boolean } | undefined> {
  const row = await db
    .selectFrom('provider_player_session')
    .select(['demo', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('vendor_code', '=', vendorCode)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row;
}

export interface StoredTransaction {
  id: bigint;
  member_id: bigint;
  round_id: string;
  content_hash: Buffer;
  response: { balance: string; transactionId: string };
}

export async function findTransaction(db: DbExecutor, key: { vendorCode: string; action: 'bet' | 'win' | 'rollback'; transactionId: string }): Promise<StoredTransaction | undefined> {
  return db
    .selectFrom('provider_transaction')
    .select(['id', 'member_id', 'round_id', 'content_hash', 'response'])
    .where('vendor_code', '=', key.vendorCode)
    .where('action', '=', key.action)
    .where('transaction_id', '=', key.transactionId)
    .executeTakeFirst();
}

/** Stores the answer; undefined when a concurrent copy of the same transaction stored one first. */
export async function insertTransaction(
  db: DbExecutor,
  row: { vendorCode: string; action: 'bet' | 'win' | 'rollback'; transactionId: string; memberId: bigint; roundId: string; contentHash: Buffer; response: { balance: string; transactionId: string } },
): Promise<bigint | undefined> {
  const inserted = await db
    .insertInto('provider_transaction')
    .values({
      vendor_code: row.vendorCode,
      action: row.action,
      transaction_id: row.transactionId,
      member_id: row.memberId,
      round_id: row.roundId,
      content_hash: row.contentHash,
      response: JSON.stringify(row.response),
    })
    .onConflict((conflict) => conflict.columns(['vendor_code', 'action', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export interface RequestLogRow {
  vendorCode: string | null;
  action: string | null;
  transactionId: string | null;
  statusCode: number;
  errorCode: string | null;
  durationMs: number;
  ip: string | null;
}

export async function insertRequestLogs(db: DbExecutor, rows: readonly RequestLogRow[]): Promise<void> {
  await db
    .insertInto('provider_request_log')
    .values(
      rows.map((row) => ({
        vendor_code: row.vendorCode,
        action: row.action,
        transaction_id: row.transactionId,
        status_code: row.statusCode,
        error_code: row.errorCode,
        duration_ms: row.durationMs.toFixed(3),
        ip: row.ip,
      })),
    )
    .execute();
}

/** Creates the vendor's secret row when missing (demo seed); an existing secret is kept. */
export async function ensureVendorSecret(db: DbExecutor, vendorCode: string, secret: string): Promise<boolean> {
  const row = await db
    .insertInto('provider_vendor_secret')
    .values({ vendor_code: vendorCode, secret })
    .onConflict((conflict) => conflict.column('vendor_code').doNothing())
    .returning('vendor_code')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The betting record's round, changed in the callback's transaction. A bet adds to the stake
 * (rounds may hold several bets), a win to the winnings and may close the round; a rollback marks
 * it rolled back (the stake went back to the player).
 */
export async function recordRound(
  db: DbExecutor,
  change: { vendorCode: string; memberId: bigint; roundId: string; gameCode: string; gameType: string | null; bet?: bigint; win?: bigint; closes?: boolean; rolledBack?: boolean },
): Promise<void> {
  const status = change.rolledBack ? 'rolled_back' : change.closes ? 'settled' : 'open';
  await sql`
    insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
    values (${change.vendorCode}, ${change.memberId}, ${change.roundId}, ${change.gameCode}, ${change.gameType},
            ${change.bet ?? 0n}, ${change.win ?? 0n}, ${status}, ${status === 'open' ? null : sql`now()`})
    on conflict (vendor_code, member_id, round_id) do update set
      bet = provider_round.bet + excluded.bet,
      win = provider_round.win + excluded.win,
      status = case when provider_round.status = 'rolled_back' or excluded.status = 'open' then provider_round.status else excluded.status end,
      closed_at = coalesce(provider_round.closed_at, excluded.closed_at)`.execute(db);
}
