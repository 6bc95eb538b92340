import { sql } from 'kysely';
import type { ContractKind, ContractStatus } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import type { NormalisedTier } from './contract-tiers.ts';

/**
 * SQL for agents_contract. Account names come from accounts_v_member (the accounts view) by join: a
 * contract always shows both parties, and a per-row lookup through the accounts API would cost a
 * query per contract.
 */

export interface ContractRow {
  id: bigint;
  kind: ContractKind;
  uplineId: bigint | null;
  uplineAccount: string | null;
  downlineId: bigint;
  downlineAccount: string;
  version: number;
  status: ContractStatus;
  tiers: NormalisedTier[];
  maxRatePpm: number;
  replacesId: bigint | null;
  requestKey: string;
  offeredByOperator: bigint | null;
  offeredAt: Date;
  decidedAt: Date | null;
  endedAt: Date | null;
  endedBy: string | null;
}

export interface MemberRef {
  id: bigint;
  account: string;
  nickname: string;
  type: number;
}

/** Amounts as decimal strings in the JSON, so no reader ever rounds a bigint through a double. */
export function storeTiers(tiers: readonly NormalisedTier[]): string {
  return JSON.stringify(tiers, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/** The stored JSON back to tiers (the settlement repository reads agents_contract.tiers with it too). */
export function readTiers(stored: unknown[]): NormalisedTier[] {
  return stored.map((raw) => {
    const tier = raw as Record<string, string | number>;
    return {
      minValidBet: BigInt(tier.minValidBet ?? 0),
      minLoss: BigInt(tier.minLoss ?? 0),
      minActive: Number(tier.minActive ?? 0),
      minSingleBet: BigInt(tier.minSingleBet ?? 0),
      rate: Number(tier.rate ?? 0),
      profitRate: Number(tier.profitRate ?? 0),
      lossRate: Number(tier.lossRate ?? 0),
    };
  });
}

function baseQuery(db: DbExecutor) {
  return db
    .selectFrom('agents_contract as c')
    .innerJoin('accounts_v_member as d', 'd.id', 'c.downline_id')
    .leftJoin('accounts_v_member as u', 'u.id', 'c.upline_id')
    .select([
      'c.id', 'c.kind', 'c.upline_id', 'u.account as upline_account', 'c.downline_id', 'd.account as downline_account', 'c.version', 'c.status', 'c.tiers',
      'c.max_rate_ppm', 'c.replaces_id', 'c.request_key', 'c.offered_by_operator', 'c.offered_at', 'c.decided_at', 'c.ended_at', 'c.ended_by',
    ]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toRow(row: BaseRow): ContractRow {
  return {
    id: row.id,
    kind: row.kind,
    uplineId: row.upline_id,
    uplineAccount: row.upline_account,
    downlineId: row.downline_id,
    downlineAccount: row.downline_account,
    version: row.version,
    status: row.status,
    tiers: readTiers(row.tiers),
    maxRatePpm: row.max_rate_ppm,
    replacesId: row.replaces_id,
    requestKey: row.request_key,
    offeredByOperator: row.offered_by_operator,
    offeredAt: row.offered_at,
    decidedAt: row.decided_at,
    endedAt: row.ended_at,
    endedBy: row.ended_by,
  };
}

/**
 * Serialises every change to one downline's contracts of one kind (offers, decisions, grants)
 * until the transaction ends: the first offer has no row to lock, and the partial unique indexes
 * would otherwise turn a race into a constraint error.
 */
export async function lockDownlineKind(tx: DbExecutor, downlineId: bigint, kind: ContractKind): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`agents_contract:${downlineId}:${kind}`}, 0))`.execute(tx);
}

export type RowLock = 'update' | 'share' | 'none';
function withLock(query: ReturnType<typeof baseQuery>, lock: RowLock) {
  // `of c`: the upline join is an outer join, whose nullable side cannot be locked.
  if (lock === 'update') return query.forUpdate('c');
  if (lock === 'share') return query.forShare('c');
  return query;
}

export async function findContract(db: DbExecutor, id: bigint, lock: RowLock = 'none'): Promise<ContractRow | undefined> {
  const row = await withLock(baseQuery(db).where('c.id', '=', id), lock).executeTakeFirst();
  return row && toRow(row);
}

export async function findContractByKey(db: DbExecutor, requestKey: string): Promise<ContractRow | undefined> {
  const row = await baseQuery(db).where('c.request_key', '=', requestKey).executeTakeFirst();
  return row && toRow(row);
}

/** The downline's contract of `kind` in the given status ('active' or 'offered': at most one each). */
export async function findCurrent(db: DbExecutor, downlineId: bigint, kind: ContractKind, status: 'active' | 'offered', lock: RowLock = 'none'): Promise<ContractRow | undefined> {
  const row = await withLock(baseQuery(db).where('c.downline_id', '=', downlineId).where('c.kind', '=', kind).where('c.status', '=', status), lock).executeTakeFirst();
  return row && toRow(row);
}

export interface ContractFilter {
  kinds?: readonly ContractKind[];
  statuses?: readonly ContractStatus[];
  downlineIds?: readonly bigint[];
  /** Contracts where this member is either party. */
  partyId?: bigint;
  limit: number;
}

/** Newest first. */
export async function listContracts(db: DbExecutor, filter: ContractFilter): Promise<ContractRow[]> {
  let query = baseQuery(db);
  if (filter.kinds) query = query.where('c.kind', 'in', [...filter.kinds]);
  if (filter.statuses) query = query.where('c.status', 'in', [...filter.statuses]);
  if (filter.downlineIds) query = filter.downlineIds.length > 0 ? query.where('c.downline_id', 'in', [...filter.downlineIds]) : query.where(sql<boolean>`false`);
  const partyId = filter.partyId;
  if (partyId !== undefined) query = query.where((eb) => eb.or([eb('c.downline_id', '=', partyId), eb('c.upline_id', '=', partyId)]));
  const rows = await query.orderBy('c.offered_at', 'desc').orderBy('c.id', 'desc').limit(filter.limit).execute();
  return rows.map(toRow);
}

export async function nextVersion(tx: DbExecutor, downlineId: bigint, kind: ContractKind): Promise<number> {
  const row = await tx
    .selectFrom('agents_contract')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('downline_id', '=', downlineId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return (row?.version ?? 0) + 1;
}

export interface NewContract {
  kind: ContractKind;
  uplineId: bigint | null;
  downlineId: bigint;
  version: number;
  status: 'offered' | 'active';
  tiers: readonly NormalisedTier[];
  maxRatePpm: number;
  replacesId: bigint | null;
  requestKey: string;
  offeredByOperator: bigint | null;
  decidedAt: Date | null;
}

/** Answers the new id, or undefined when another transaction already used the request key. */
export async function insertContract(tx: DbExecutor, contract: NewContract): Promise<bigint | undefined> {
  const row = await tx
    .insertInto('agents_contract')
    .values({
      kind: contract.kind,
      upline_id: contract.uplineId,
      downline_id: contract.downlineId,
      version: contract.version,
      status: contract.status,
      tiers: storeTiers(contract.tiers),
      max_rate_ppm: contract.maxRatePpm,
      replaces_id: contract.replacesId,
      request_key: contract.requestKey,
      offered_by_operator: contract.offeredByOperator,
      decided_at: contract.decidedAt,
    })
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateStatus(tx: DbExecutor, id: bigint, change: { status: ContractStatus; decidedAt?: Date; endedAt?: Date; endedBy?: string }): Promise<void> {
  await tx
    .updateTable('agents_contract')
    .set({
      status: change.status,
      ...(change.decidedAt ? { decided_at: change.decidedAt } : {}),
      ...(change.endedAt ? { ended_at: change.endedAt } : {}),
      ...(change.endedBy ? { ended_by: change.endedBy } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A member by account name, for the back office (any member; operators see the whole site). */
export async function findMemberByAccount(db: DbExecutor, account: string): Promise<(MemberRef & { uplineId: bigint | null }) | undefined> {
  return db.selectFrom('accounts_v_member').select(['id', 'account', 'nickname', 'type', 'upline_member_id as uplineId']).where('account', '=', account).executeTakeFirst();
}

/** `account` if it is a direct downline (tree depth 1) of `uplineId`, else undefined. */
export async function findDirectDownline(db: DbExecutor, uplineId: bigint, account: string): Promise<MemberRef | undefined> {
  return db
    .selectFrom('agents_tree as t')
    .innerJoin('accounts_v_member as m', 'm.id', 't.descendant_id')
    .select(['m.id', 'm.account', 'm.nickname', 'm.type'])
    .where('t.ancestor_id', '=', uplineId)
    .where('t.depth', '=', 1)
    .where('m.account', '=', account)
    .executeTakeFirst();
}

/** The direct upline of a member in the tree, if any. */
export async function findDirectUpline(db: DbExecutor, memberId: bigint): Promise<bigint | undefined> {
  const row = await db.selectFrom('agents_tree').select('ancestor_id').where('descendant_id', '=', memberId).where('depth', '=', 1).executeTakeFirst();
  return row?.ancestor_id;
}

/** Direct downlines of `uplineId` whose type is one of `types`, by account name. */
export async function listDirectDownlines(db: DbExecutor, uplineId: bigint, types: readonly number[], limit: number): Promise<MemberRef[]> {
  return db
    .selectFrom('agents_tree as t')
    .innerJoin('accounts_v_member as m', 'm.id', 't.descendant_id')
    .select(['m.id', 'm.account', 'm.nickname', 'm.type'])
    .where('t.ancestor_id', '=', uplineId)
    .where('t.depth', '=', 1)
    .where('m.type', 'in', [...types])
    .orderBy('m.account')
    .limit(limit)
    .execute();
}

/** Every contract of `kind` in force, for the settlement engine. */
export async function listActive(db: DbExecutor, kind: ContractKind): Promise<Array<{ id: bigint; agentId: bigint; uplineId: bigint | null; tiers: NormalisedTier[] }>> {
  const rows = await db.selectFrom('agents_contract').select(['id', 'downline_id', 'upline_id', 'tiers']).where('kind', '=', kind).where('status', '=', 'active').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, agentId: row.downline_id, uplineId: row.upline_id, tiers: readTiers(row.tiers) }));
}
