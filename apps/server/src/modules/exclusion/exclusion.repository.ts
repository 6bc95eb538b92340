import { sql } from 'kysely';
import type { RestrictionKind } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';

/** exclusion_* SQL. Members' CPFs and account names are read through accounts' published views. */

export interface RestrictionRow {
  id: bigint;
  member_id: bigint;
  kind: RestrictionKind;
  period: string;
  starts_at: Date;
  ends_at: Date | null;
  withdraw_until: Date | null;
  request_id: string | null;
  applied_at: Date | null;
}

const COLUMNS = sql`id, member_id, kind, period, starts_at, ends_at, withdraw_until, request_id, applied_at`;

/** The restriction in force for the member now, the longest first (an indefinite one wins). */
export async function findActive(db: DbExecutor, memberId: bigint, now: Date): Promise<RestrictionRow | undefined> {
  const { rows } = await sql<RestrictionRow>`
    select ${COLUMNS} from exclusion_restriction
    where member_id = ${memberId} and starts_at <= ${now} and (ends_at is null or ends_at > ${now})
    order by ends_at desc nulls first, id limit 1`.execute(db);
  return rows[0];
}

export async function findByRequest(db: DbExecutor, memberId: bigint, requestId: string): Promise<RestrictionRow | undefined> {
  const { rows } = await sql<RestrictionRow>`select ${COLUMNS} from exclusion_restriction where member_id = ${memberId} and request_id = ${requestId}`.execute(db);
  return rows[0];
}

/** Serialises one member's restriction changes (a double click makes one restriction). */
export async function lockMember(tx: DbExecutor, memberId: bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('exclusion:' || ${memberId.toString()}, 0))`.execute(tx);
}

export async function insertRestriction(
  tx: DbExecutor,
  row: { memberId: bigint; kind: RestrictionKind; period: string; startsAt: Date; endsAt: Date | null; withdrawUntil: Date | null; requestId: string | null },
): Promise<RestrictionRow | undefined> {
  const { rows } = await sql<RestrictionRow>`
    insert into exclusion_restriction (member_id, kind, period, starts_at, ends_at, withdraw_until, request_id)
    values (${row.memberId}, ${row.kind}, ${row.period}, ${row.startsAt}, ${row.endsAt}, ${row.withdrawUntil}, ${row.requestId})
    on conflict do nothing
    returning ${COLUMNS}`.execute(tx);
  return rows[0];
}

export async function markApplied(db: DbExecutor, id: bigint): Promise<void> {
  await sql`update exclusion_restriction set applied_at = now() where id = ${id} and applied_at is null`.execute(db);
}

export async function unapplied(db: DbExecutor, limit: number): Promise<RestrictionRow[]> {
  const { rows } = await sql<RestrictionRow>`select ${COLUMNS} from exclusion_restriction where applied_at is null order by id limit ${limit}`.execute(db);
  return rows;
}

export async function isRestricted(db: DbExecutor, memberId: bigint): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`select 1 as one from exclusion_active_member where member_id = ${memberId} limit 1`.execute(db);
  return rows.length > 0;
}

/** The members among these with a restriction in force (the bet path's prefetch for a batch). */
export async function restrictedAmong(db: DbExecutor, memberIds: readonly bigint[]): Promise<Set<bigint>> {
  if (memberIds.length === 0) return new Set();
  const { rows } = await sql<{ member_id: string }>`select distinct member_id::text from exclusion_active_member where member_id = any(${memberIds.map(String)}::bigint[])`.execute(db);
  return new Set(rows.map((row) => BigInt(row.member_id)));
}

// ---- barred persons ----

export async function barredAmong(db: DbExecutor, cpfs: readonly string[]): Promise<Set<string>> {
  if (cpfs.length === 0) return new Set();
  const { rows } = await sql<{ cpf: string }>`select cpf from exclusion_barred_cpf where cpf = any(${cpfs}::text[])`.execute(db);
  return new Set(rows.map((row) => row.cpf));
}

export async function insertImport(tx: DbExecutor, row: { operatorId: bigint; operatorName: string; accepted: number; invalid: number; duplicates: number }): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`
    insert into exclusion_barred_import (operator_id, operator_name, accepted, invalid, duplicates)
    values (${row.operatorId}, ${row.operatorName}, ${row.accepted}, ${row.invalid}, ${row.duplicates}) returning id`.execute(tx);
  return rows[0]!.id;
}

/** Adds the CPFs not on the list yet; answers how many were new. */
export async function insertBarred(tx: DbExecutor, cpfs: readonly string[], importId: bigint): Promise<number> {
  if (cpfs.length === 0) return 0;
  const result = await sql`insert into exclusion_barred_cpf (cpf, import_id) select unnest(${cpfs}::text[]), ${importId}::bigint on conflict (cpf) do nothing`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

export async function setImportCounts(tx: DbExecutor, id: bigint, accepted: number, duplicates: number): Promise<void> {
  await sql`update exclusion_barred_import set accepted = ${accepted}, duplicates = ${duplicates} where id = ${id}`.execute(tx);
}

export async function listSize(db: DbExecutor): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from exclusion_barred_cpf`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function lastCheck(db: DbExecutor, memberId: bigint): Promise<{ checked_at: Date; outcome: string } | undefined> {
  const { rows } = await sql<{ checked_at: Date; outcome: string }>`select checked_at, outcome from exclusion_barred_check where member_id = ${memberId}`.execute(db);
  return rows[0];
}

