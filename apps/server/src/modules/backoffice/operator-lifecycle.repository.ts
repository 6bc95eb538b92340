import type { DbExecutor } from '../../platform/db.ts';

/**
 * Locks the active owners (by id, so two changes never wait on each other crosswise) and then the
 * target operator, for a change that must keep one active owner: of two owners disabling or
 * demoting each other at the same moment, the second waits for the first and then counts again.
 */
export async function lockForChange(db: DbExecutor, operatorId: bigint) {
  const owners = await db.selectFrom('backoffice_operator').select('id').where('role', '=', 'owner').where('status', '=', 'active').orderBy('id').forUpdate().execute();
  const target = await db.selectFrom('backoffice_operator').selectAll().where('id', '=', operatorId).forUpdate().executeTakeFirst();
  return { activeOwnerIds: owners.map((row) => row.id), target };
}

export async function setOperatorStatus(db: DbExecutor, operatorId: bigint, status: 'active' | 'locked'): Promise<void> {
  await db.updateTable('backoffice_operator').set({ status }).where('id', '=', operatorId).execute();
}

export async function setOperatorRole(db: DbExecutor, operatorId: bigint, role: string): Promise<void> {
  await db.updateTable('backoffice_operator').set({ role }).where('id', '=', operatorId).execute();
}

/** A password nobody knows (a reset) or the operator's own (a completed reset): no forced change either way. */
export async function setOperatorPassword(db: DbExecutor, operatorId: bigint, passwordHash: string): Promise<void> {
  await db.updateTable('backoffice_operator').set({ password_hash: passwordHash, must_change_password: false }).where('id', '=', operatorId).execute();
}

export async function insertCredentialReset(db: DbExecutor, row: { tokenHash: Buffer; operatorId: bigint; createdBy: bigint; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('backoffice_credential_reset')
    .values({ token_hash: row.tokenHash, operator_id: row.operatorId, created_by: row.createdBy, created_at: row.now, expires_at: row.expiresAt })
    .execute();
}

/** Closes the operator's open reset links (a newer one replaces them; disabling ends them); answers how many. */
export async function closeCredentialResets(db: DbExecutor, operatorId: bigint, now: Date): Promise<number> {
  const result = await db.updateTable('backoffice_credential_reset').set({ used_at: now }).where('operator_id', '=', operatorId).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The operator behind a reset link that still works: unused, unexpired, of an active operator. */
export async function findLiveCredentialReset(db: DbExecutor, tokenHash: Buffer, now: Date) {
  return db
    .selectFrom('backoffice_credential_reset as r')
    .innerJoin('backoffice_operator as o', 'o.id', 'r.operator_id')
    .select(['o.id', 'o.username', 'o.display_name', 'o.role', 'o.must_change_password', 'r.expires_at'])
    .where('r.token_hash', '=', tokenHash)
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', now)
    .where('o.status', '=', 'active')
    .executeTakeFirst();
}

/** Spends a reset link in one statement: of two requests with one link, only one gets its operator id. */
export async function spendCredentialReset(db: DbExecutor, tokenHash: Buffer, now: Date): Promise<bigint | undefined> {
  const row = await db
    .updateTable('backoffice_credential_reset')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('operator_id')
    .executeTakeFirst();
  return row?.operator_id;
}
