import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export async function insertSession(
  db: DbExecutor,
  session: { tokenHash: Buffer; memberId: bigint; absoluteExpiresAt: Date; ip: string; userAgent: string | null },
) {
  await db
    .insertInto('accounts_session')
    .values({
      token_hash: session.tokenHash,
      member_id: session.memberId,
      absolute_expires_at: session.absoluteExpiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

/** The session and its member in one read: every authenticated request makes this call. */
export async function findSessionWithMember(db: DbExecutor, tokenHash: Buffer) {
  return db
    .selectFrom('accounts_session as s')
    .innerJoin('accounts_member as m', 'm.id', 's.member_id')
    .select([
      's.token_hash',
      's.last_seen_at',
      's.absolute_expires_at',
      's.revoked_at',
      'm.id as member_id',
      'm.account',
      'm.nickname',
      'm.type',
      'm.status',
      'm.language',
      'm.must_change_password',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: DbExecutor, tokenHash: Buffer) {
  await db.updateTable('accounts_session').set({ last_seen_at: sql<Date>`now()` }).where('token_hash', '=', tokenHash).execute();
}

/** Revokes one session; answers its member when it was still open. */
export async function revokeSession(db: DbExecutor, tokenHash: Buffer): Promise<bigint | undefined> {
  const row = await db
    .updateTable('accounts_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

/** Revokes every session of the member, except one (the caller's) when given. */
export async function revokeMemberSessions(db: DbExecutor, memberId: bigint, except?: Buffer) {
  let query = db
    .updateTable('accounts_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (except) query = query.where('token_hash', '!=', except);
  await query.execute();
}

export async function listActiveSessions(db: DbExecutor, memberId: bigint, idleSince: Date, now: Date) {
  return db
    .selectFrom('accounts_session')
    .select(['token_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('absolute_expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
}
