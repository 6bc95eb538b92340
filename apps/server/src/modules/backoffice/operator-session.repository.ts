import type { DbExecutor } from '../../platform/db.ts';

export async function insertOperatorSession(
  db: DbExecutor,
  session: { tokenHash: Buffer; operatorId: bigint; now: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  await db
    .insertInto('backoffice_session')
    .values({
      token_hash: session.tokenHash,
      operator_id: session.operatorId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

/**
 * Checks and refreshes a session in one statement: only a session that is not revoked, not past
 * its absolute expiry, seen after `idleSince`, of an active operator, gets its last_seen_at moved
 * to `now` and answers the operator. The role is read here on every request, so a role change or
 * a lock takes effect at once.
 */
export async function touchLiveSession(db: DbExecutor, tokenHash: Buffer, now: Date, idleSince: Date) {
  return db
    .updateTable('backoffice_session as s')
    .from('backoffice_operator as o')
    .set({ last_seen_at: now })
    .whereRef('o.id', '=', 's.operator_id')
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('o.status', '=', 'active')
        .returning(['o.id', 'o.username', 'o.role', 'o.must_change_password'])
    .executeTakeFirst();
}

/** Answers whether a live session was revoked (false when it already was). */
export async function revokeOperatorSession(db: DbExecutor, tokenHash: Buffer, operatorId: bigint, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('backoffice_session')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every live session of an operator (two-factor reset); answers how many. */
export async function revokeAllOperatorSessions(db: DbExecutor, operatorId: bigint, now: Date): Promise<number> {
  const result = await db.updateTable('backoffice_session').set({ revoked_at: now }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends every live session of the operator except `keepTokenHash` (after a password change). */
export async function revokeOtherSessions(db: DbExecutor, operatorId: bigint, keepTokenHash: Buffer, now: Date): Promise<number> {
  const result = await db
    .updateTable('backoffice_session')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('token_hash', '<>', keepTokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
