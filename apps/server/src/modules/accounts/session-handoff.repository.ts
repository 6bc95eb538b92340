import type { DbExecutor } from '../../platform/db.ts';

export async function insertHandoff(db: DbExecutor, handoff: { codeHash: Buffer; memberId: bigint; createdAt: Date; expiresAt: Date }) {
  await db
    .insertInto('accounts_session_handoff')
    .values({ code_hash: handoff.codeHash, member_id: handoff.memberId, created_at: handoff.createdAt, expires_at: handoff.expiresAt })
    .execute();
}

/** Unused, unexpired codes of a member (the cap on how many may be out at once). */
export async function countLiveHandoffs(db: DbExecutor, memberId: bigint, now: Date): Promise<number> {
  const row = await db
    .selectFrom('accounts_session_handoff')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Spends a code: one statement, so of two redemptions racing for one code the second waits for
 * the first's row lock, then finds used_at set and gets nothing.
 */
export async function redeemHandoff(db: DbExecutor, codeHash: Buffer, now: Date): Promise<bigint | undefined> {
  const row = await db
    .updateTable('accounts_session_handoff')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

export async function deleteHandoffsBefore(db: DbExecutor, before: Date): Promise<number> {
  const result = await db.deleteFrom('accounts_session_handoff').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
