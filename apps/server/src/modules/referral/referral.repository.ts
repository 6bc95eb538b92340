import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export interface RulesRow {
  id: bigint;
  enabled: boolean;
  min_first_deposit: bigint;
  min_valid_bet: bigint;
  reward_amount: bigint;
  reward_type: string;
  wagering_multiple: string;
  bonus_valid_days: number;
  max_referees: number | null;
  max_amount: bigint | null;
  window_days: number | null;
  created_by: string;
  created_at: Date;
}

export type RulesWrite = Omit<RulesRow, 'id' | 'created_at'>;

/** The rules in force: the latest version. */
export async function currentRules(db: DbExecutor): Promise<RulesRow | undefined> {
  return db.selectFrom('referral_rules').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertRules(tx: DbExecutor, rules: RulesWrite): Promise<RulesRow> {
  return tx.insertInto('referral_rules').values(rules).returningAll().executeTakeFirstOrThrow();
}

export async function findCode(db: DbExecutor, memberId: bigint): Promise<string | undefined> {
  return (await db.selectFrom('referral_member_code').select('code').where('member_id', '=', memberId).executeTakeFirst())?.code;
}

/** Inserts the code unless the member has one or the code is taken; answers whether it was written. */
export async function insertCode(db: DbExecutor, memberId: bigint, code: string): Promise<boolean> {
  const result = await sql`insert into referral_member_code (member_id, code) values (${memberId}, ${code}) on conflict do nothing`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export async function findReferrerByCode(db: DbExecutor, code: string): Promise<bigint | undefined> {
  return (await db.selectFrom('referral_member_code').select('member_id').where('code', '=', code).executeTakeFirst())?.member_id;
}

export async function insertReferee(
  tx: DbExecutor,
  referee: { refereeId: bigint; referrerId: bigint; code: string; registeredAt: Date; ip: string; userAgent: string | null },
): Promise<void> {
  await sql`insert into referral_referee (referee_id, referrer_id, code, registered_at, registration_ip, user_agent)
    values (${referee.refereeId}, ${referee.referrerId}, ${referee.code}, ${referee.registeredAt}, ${referee.ip}, ${referee.userAgent})
    on conflict (referee_id) do nothing`.execute(tx);
}

export interface RefereeRow {
  referee_id: bigint;
  referrer_id: bigint;
  code: string;
  registered_at: Date;
  registration_ip: string;
  user_agent: string | null;
  status: string;
  flag_reasons: string[];
  decided_at: Date | null;
  decided_by: string | null;
}

/** Locks the referrer's code row: rewards to one referrer are decided one at a time (the cap). */
export async function lockReferrer(tx: DbExecutor, referrerId: bigint): Promise<void> {
  await sql`select 1 from referral_member_code where member_id = ${referrerId} for update`.execute(tx);
}

export async function lockReferee(tx: DbExecutor, refereeId: bigint): Promise<RefereeRow | undefined> {
  return tx.selectFrom('referral_referee').selectAll().where('referee_id', '=', refereeId).forUpdate().executeTakeFirst();
}

export async function setStatus(tx: DbExecutor, refereeId: bigint, change: { status: string; flagReasons?: string[]; qualified?: boolean; decidedBy?: string }): Promise<void> {
  await tx
    .updateTable('referral_referee')
    .set({
      status: change.status,
      ...(change.flagReasons ? { flag_reasons: change.flagReasons } : {}),
      ...(change.qualified ? { qualified_at: sql<Date>`coalesce(qualified_at, now())` } : {}),
      ...(change.decidedBy ? { decided_by: change.decidedBy, decided_at: sql<Date>`now()` } : {}),
    })
    .where('referee_id', '=', refereeId)
    .execute();
}

/** What the referrer was already paid: rewarded referees and the amount. */
export async function paidSoFar(tx: DbExecutor, referrerId: bigint): Promise<{ count: number; amount: bigint }> {
  const row = await sql<{ count: string; amount: string }>`select count(*) as count, coalesce(sum(amount), 0) as amount from referral_reward where referrer_id = ${referrerId}`.execute(tx);
  return { count: Number(row.rows[0]?.count ?? 0), amount: BigInt(row.rows[0]?.amount ?? 0) };
}

/** The reward record; false when the referee already has one (a replay or a concurrent pass). */
export async function insertReward(tx: DbExecutor, reward: { refereeId: bigint; referrerId: bigint; amount: bigint; type: string; rulesId: bigint; key: string }): Promise<boolean> {
  const result = await sql`insert into referral_reward (referee_id, referrer_id, amount, reward_type, rules_id, ledger_key)
    values (${reward.refereeId}, ${reward.referrerId}, ${reward.amount}, ${reward.type}, ${reward.rulesId}, ${reward.key})
    on conflict (referee_id) do nothing`.execute(tx);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export interface Progress {
  member_id: bigint;
  first_deposit: bigint | null;
  valid_bet: bigint;
}

/**
 * Each referee's first credited deposit (payments' published view) and valid bet (the agents' rolled-up
 * member days plus settled play the rollup has not taken yet, as the VIP module reads them: one snapshot,
 * so a fact counts once whichever side it is on).
 */
export async function progressOf(db: DbExecutor, ids: readonly bigint[]): Promise<Map<bigint, Progress>> {
  if (ids.length === 0) return new Map();
  const list = sql`select unnest(${ids.map(String)}::bigint[]) as member_id`;
  const rows = await sql<Progress>`
    select c.member_id,
      (select d.credited_amount from payments_v_deposit d where d.member_id = c.member_id and d.status = 'credited' order by d.credited_at, d.id limit 1) as first_deposit,
      (coalesce((select sum(valid_bet) from agents_v_member_day m where m.member_id = c.member_id), 0)
        + coalesce((select sum(valid_bet) from agents_v_settled_play p where p.member_id = c.member_id and not p.rolled_up and p.settled_at >= now() - interval '2 days'), 0))::bigint as valid_bet
    from (${list}) c`.execute(db);
  return new Map(rows.rows.map((row) => [BigInt(row.member_id), { member_id: BigInt(row.member_id), first_deposit: row.first_deposit === null ? null : BigInt(row.first_deposit), valid_bet: BigInt(row.valid_bet) }]));
}

/** Referees still waiting to qualify (oldest first, a bounded batch). */
export async function listPending(db: DbExecutor, limit: number): Promise<RefereeRow[]> {
  return db.selectFrom('referral_referee').selectAll().where('status', '=', 'pending').orderBy('registered_at').limit(limit).execute();
}

/** Whether the member's account is active (accounts' published view): a locked or closed referrer is not paid. */
export async function isActive(db: DbExecutor, memberId: bigint): Promise<boolean> {
  const row = await sql<{ status: string }>`select status from accounts_v_member where id = ${memberId}`.execute(db);
  return row.rows[0]?.status === 'active';
}

/** The CPF on file of both members (accounts' published view); null when none. */
export async function cpfsOf(db: DbExecutor, a: bigint, b: bigint): Promise<Map<bigint, string | null>> {
  const rows = await sql<{ id: bigint; cpf: string | null }>`select id, cpf from accounts_v_member_cpf where id in (${a}, ${b})`.execute(db);
  return new Map(rows.rows.map((row) => [BigInt(row.id), row.cpf]));
}

export async function refereesOf(db: DbExecutor, referrerId: bigint, limit: number): Promise<(RefereeRow & { amount: bigint | null })[]> {
  return db
    .selectFrom('referral_referee as r')
    .leftJoin('referral_reward as w', 'w.referee_id', 'r.referee_id')
    .selectAll('r')
    .select('w.amount')
    .where('r.referrer_id', '=', referrerId)
    .orderBy('r.registered_at', 'desc')
    .limit(limit)
    .execute();
}

export async function countersOf(db: DbExecutor, referrerId: bigint): Promise<{ invited: number; qualified: number; earned: bigint }> {
  const row = await sql<{ invited: string; qualified: string; earned: string }>`
    select (select count(*) from referral_referee where referrer_id = ${referrerId}) as invited,
      (select count(*) from referral_referee where referrer_id = ${referrerId} and qualified_at is not null) as qualified,
      (select coalesce(sum(amount), 0) from referral_reward where referrer_id = ${referrerId}) as earned`.execute(db);
  const r = row.rows[0];
  return { invited: Number(r?.invited ?? 0), qualified: Number(r?.qualified ?? 0), earned: BigInt(r?.earned ?? 0) };
}

export async function listReferrals(db: DbExecutor, filter: { status?: string; referrerId?: bigint; limit: number; offset: number }) {
  let query = db.selectFrom('referral_referee as r').leftJoin('referral_reward as w', 'w.referee_id', 'r.referee_id');
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.referrerId !== undefined) query = query.where('r.referrer_id', '=', filter.referrerId);
  const [rows, total] = await Promise.all([
    query.selectAll('r').select('w.amount').orderBy('r.registered_at', 'desc').orderBy('r.referee_id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
