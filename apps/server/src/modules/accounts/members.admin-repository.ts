import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import { likePrefix, type Lookup, type SearchPlan } from './members.admin-search.ts';

/** How many candidates one kind of match may bring before the search says "narrow it down". */
export const SEARCH_CAP = 500;

export type MatchField = 'account' | 'email' | 'cpf' | 'mobile' | 'ip';

function lookup(column: string, value: Lookup): RawBuilder<boolean> {
  const collated = sql`(${sql.ref(column)} collate "C")`;
  return value.prefix ? sql<boolean>`${collated} like ${likePrefix(value.value)}` : sql<boolean>`${collated} = ${value.value}`;
}

/**
 * Member ids the plan matches, each kind capped at SEARCH_CAP + 1 rows (one statement, every
 * branch an index range), with the kind that matched. Undefined when the plan looks for nothing.
 */
export function searchHitsQuery(plan: SearchPlan): RawBuilder<{ id: bigint; field: MatchField }> | undefined {
  const limit = SEARCH_CAP + 1;
  const branches: RawBuilder<unknown>[] = [];
  if (plan.account) branches.push(sql`(select id, 'account' as field from accounts_member where ${lookup('account', plan.account)} limit ${limit})`);
  if (plan.email) branches.push(sql`(select id, 'email' as field from accounts_member where email is not null and ${lookup('email', plan.email)} limit ${limit})`);
  if (plan.cpf) branches.push(sql`(select id, 'cpf' as field from accounts_member where cpf is not null and ${lookup('cpf', plan.cpf)} limit ${limit})`);
  for (const mobile of plan.mobiles) branches.push(sql`(select id, 'mobile' as field from accounts_member where mobile is not null and ${lookup('mobile', mobile)} limit ${limit})`);
  if (plan.network) {
    branches.push(sql`(select member_id as id, 'ip' as field from accounts_known_ip where ip <<= ${plan.network}::inet limit ${limit})`);
    branches.push(sql`(select id, 'ip' as field from accounts_member where registration_ip is not null and registration_ip <<= ${plan.network}::inet limit ${limit})`);
  }
  if (branches.length === 0) return undefined;
  return sql<{ id: bigint; field: MatchField }>`${sql.join(branches, sql` union all `)}`;
}

export async function findSearchHits(executor: DbExecutor, plan: SearchPlan): Promise<{ id: bigint; field: MatchField }[]> {
  const query = searchHitsQuery(plan);
  return query ? (await query.execute(executor)).rows : [];
}

/** One page of members among `ids`, by account name. */
export async function findMembersPage(executor: DbExecutor, ids: readonly bigint[], limit: number, offset: number) {
  if (ids.length === 0) return [];
  return executor
    .selectFrom('accounts_member')
    .select(['id', 'account', 'nickname', 'type', 'status', 'cpf', 'mobile', 'email', 'created_at', 'last_login_at'])
    .where('id', 'in', [...ids])
    .orderBy(sql`account collate "C"`)
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findMemberForOperator(executor: DbExecutor, id: bigint) {
  return executor
    .selectFrom('accounts_member')
    .select([
      'id',
      'account',
      'nickname',
      'payee_name',
      'type',
      'status',
      'status_reason',
      'status_changed_at',
      'cpf',
      'mobile',
      'email',
      sql<string | null>`to_char(birthday, 'YYYY-MM-DD')`.as('birthday'),
      'language',
      'referral_code',
      'created_at',
      sql<string | null>`host(registration_ip)`.as('registration_ip'),
      'last_login_at',
      'must_change_password',
      sql<boolean>`payment_password_hash is not null`.as('has_payment_password'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The agents above the member, nearest first (at most 64 levels; a cycle cannot loop). */
export async function findUplineChain(executor: DbExecutor, memberId: bigint) {
  const { rows } = await sql<{ id: bigint; account: string; type: number; status: string; depth: number }>`
    with recursive up(id, depth) as (
      select upline_member_id, 1 from accounts_member where id = ${memberId} and upline_member_id is not null
      union all
      select m.upline_member_id, up.depth + 1 from up join accounts_member m on m.id = up.id
      where m.upline_member_id is not null and up.depth < 64
    )
    select m.id, m.account, m.type, m.status, up.depth from up join accounts_member m on m.id = up.id order by up.depth`.execute(executor);
  return rows;
}

export async function countDirectDownlines(executor: DbExecutor, memberId: bigint): Promise<number> {
  const row = await executor.selectFrom('accounts_member').select((eb) => eb.fn.countAll<string>().as('n')).where('upline_member_id', '=', memberId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listLogins(executor: DbExecutor, memberId: bigint, limit: number) {
  return executor
    .selectFrom('accounts_login_history')
    .select(['at', sql<string | null>`host(ip)`.as('ip'), 'user_agent'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function listKnownIps(executor: DbExecutor, memberId: bigint, limit: number) {
  return executor
    .selectFrom('accounts_known_ip')
    .select([sql<string>`host(ip)`.as('ip'), 'first_seen_at'])
    .where('member_id', '=', memberId)
    .orderBy('first_seen_at', 'desc')
    .limit(limit)
    .execute();
}

export async function listNotes(executor: DbExecutor, memberId: bigint, limit: number) {
  return executor.selectFrom('accounts_member_note').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();
}

export async function insertNote(executor: DbExecutor, note: { memberId: bigint; operatorId: bigint; operatorUsername: string; body: string }) {
  return executor
    .insertInto('accounts_member_note')
    .values({ member_id: note.memberId, operator_id: note.operatorId, operator_username: note.operatorUsername, body: note.body })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Written with every new session, in its transaction. */
export async function insertLogin(executor: DbExecutor, login: { memberId: bigint; ip: string; userAgent: string | null }) {
  await executor.insertInto('accounts_login_history').values({ member_id: login.memberId, ip: login.ip, user_agent: login.userAgent }).execute();
}

/** The member row locked for an operator's change (no key update: rows that reference the member are not blocked). */
export async function lockMember(executor: DbExecutor, memberId: bigint) {
  return executor.selectFrom('accounts_member').select(['id', 'account', 'status', 'status_reason', 'must_change_password']).where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
}

export async function updateStatus(executor: DbExecutor, memberId: bigint, status: 'active' | 'locked', reason: string) {
  await executor
    .updateTable('accounts_member')
    .set({ status, status_reason: reason, status_changed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
}

/** A temporary password the member must replace at the next login. */
export async function setTemporaryPassword(executor: DbExecutor, memberId: bigint, passwordHash: string) {
  await executor
    .updateTable('accounts_member')
    .set({ password_hash: passwordHash, must_change_password: true, password_changed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
}

/** Ends every live session of the member; answers how many. */
export async function revokeAllSessions(executor: DbExecutor, memberId: bigint): Promise<number> {
  const result = await executor
    .updateTable('accounts_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('absolute_expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
