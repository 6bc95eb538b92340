import { sql } from 'kysely';
import type { BroadcastAudience } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import { audienceSql } from './messages.repository.ts';

export interface BroadcastRow {
  id: bigint;
  audience: BroadcastAudience & { agentId?: string };
  title: string;
  body_html: string;
  status: 'scheduled' | 'sent' | 'cancelled';
  send_at: Date;
  sent_at: Date | null;
  recipient_count: number;
  created_by_name: string;
  read_count?: string;
  total?: string;
}

export async function insertBroadcast(
  executor: DbExecutor,
  input: { requestId: string; audience: BroadcastRow['audience']; title: string; bodyHtml: string; sendAt: Date; operatorId: bigint; operatorName: string },
): Promise<{ id: bigint; created: boolean }> {
  const { rows } = await sql<{ id: bigint }>`
    insert into messages_broadcast (request_id, audience, title, body_html, send_at, created_by, created_by_name)
    values (${input.requestId}, ${JSON.stringify(input.audience)}::jsonb, ${input.title}, ${input.bodyHtml}, ${input.sendAt}, ${input.operatorId}, ${input.operatorName})
    on conflict (request_id) do nothing returning id`.execute(executor);
  if (rows[0]) return { id: rows[0].id, created: true };
  const { rows: existing } = await sql<{ id: bigint }>`select id from messages_broadcast where request_id = ${input.requestId}`.execute(executor);
  return { id: existing[0]!.id, created: false };
}

export async function lockBroadcast(executor: DbExecutor, id: bigint): Promise<BroadcastRow | undefined> {
  const { rows } = await sql<BroadcastRow>`select * from messages_broadcast where id = ${id} for update`.execute(executor);
  return rows[0];
}

/**
 * The delivery: one INSERT…SELECT of a state row per recipient (the text stays in the broadcast
 * row), then the broadcast marked sent with its count. A replay inserts nothing twice.
 */
export async function deliver(executor: DbExecutor, row: BroadcastRow): Promise<number> {
  const agentId = row.audience.kind === 'team' && row.audience.agentId ? BigInt(row.audience.agentId) : undefined;
  const result = await sql`
    insert into messages_item (member_id, kind, broadcast_id)
    select distinct a.id, 'broadcast', ${row.id}::bigint from (${audienceSql(row.audience, agentId)}) a
    -- Responsible gaming (issue 27): no broadcast to a member under an exclusion (the exclusion module's published view).
    where not exists (select 1 from exclusion_active_member x where x.member_id = a.id)
    on conflict (broadcast_id, member_id) where broadcast_id is not null do nothing`.execute(executor);
  const count = Number(result.numAffectedRows ?? 0);
  await sql`update messages_broadcast set status = 'sent', sent_at = now(), recipient_count = recipient_count + ${count} where id = ${row.id}`.execute(executor);
  return count;
}

export async function cancel(executor: DbExecutor, id: bigint, operatorId: bigint): Promise<void> {
  await sql`update messages_broadcast set status = 'cancelled', cancelled_by = ${operatorId} where id = ${id}`.execute(executor);
}

export async function dueIds(executor: DbExecutor, limit: number): Promise<bigint[]> {
  const { rows } = await sql<{ id: bigint }>`select id from messages_broadcast where status = 'scheduled' and send_at <= now() order by send_at limit ${limit}`.execute(executor);
  return rows.map((row) => row.id);
}

export async function listBroadcasts(executor: DbExecutor, options: { limit: number; offset: number; id?: bigint }): Promise<BroadcastRow[]> {
  const filter = options.id === undefined ? sql`true` : sql`b.id = ${options.id}`;
  const { rows } = await sql<BroadcastRow>`
    select b.*, count(*) over () as total,
      (select count(*) from messages_item i where i.broadcast_id = b.id and i.read_at is not null) as read_count
    from messages_broadcast b where ${filter}
    order by b.created_at desc, b.id desc limit ${options.limit} offset ${options.offset}`.execute(executor);
  return rows;
}

/** Unread counts of the broadcast's recipients among `memberIds` (the members connected to this process). */
export async function unreadOfRecipients(executor: DbExecutor, broadcastId: bigint, memberIds: readonly string[]): Promise<{ member_id: string; unread: string }[]> {
  const { rows } = await sql<{ member_id: string; unread: string }>`
    select r.member_id::text as member_id,
      (select count(*) from messages_item u where u.member_id = r.member_id and u.deleted_at is null and u.read_at is null) as unread
    from messages_item r where r.broadcast_id = ${broadcastId} and r.member_id = any(${memberIds}::bigint[])`.execute(executor);
  return rows;
}
