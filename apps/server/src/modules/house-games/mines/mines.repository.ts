import type { DbExecutor } from '../../../platform/db.ts';
import type { RoundRow } from '../house-games.repository.ts';

/** Mines rounds live in house_round (game_code 'mines'); these are the queries only Mines needs. */
const GAME_CODE = 'mines';

/** The member's Mines round, locked for the rest of the transaction (reveal and cash-out queue here). */
export async function lockMinesRound(tx: DbExecutor, memberId: bigint, roundId: bigint): Promise<RoundRow | undefined> {
  return (await tx
    .selectFrom('house_round')
    .selectAll()
    .where('id', '=', roundId)
    .where('member_id', '=', memberId)
    .where('game_code', '=', GAME_CODE)
    .forUpdate()
    .executeTakeFirst()) as RoundRow | undefined;
}

/** The member's Mines round in progress, if any (at most one: unique index house_round_one_playing). */
export async function findPlayingRound(db: DbExecutor, memberId: bigint): Promise<RoundRow | undefined> {
  return (await db
    .selectFrom('house_round')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('game_code', '=', GAME_CODE)
    .where('status', '=', 'playing')
    .executeTakeFirst()) as RoundRow | undefined;
}

/** Writes the board after a move: the outcome, the win it fixes and the round's status. */
export async function saveBoard(tx: DbExecutor, roundId: bigint, patch: { outcome: object; win: bigint; status: 'open' | 'playing'; lastActionAt: Date }): Promise<void> {
  await tx
    .updateTable('house_round')
    .set({ outcome: JSON.stringify(patch.outcome), win: patch.win, status: patch.status, last_action_at: patch.lastActionAt })
    .where('id', '=', roundId)
    .execute();
}

/**
 * Rounds in progress the settle job must close: bet confirmed and no move since `idleBefore`
 * (abandoned), or bet never confirmed since `unconfirmedBefore` (the start request died).
 */
export async function findStalePlayingRounds(db: DbExecutor, cutoffs: { idleBefore: Date; unconfirmedBefore: Date }, limit: number): Promise<RoundRow[]> {
  return (await db
    .selectFrom('house_round')
    .selectAll()
    .where('status', '=', 'playing')
    .where((eb) =>
      eb.or([
        eb.and([eb('bet_transaction_id', 'is', null), eb('created_at', '<', cutoffs.unconfirmedBefore)]),
        eb.and([eb('bet_transaction_id', 'is not', null), eb(eb.fn.coalesce('last_action_at', 'created_at'), '<', cutoffs.idleBefore)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute()) as RoundRow[];
}
