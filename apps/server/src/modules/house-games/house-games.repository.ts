import type { DbExecutor } from '../../platform/db.ts';
import type { SeedState } from './fairness/provably-fair.ts';
import type { RoundStatus } from './house-games.tables.ts';

export interface FairnessRow {
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

/** Creates the member's seed pair when missing (concurrent first spins: one insert wins). */
export async function insertFairnessIfMissing(db: DbExecutor, memberId: bigint, state: SeedState): Promise<void> {
  await db
    .insertInto('house_fairness')
    .values({ member_id: memberId, server_seed: state.serverSeed, server_seed_hash: state.serverSeedHash, client_seed: state.clientSeed, nonce: state.nonce })
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .execute();
}

/** The member's seed pair, locked for the rest of the transaction (nonce taking, rotation). */
export async function lockFairness(tx: DbExecutor, memberId: bigint): Promise<FairnessRow | undefined> {
  return tx.selectFrom('house_fairness').selectAll().where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function findFairness(db: DbExecutor, memberId: bigint): Promise<FairnessRow | undefined> {
  return db.selectFrom('house_fairness').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

export async function replaceFairness(tx: DbExecutor, memberId: bigint, state: SeedState): Promise<void> {
  await tx
    .updateTable('house_fairness')
    .set({ server_seed: state.serverSeed, server_seed_hash: state.serverSeedHash, client_seed: state.clientSeed, nonce: state.nonce, created_at: new Date() })
    .where('member_id', '=', memberId)
    .execute();
}

export async function setNonce(tx: DbExecutor, memberId: bigint, nonce: number): Promise<void> {
  await tx.updateTable('house_fairness').set({ nonce }).where('member_id', '=', memberId).execute();
}

export async function insertRevealed(tx: DbExecutor, memberId: bigint, row: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number }): Promise<void> {
  await tx
    .insertInto('house_fairness_revealed')
    .values({ member_id: memberId, server_seed: row.serverSeed, server_seed_hash: row.serverSeedHash, client_seed: row.clientSeed, last_nonce: row.lastNonce })
    .execute();
}

export async function listRevealed(db: DbExecutor, memberId: bigint, limit: number) {
  return db.selectFrom('house_fairness_revealed').selectAll().where('member_id', '=', memberId).orderBy('revealed_at', 'desc').limit(limit).execute();
}

export async function revealedHashes(db: DbExecutor, memberId: bigint): Promise<string[]> {
  const rows = await db.selectFrom('house_fairness_revealed').select('server_seed_hash').where('member_id', '=', memberId).execute();
  return rows.map((row) => row.server_seed_hash);
}

export async function findRevealedSeed(db: DbExecutor, memberId: bigint, serverSeedHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('house_fairness_revealed').select('server_seed').where('member_id', '=', memberId).where('server_seed_hash', '=', serverSeedHash).executeTakeFirst();
  return row?.server_seed;
}

export interface RoundRow {
  id: bigint;
  member_id: bigint;
  request_id: string;
  vendor_code: string;
  game_code: string;
  bet: bigint;
  win: bigint;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  outcome: unknown;
  bet_transaction_id: string | null;
  win_transaction_id: string | null;
  provider_bet_id: bigint | null;
  provider_win_id: bigint | null;
  status: RoundStatus;
  created_at: Date;
  settled_at: Date | null;
  /** A Mines round's last reveal (null before the first). */
  last_action_at: Date | null;
}

export async function insertRound(
  tx: DbExecutor,
  round: { memberId: bigint; requestId: string; vendorCode: string; gameCode: string; bet: bigint; win: bigint; serverSeedHash: string; clientSeed: string; nonce: number; outcome: unknown; status?: 'open' | 'playing' },
): Promise<bigint> {
  const row = await tx
    .insertInto('house_round')
    .values({
      member_id: round.memberId,
      request_id: round.requestId,
      vendor_code: round.vendorCode,
      game_code: round.gameCode,
      bet: round.bet,
      win: round.win,
      server_seed_hash: round.serverSeedHash,
      client_seed: round.clientSeed,
      nonce: round.nonce,
      outcome: JSON.stringify(round.outcome),
      ...(round.status ? { status: round.status } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findRound(db: DbExecutor, memberId: bigint, id: bigint): Promise<RoundRow | undefined> {
  return (await db.selectFrom('house_round').selectAll().where('member_id', '=', memberId).where('id', '=', id).executeTakeFirst()) as RoundRow | undefined;
}

export async function findRoundByRequest(db: DbExecutor, memberId: bigint, requestId: string): Promise<RoundRow | undefined> {
  return (await db.selectFrom('house_round').selectAll().where('member_id', '=', memberId).where('request_id', '=', requestId).executeTakeFirst()) as RoundRow | undefined;
}

export async function updateRound(
  db: DbExecutor,
  id: bigint,
  patch: Partial<Pick<RoundRow, 'bet_transaction_id' | 'win_transaction_id' | 'provider_bet_id' | 'provider_win_id' | 'status' | 'settled_at'>>,
): Promise<void> {
  await db.updateTable('house_round').set(patch).where('id', '=', id).execute();
}

/** Rounds whose bet was taken but whose win was never confirmed, oldest first (the settle job). */
export async function findStaleOpenRounds(db: DbExecutor, olderThan: Date, limit: number): Promise<RoundRow[]> {
  return (await db
    .selectFrom('house_round')
    .selectAll()
    .where('status', '=', 'open')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute()) as RoundRow[];
}

/** Whether the member has a round in progress (its board fixed by the active seeds, which must stay secret). */
export async function hasPlayingRound(db: DbExecutor, memberId: bigint): Promise<boolean> {
  const row = await db.selectFrom('house_round').select('id').where('member_id', '=', memberId).where('status', '=', 'playing').executeTakeFirst();
  return row !== undefined;
}
