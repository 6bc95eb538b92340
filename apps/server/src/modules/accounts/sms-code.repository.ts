import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export async function insertCode(
  db: DbExecutor,
  code: { mobile: string; purpose: string; codeHash: Buffer; expiresAt: Date; ip: string },
) {
  await db
    .insertInto('accounts_sms_code')
    .values({ mobile: code.mobile, purpose: code.purpose, code_hash: code.codeHash, expires_at: code.expiresAt, ip: code.ip })
    .execute();
}

/** Codes sent to a mobile or from an address since a moment (rate limits). */
export async function countSentSince(db: DbExecutor, filter: { mobile?: string; ip?: string }, since: Date): Promise<number> {
  let query = db.selectFrom('accounts_sms_code').select(({ fn }) => fn.countAll<bigint>().as('n')).where('created_at', '>=', since);
  if (filter.mobile) query = query.where('mobile', '=', filter.mobile);
  if (filter.ip) query = query.where('ip', '=', filter.ip);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function findLatestSentAt(db: DbExecutor, mobile: string): Promise<Date | undefined> {
  const row = await db.selectFrom('accounts_sms_code').select('created_at').where('mobile', '=', mobile).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row?.created_at;
}

/** The newest live code for the mobile and purpose, locked so two attempts cannot both use it. */
export async function lockLatestCode(db: DbExecutor, mobile: string, purpose: string, now: Date) {
  return db
    .selectFrom('accounts_sms_code')
    .select(['id', 'code_hash', 'attempts'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordAttempt(db: DbExecutor, id: bigint, consumed: boolean, now: Date) {
  await db
    .updateTable('accounts_sms_code')
    .set({ attempts: sql`attempts + 1`, ...(consumed ? { consumed_at: now } : {}) })
    .where('id', '=', id)
    .execute();
}
