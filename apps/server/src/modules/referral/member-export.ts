import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** A member's referral code, who referred them, whom they referred (ids only) and rewards, for the LGPD export (compliance). */
export async function exportMember(db: Db, memberId: bigint) {
  const [code, referredBy, referees, rewards] = await Promise.all([
    sql<Record<string, unknown>>`select code, created_at from referral_member_code where member_id = ${memberId}`.execute(db),
    sql<Record<string, unknown>>`select code, registered_at, registration_ip, user_agent, status, qualified_at from referral_referee where referee_id = ${memberId}`.execute(db),
    sql<Record<string, unknown>>`select referee_id, registered_at, status, qualified_at from referral_referee where referrer_id = ${memberId} order by registered_at`.execute(db),
    sql<Record<string, unknown>>`select referee_id, amount, reward_type, paid_at from referral_reward where referrer_id = ${memberId} order by paid_at`.execute(db),
  ]);
  return { code: code.rows[0] ?? null, referredBy: referredBy.rows[0] ?? null, referees: referees.rows, rewards: rewards.rows };
}
