import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export async function insertCaptcha(db: DbExecutor, captcha: { id: string; answerHash: Buffer; expiresAt: Date; ip: string }) {
  await db.insertInto('accounts_captcha').values({ id: captcha.id, answer_hash: captcha.answerHash, expires_at: captcha.expiresAt, ip: captcha.ip }).execute();
}

/** Marks the captcha used and answers its hash, once: a second call (a replay) finds nothing. */
export async function spendCaptcha(db: DbExecutor, id: string, now: Date): Promise<Buffer | undefined> {
  const row = await db
    .updateTable('accounts_captcha')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  return row?.answer_hash;
}

/** Answers false when the challenge was already spent (a replay). */
export async function spendChallenge(db: DbExecutor, challengeId: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .insertInto('accounts_pow_spent')
    .values({ challenge_id: challengeId, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('challenge_id').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function deleteExpiredHumanChecks(db: DbExecutor, now: Date) {
  await db.deleteFrom('accounts_captcha').where('expires_at', '<', sql<Date>`${now}::timestamptz - interval '1 hour'`).execute();
  await db.deleteFrom('accounts_pow_spent').where('expires_at', '<', now).execute();
}