export async function recordChecks(db: DbExecutor, memberIds: readonly bigint[], outcome: 'clear' | 'hit' | 'unavailable', at: Date): Promise<void> {
  if (memberIds.length === 0) return;
  await sql`
    insert into exclusion_barred_check (member_id, checked_at, outcome)
    select unnest(${memberIds.map(String)}::bigint[]), ${at}::timestamptz, ${outcome}
    on conflict (member_id) do update set checked_at = excluded.checked_at, outcome = excluded.outcome`.execute(db);
}

/** Members with a CPF and no barred closure yet, after `afterId`, in id order (the whole-base check). */
export async function membersWithCpf(db: DbExecutor, afterId: bigint, limit: number, onlyCpfs?: readonly string[]): Promise<Array<{ id: bigint; cpf: string }>> {
  const filter = onlyCpfs ? sql`and c.cpf = any(${onlyCpfs}::text[])` : sql``;
  const { rows } = await sql<{ id: bigint; cpf: string }>`
    select c.id, c.cpf from accounts_v_member_cpf c join accounts_v_member m on m.id = c.id
    where c.cpf is not null and not m.is_trial and c.id > ${afterId} ${filter}
      and not exists (select 1 from exclusion_restriction r where r.member_id = c.id and r.kind = 'barred')
    order by c.id limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: BigInt(row.id), cpf: row.cpf }));
}

export async function insertNotice(tx: DbExecutor, row: { memberId: bigint; restrictionId: bigint; channel: 'platform_message' | 'sms'; content: string }): Promise<boolean> {
  const result = await sql`
    insert into exclusion_notice (member_id, restriction_id, channel, content) values (${row.memberId}, ${row.restrictionId}, ${row.channel}, ${row.content})
    on conflict (restriction_id, channel) do nothing`.execute(tx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function startRun(db: DbExecutor): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`insert into exclusion_check_run default values returning id`.execute(db);
  return rows[0]!.id;
}

export async function finishRun(db: DbExecutor, id: bigint, outcome: { checked: number; hits: number; error: string | null }): Promise<void> {
  await sql`update exclusion_check_run set finished_at = now(), checked = ${outcome.checked}, hits = ${outcome.hits}, error = ${outcome.error} where id = ${id}`.execute(db);
}

/** When the last whole-base check finished without an error. */
export async function lastCompleteRun(db: DbExecutor): Promise<Date | undefined> {
  const { rows } = await sql<{ finished_at: Date }>`select finished_at from exclusion_check_run where finished_at is not null and error is null order by finished_at desc limit 1`.execute(db);
  return rows[0]?.finished_at;
}

export async function lastRun(db: DbExecutor) {
  const { rows } = await sql<{ started_at: Date; finished_at: Date | null; checked: number; hits: number; error: string | null }>`
    select started_at, finished_at, checked, hits, error from exclusion_check_run order by id desc limit 1`.execute(db);
  return rows[0];
}

// ---- withdraw-only throttle ----

export async function recentFailures(db: DbExecutor, account: string, since: Date): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from exclusion_withdraw_failure where account = ${account} and failed_at > ${since}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function recordFailure(db: DbExecutor, account: string): Promise<void> {
  await sql`insert into exclusion_withdraw_failure (account) values (${account})`.execute(db);
}

// ---- console ----

export async function listRestrictions(db: DbExecutor, filter: { kind?: RestrictionKind; account?: string; limit: number; offset: number }, now: Date) {
  const kind = filter.kind ? sql`and r.kind = ${filter.kind}` : sql``;
  const account = filter.account ? sql`and m.account = ${filter.account.trim().toLowerCase()}` : sql``;
  const { rows } = await sql<RestrictionRow & { account: string; total: string }>`
    select r.id, r.member_id, r.kind, r.period, r.starts_at, r.ends_at, r.withdraw_until, r.request_id, r.applied_at, m.account, count(*) over () as total
    from exclusion_restriction r join accounts_v_member m on m.id = r.member_id
    where true ${kind} ${account}
    order by (r.ends_at is null or r.ends_at > ${now}) desc, r.created_at desc, r.id desc
    limit ${filter.limit} offset ${filter.offset}`.execute(db);
  return rows;
}

export async function listImports(db: DbExecutor, limit: number) {
  const { rows } = await sql<{ id: bigint; operator_name: string; accepted: number; invalid: number; duplicates: number; created_at: Date }>`
    select id, operator_name, accepted, invalid, duplicates, created_at from exclusion_barred_import order by id desc limit ${limit}`.execute(db);
  return rows;
}

export async function listHits(db: DbExecutor, limit: number) {
  const { rows } = await sql<{ id: bigint; account: string; cpf: string | null; starts_at: Date; withdraw_until: Date | null; notices: Array<{ channel: 'platform_message' | 'sms'; content: string; sent_at: string }> }>`
    select r.id, m.account, c.cpf, r.starts_at, r.withdraw_until,
      coalesce((select json_agg(json_build_object('channel', n.channel, 'content', n.content, 'sent_at', n.sent_at) order by n.id) from exclusion_notice n where n.restriction_id = r.id), '[]') as notices
    from exclusion_restriction r join accounts_v_member m on m.id = r.member_id left join accounts_v_member_cpf c on c.id = r.member_id
    where r.kind = 'barred' order by r.id desc limit ${limit}`.execute(db);
  return rows;
}
