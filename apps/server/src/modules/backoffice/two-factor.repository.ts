import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import type { CodeThrottleRule } from './two-factor-throttle.ts';

export async function findTotp(db: DbExecutor, operatorId: bigint) {
  return db.selectFrom('backoffice_totp').selectAll().where('operator_id', '=', operatorId).executeTakeFirst();
}

/**
 * A new pending key, replacing a pending one; an active key is never replaced here (resetting
 * it is the owner's, through deleteTwoFactor). The failure count stays: re-enrolling does not
 * clear a lock. Answers whether the key was stored.
 */
export async function upsertPendingTotp(db: DbExecutor, row: { operatorId: bigint; secretSealed: Buffer; now: Date }): Promise<boolean> {
  const result = await db
    .insertInto('backoffice_totp')
    .values({ operator_id: row.operatorId, secret_sealed: row.secretSealed, status: 'pending', created_at: row.now })
    .onConflict((conflict) =>
      conflict.column('operator_id').doUpdateSet({ secret_sealed: row.secretSealed, created_at: row.now, last_step: null }).where('backoffice_totp.status', '=', 'pending'),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Records an accepted code: only a step after the last accepted one moves it, in one statement,
 * so two requests racing with the same code cannot both pass. Activates a pending key. Answers
 * whether this call accepted the step.
 */
export async function acceptTotpStep(db: DbExecutor, operatorId: bigint, step: number, now: Date, expected: 'pending' | 'active'): Promise<boolean> {
  const result = await db
    .updateTable('backoffice_totp')
    .set({ last_step: BigInt(step), status: 'active', activated_at: expected === 'pending' ? now : sql<Date>`activated_at`, failures: 0, window_started_at: null, locked_until: null })
    .where('operator_id', '=', operatorId)
    .where('status', '=', expected)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', BigInt(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One wrong code, counted in fixed windows (two-factor-throttle.ts), in one statement. */
export async function recordCodeFailure(db: DbExecutor, operatorId: bigint, now: Date, rule: CodeThrottleRule): Promise<void> {
  const windowExpired = sql<boolean>`window_started_at is null or window_started_at <= ${new Date(now.getTime() - rule.windowMs)}`;
  await sql`
    update backoffice_totp set
      window_started_at = case when ${windowExpired} then ${now} else window_started_at end,
      failures = case when ${windowExpired} then 1 else failures + 1 end,
      locked_until = case when not (${windowExpired}) and failures + 1 >= ${rule.lockAfterFailures} then ${new Date(now.getTime() + rule.lockMs)} else locked_until end
    where operator_id = ${operatorId}`.execute(db);
}

export async function clearCodeFailures(db: DbExecutor, operatorId: bigint): Promise<void> {
  await db.updateTable('backoffice_totp').set({ failures: 0, window_started_at: null, locked_until: null }).where('operator_id', '=', operatorId).execute();
}

export async function replaceRecoveryCodes(db: DbExecutor, operatorId: bigint, hashes: Buffer[]): Promise<void> {
  await db.deleteFrom('backoffice_recovery_code').where('operator_id', '=', operatorId).execute();
  await db
    .insertInto('backoffice_recovery_code')
    .values(hashes.map((hash) => ({ operator_id: operatorId, code_hash: hash })))
    .execute();
}

/** Spends a recovery code; answers false when it is unknown or already spent. */
export async function spendRecoveryCode(db: DbExecutor, operatorId: bigint, hash: Buffer, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('backoffice_recovery_code')
    .set({ used_at: now })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnspentRecoveryCodes(db: DbExecutor, operatorId: bigint): Promise<number> {
  const row = await db
    .selectFrom('backoffice_recovery_code')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Removes the key, the recovery codes and open enrolments; answers the key's status before. */
export async function deleteTwoFactor(db: DbExecutor, operatorId: bigint, now: Date): Promise<'pending' | 'active' | null> {
  const removed = await db.deleteFrom('backoffice_totp').where('operator_id', '=', operatorId).returning('status').executeTakeFirst();
  await db.deleteFrom('backoffice_recovery_code').where('operator_id', '=', operatorId).execute();
  await db.updateTable('backoffice_enrolment').set({ used_at: now }).where('operator_id', '=', operatorId).where('used_at', 'is', null).execute();
  return removed?.status ?? null;
}

export async function insertEnrolment(db: DbExecutor, row: { tokenHash: Buffer; operatorId: bigint; now: Date; expiresAt: Date }): Promise<void> {
  await db.insertInto('backoffice_enrolment').values({ token_hash: row.tokenHash, operator_id: row.operatorId, created_at: row.now, expires_at: row.expiresAt }).execute();
}

/**
 * The operator behind a live enrolment token: unused, unexpired, of an active operator whose
 * two-factor is not on yet (once it is, the token has nothing left to do).
 */
export async function findLiveEnrolment(db: DbExecutor, tokenHash: Buffer, now: Date) {
  return db
    .selectFrom('backoffice_enrolment as e')
    .innerJoin('backoffice_operator as o', 'o.id', 'e.operator_id')
    .leftJoin('backoffice_totp as t', 't.operator_id', 'e.operator_id')
    .select(['o.id', 'o.username', 'o.display_name', 'o.role', 'o.must_change_password', 'o.status', 't.status as totp_status'])
    .where('e.token_hash', '=', tokenHash)
    .where('e.used_at', 'is', null)
    .where('e.expires_at', '>', now)
    .where('o.status', '=', 'active')
    .where((eb) => eb.or([eb('t.status', 'is', null), eb('t.status', '=', 'pending')]))
    .executeTakeFirst();
}

/** Closes every open enrolment of the operator (after confirmation). */
export async function closeEnrolments(db: DbExecutor, operatorId: bigint, now: Date): Promise<void> {
  await db.updateTable('backoffice_enrolment').set({ used_at: now }).where('operator_id', '=', operatorId).where('used_at', 'is', null).execute();
}
