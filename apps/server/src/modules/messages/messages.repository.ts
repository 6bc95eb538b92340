import { sql, type RawBuilder } from 'kysely';
import type { BroadcastAudience, SystemMessageTemplate } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';

/**
 * messages_* SQL. Recipients are read through published views only: accounts_v_member (real
 * members, their upline for an agent's team) and vip_v_member_rank (the VIP module's level per
 * member; no row = rank 0). Every audience is one SELECT, so a broadcast is one INSERT…SELECT.
 */
export function audienceSql(audience: BroadcastAudience, agentId?: bigint): RawBuilder<{ id: bigint }> {
  switch (audience.kind) {
    case 'all':
      return sql`select id from accounts_v_member where not is_trial`;
    case 'vip':
      return sql`select m.id from accounts_v_member m left join vip_v_member_rank r on r.member_id = m.id
        where not m.is_trial and coalesce(r.rank, 0) = ${audience.rank}`;
    case 'team':
      // The agent's whole downline (every depth), not the agent.
      return sql`select t.id from (
          with recursive team(id, depth) as (
            select id, 1 from accounts_v_member where upline_member_id = ${agentId ?? -1n}
            union all
            select m.id, team.depth + 1 from accounts_v_member m join team on m.upline_member_id = team.id where team.depth < 64
          ) select id from team
        ) t join accounts_v_member m on m.id = t.id where not m.is_trial`;
    case 'accounts':
      return sql`select id from accounts_v_member where not is_trial and account = any(${audience.accounts}::text[])`;
  }
}

export async function countAudience(executor: DbExecutor, audience: RawBuilder<{ id: bigint }>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(distinct id) as n from (${audience}) a`.execute(executor);
  return Number(rows[0]?.n ?? 0);
}

/** Serialises one member's message changes, so the unread count published in the transaction is the truth at its commit. */
export async function lockMember(executor: DbExecutor, memberId: bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('messages:' || ${memberId.toString()}, 0))`.execute(executor);
}

export async function unreadOf(executor: DbExecutor, memberId: bigint): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from messages_item where member_id = ${memberId} and deleted_at is null and read_at is null`.execute(executor);
  return Number(rows[0]?.n ?? 0);
}

export interface NewItem {
  memberId: bigint;
  kind: 'operator' | 'system' | 'feedback';
  title?: string | null;
  bodyHtml?: string | null;
  template?: SystemMessageTemplate | null;
  params?: Record<string, string> | null;
  sourceKey: string;
  /** The notice of the member's own exclusion or closure (issue 27): the one message an excluded member still gets. */
  regulatory?: boolean;
}

/**
 * Responsible gaming (issue 27): a member under a cool-off, self-exclusion, closure or barred
 * restriction gets no message (system, operator, broadcast) — the exclusion module's published view.
 */
const NOT_EXCLUDED = (memberId: RawBuilder<unknown> | bigint) => sql`not exists (select 1 from exclusion_active_member x where x.member_id = ${memberId})`;

/** Inserts unless the member already has a message with this source key (or is excluded); answers whether it did. */
export async function insertItem(executor: DbExecutor, item: NewItem): Promise<bigint | undefined> {
  const { rows } = await sql<{ id: bigint }>`
    insert into messages_item (member_id, kind, title, body_html, template, params, source_key)
    select ${item.memberId}::bigint, ${item.kind}, ${item.title ?? null}, ${item.bodyHtml ?? null}, ${item.template ?? null}, ${item.params ? JSON.stringify(item.params) : null}::jsonb, ${item.sourceKey}
    where ${item.regulatory === true} or ${NOT_EXCLUDED(item.memberId)}
    on conflict (member_id, source_key) where source_key is not null do nothing
    returning id`.execute(executor);
  return rows[0]?.id;
}

export interface ItemRow {
  id: bigint;
  kind: 'broadcast' | 'operator' | 'system' | 'feedback';
  title: string | null;
  body_html: string | null;
  template: string | null;
  params: Record<string, string> | null;
  read_at: Date | null;
  created_at: Date;
  total: string;
}

const ITEM_COLUMNS = sql`i.id, i.kind, coalesce(i.title, b.title) as title, coalesce(i.body_html, b.body_html) as body_html, i.template, i.params, i.read_at, i.created_at`;

export async function listItems(executor: DbExecutor, memberId: bigint, options: { unreadFirst: boolean; limit: number; offset: number }): Promise<ItemRow[]> {
  const order = options.unreadFirst ? sql`(i.read_at is null) desc, i.id desc` : sql`i.id desc`;
  const { rows } = await sql<ItemRow>`
    select ${ITEM_COLUMNS}, count(*) over () as total
    from messages_item i left join messages_broadcast b on b.id = i.broadcast_id
    where i.member_id = ${memberId} and i.deleted_at is null
    order by ${order} limit ${options.limit} offset ${options.offset}`.execute(executor);
  return rows;
}

/** Marks one message read (if it was unread); answers the message, or undefined if not the member's or deleted. */
export async function readItem(executor: DbExecutor, memberId: bigint, id: bigint): Promise<{ row: ItemRow; changed: boolean } | undefined> {
  const { rows: changed } = await sql<{ id: bigint }>`
    update messages_item set read_at = now() where id = ${id} and member_id = ${memberId} and deleted_at is null and read_at is null returning id`.execute(executor);
  const { rows } = await sql<ItemRow>`
    select ${ITEM_COLUMNS}, 1 as total from messages_item i left join messages_broadcast b on b.id = i.broadcast_id
    where i.id = ${id} and i.member_id = ${memberId} and i.deleted_at is null`.execute(executor);
  return rows[0] && { row: rows[0], changed: changed.length > 0 };
}

export async function readAll(executor: DbExecutor, memberId: bigint): Promise<number> {
  const result = await sql`update messages_item set read_at = now() where member_id = ${memberId} and deleted_at is null and read_at is null`.execute(executor);
  return Number(result.numAffectedRows ?? 0);
}

export async function deleteItem(executor: DbExecutor, memberId: bigint, id: bigint): Promise<boolean> {
  const result = await sql`update messages_item set deleted_at = now() where id = ${id} and member_id = ${memberId} and deleted_at is null`.execute(executor);
  return Number(result.numAffectedRows ?? 0) > 0;
}
