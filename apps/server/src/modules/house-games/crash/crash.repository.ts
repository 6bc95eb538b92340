import { sql, type Selectable } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { CrashBetTable, CrashChainTable, CrashRoundTable } from '../house-games.tables.ts';

export type CrashChainRow = Selectable<CrashChainTable>;
export type CrashRoundRow = Selectable<CrashRoundTable>;
export type CrashBetRow = Selectable<CrashBetTable>;

/** The database's clock (epoch ms): the one clock that decides cash-outs, whichever process asks. */
export async function databaseNow(db: DbExecutor): Promise<number> {
  const result = await sql<{ now: string }>`select (extract(epoch from clock_timestamp()) * 1000)::float8::text as now`.execute(db);
  return Number(result.rows[0]!.now);
}

export async function latestChain(db: DbExecutor): Promise<CrashChainRow | undefined> {
  return db.selectFrom('crash_chain').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findChain(db: DbExecutor, id: number): Promise<CrashChainRow | undefined> {
  return db.selectFrom('crash_chain').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertChain(db: DbExecutor, chain: { seed: string; length: number; terminatingHash: string; salt: string }): Promise<CrashChainRow> {
  return db.insertInto('crash_chain').values({ seed: chain.seed, length: chain.length, terminating_hash: chain.terminatingHash, salt: chain.salt }).returningAll().executeTakeFirstOrThrow();
}

export async function latestRound(db: DbExecutor): Promise<CrashRoundRow | undefined> {
  return db.selectFrom('crash_round').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findRound(db: DbExecutor, id: bigint): Promise<CrashRoundRow | undefined> {
  return db.selectFrom('crash_round').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRoundAt(db: DbExecutor, chainId: number, position: number): Promise<CrashRoundRow | undefined> {
  return db.selectFrom('crash_round').selectAll().where('chain_id', '=', chainId).where('position', '=', position).executeTakeFirst();
}

export async function insertRound(db: DbExecutor, round: { chainId: number; position: number; hash: string; crashPoint: bigint; bettingMs: number }): Promise<CrashRoundRow> {
  return db
    .insertInto('crash_round')
    .values({
      chain_id: round.chainId,
      position: round.position,
      hash: round.hash,
      crash_point: round.crashPoint,
      betting_ends_at: sql<Date>`clock_timestamp() + make_interval(secs => ${round.bettingMs / 1000})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The live round (betting or running) locked against phase changes for the caller's transaction. */
export async function shareLiveRound(tx: DbExecutor, roundId?: bigint) {
  let query = tx
    .selectFrom('crash_round')
    .selectAll()
    .select([
      sql<boolean>`clock_timestamp() < betting_ends_at`.as('betting_open'),
      sql<string>`(extract(epoch from clock_timestamp() - started_at) * 1000)::float8::text`.as('elapsed_ms'),
    ])
    .where('phase', '<>', 'crashed');
  if (roundId !== undefined) query = query.where('id', '=', roundId);
  return query.forShare().executeTakeFirst();
}

/** The round locked for a phase change; `elapsed_ms` is read after the lock, from the database clock. */
export async function lockRound(tx: DbExecutor, id: bigint) {
  return tx
    .selectFrom('crash_round')
    .selectAll()
    .select([
      sql<boolean>`clock_timestamp() >= betting_ends_at`.as('betting_over'),
      sql<string>`(extract(epoch from clock_timestamp() - started_at) * 1000)::float8::text`.as('elapsed_ms'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function recentCrashed(db: DbExecutor, limit: number): Promise<CrashRoundRow[]> {
  return db.selectFrom('crash_round').selectAll().where('phase', '=', 'crashed').orderBy('id', 'desc').limit(limit).execute();
}

export async function roundBets(db: DbExecutor, roundId: bigint): Promise<CrashBetRow[]> {
  return db.selectFrom('crash_bet').selectAll().where('round_id', '=', roundId).where('status', 'in', ['placed', 'cashed', 'lost']).orderBy('amount', 'desc').orderBy('id').execute();
}

export async function insertBet(tx: DbExecutor, bet: { roundId: bigint; memberId: bigint; requestId: string; amount: bigint; autoCashOut: bigint | null }): Promise<CrashBetRow> {
  return tx
    .insertInto('crash_bet')
    .values({ round_id: bet.roundId, member_id: bet.memberId, request_id: bet.requestId, amount: bet.amount, auto_cash_out: bet.autoCashOut })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBetByRequest(db: DbExecutor, memberId: bigint, requestId: string): Promise<CrashBetRow | undefined> {
  return db.selectFrom('crash_bet').selectAll().where('member_id', '=', memberId).where('request_id', '=', requestId).executeTakeFirst();
}

export async function findMemberBet(db: DbExecutor, memberId: bigint, betId: bigint): Promise<CrashBetRow | undefined> {
  return db.selectFrom('crash_bet').selectAll().where('member_id', '=', memberId).where('id', '=', betId).executeTakeFirst();
}

export async function lockBet(tx: DbExecutor, memberId: bigint, betId: bigint): Promise<CrashBetRow | undefined> {
  return tx.selectFrom('crash_bet').selectAll().where('member_id', '=', memberId).where('id', '=', betId).forUpdate().executeTakeFirst();
}

export async function memberBets(db: DbExecutor, memberId: bigint, limit: number): Promise<CrashBetRow[]> {
  return db.selectFrom('crash_bet').selectAll().where('member_id', '=', memberId).where('status', 'in', ['placed', 'cashed', 'lost', 'refunded', 'pending']).orderBy('id', 'desc').limit(limit).execute();
}

/** Moves a bet from one status to the next only if nobody moved it first; answers the moved row. */
export async function moveBet(db: DbExecutor, id: bigint, from: CrashBetRow['status'], change: Partial<Pick<CrashBetRow, 'status' | 'cash_out' | 'win' | 'provider_bet_id' | 'closed_at'>>): Promise<CrashBetRow | undefined> {
  return db.updateTable('crash_bet').set(change).where('id', '=', id).where('status', '=', from).returningAll().executeTakeFirst();
}

export async function markClosed(db: DbExecutor, id: bigint): Promise<void> {
  await db.updateTable('crash_bet').set({ closed_at: sql<Date>`clock_timestamp()` }).where('id', '=', id).where('closed_at', 'is', null).execute();
}

/** Bets whose closing call is still owed: decided (cashed, lost, refunded) but not confirmed, in rounds up to `roundId`. */
export async function unclosedBets(db: DbExecutor, options: { roundId?: bigint; olderThanMs?: number; limit: number }): Promise<CrashBetRow[]> {
  let query = db.selectFrom('crash_bet').selectAll().where('closed_at', 'is', null).where('status', 'in', ['cashed', 'lost', 'refunded']);
  if (options.roundId !== undefined) query = query.where('round_id', '=', options.roundId);
  if (options.olderThanMs !== undefined) query = query.where(sql<boolean>`created_at < clock_timestamp() - make_interval(secs => ${options.olderThanMs / 1000})`);
  return query.orderBy('id').limit(options.limit).execute();
}

export async function countPending(db: DbExecutor, roundId: bigint): Promise<number> {
  const row = await db.selectFrom('crash_bet').select((eb) => eb.fn.countAll<string>().as('count')).where('round_id', '=', roundId).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Crashed rounds whose bets are all closed get their settled_at (answers how many). */
export async function markSettledRounds(db: DbExecutor): Promise<number> {
  const result = await sql`
    update crash_round r set settled_at = clock_timestamp()
    where r.settled_at is null and r.phase = 'crashed'
      and not exists (select 1 from crash_bet b where b.round_id = r.id and (b.closed_at is null and b.status <> 'failed'))`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
