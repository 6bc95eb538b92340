import type { ContractKind } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import type { AgentNoticeKind } from '../agents.tables.ts';

/**
 * SQL for agents_notice (migration 0058): what the agent centre tells an agent about a contract of
 * its that changed without its doing. Kept by the agents module until a platform messages module
 * exists (issue 26).
 */
export interface NewNotice {
  memberId: bigint;
  kind: AgentNoticeKind;
  contractKind: ContractKind;
  contractId: bigint;
  params: Record<string, string | string[]>;
}

export interface NoticeRow {
  id: bigint;
  kind: AgentNoticeKind;
  contractKind: ContractKind;
  params: Record<string, unknown>;
  createdAt: Date;
  readAt: Date | null;
}

export async function addNotices(tx: DbExecutor, notices: readonly NewNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await tx
    .insertInto('agents_notice')
    .values(notices.map((notice) => ({ member_id: notice.memberId, kind: notice.kind, contract_kind: notice.contractKind, contract_id: notice.contractId, params: JSON.stringify(notice.params) })))
    .execute();
}

/** Newest first; of one contract kind when given. */
export async function listNotices(db: DbExecutor, memberId: bigint, kind: ContractKind | undefined, limit: number): Promise<NoticeRow[]> {
  let query = db.selectFrom('agents_notice').select(['id', 'kind', 'contract_kind', 'params', 'created_at', 'read_at']).where('member_id', '=', memberId);
  if (kind) query = query.where('contract_kind', '=', kind);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, contractKind: row.contract_kind, params: row.params, createdAt: row.created_at, readAt: row.read_at }));
}

export async function countUnread(db: DbExecutor, memberId: bigint, kind: ContractKind | undefined): Promise<number> {
  let query = db.selectFrom('agents_notice').select((eb) => eb.fn.countAll<string>().as('n')).where('member_id', '=', memberId).where('read_at', 'is', null);
  if (kind) query = query.where('contract_kind', '=', kind);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Marks the member's unread notices (of one kind when given) read; answers how many. */
export async function markRead(db: DbExecutor, memberId: bigint, kind: ContractKind | undefined, now: Date): Promise<number> {
  let query = db.updateTable('agents_notice').set({ read_at: now }).where('member_id', '=', memberId).where('read_at', 'is', null);
  if (kind) query = query.where('contract_kind', '=', kind);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
