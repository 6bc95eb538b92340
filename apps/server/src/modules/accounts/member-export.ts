import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/**
 * What the accounts module holds about a member, for the LGPD export (compliance, issue 27):
 * profile and identity as declared, logins and sessions. No password or PIN hashes, no tokens.
 */
export async function exportMember(db: Db, memberId: bigint) {
  const { rows: profile } = await sql<Record<string, unknown>>`
    select id, account, nickname, type, language, status, status_reason, status_changed_at, created_at, updated_at, mobile, email, cpf,
           birthday, payee_name, referral_code, registration_ip, last_login_at, password_changed_at, kyc_verified_at, kyc_provider,
           payment_password_hash is not null as has_payment_password
    from accounts_member where id = ${memberId}`.execute(db);
  if (profile.length === 0) return null;
  const [logins, sessions, knownIps] = await Promise.all([
    sql<Record<string, unknown>>`select at, ip, user_agent from accounts_login_history where member_id = ${memberId} order by at desc`.execute(db),
    sql<Record<string, unknown>>`select created_at, last_seen_at, absolute_expires_at, revoked_at, ip, user_agent from accounts_session where member_id = ${memberId} order by created_at desc`.execute(db),
    sql<Record<string, unknown>>`select ip, first_seen_at from accounts_known_ip where member_id = ${memberId} order by first_seen_at`.execute(db),
  ]);
  return { profile: profile[0], logins: logins.rows, sessions: sessions.rows, knownIps: knownIps.rows };
}

/** Bettors as the regulator extract lists them (compliance): identity and status of the given members. */
export async function bettorsOf(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: bigint; account: string; cpf: string | null; payee_name: string | null; birthday: Date | string | null; status: string; created_at: Date; type: number }>`
    select id, account, cpf, payee_name, birthday, status, created_at, type from accounts_member
    where id = any(${ids.map(String)}::bigint[]) order by id`.execute(db);
  return rows;
}
