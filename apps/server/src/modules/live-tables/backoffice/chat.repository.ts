import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { LiveChatRow } from '../chat/chat.repository.ts';

// The chat's moderation reads and writes (issue 25): messages as typed and as shown, removals, mutes.

/** A message as the player side stores it (chat/), with the page's total. */
export type ChatRow = Omit<LiveChatRow, 'removed_by'> & { total: number };

export async function listMessages(db: DbExecutor, filter: { tableCode?: string; memberId?: bigint; limit: number; offset: number }): Promise<ChatRow[]> {
  const rows = await sql<ChatRow>`
    select id, table_code, member_id, original, shown, filtered, removed_at, created_at, count(*) over ()::int as total
    from live_chat_message
    where (${filter.tableCode ?? null}::text is null or table_code = ${filter.tableCode ?? null})
      and (${filter.memberId ?? null}::bigint is null or member_id = ${filter.memberId ?? null})
    order by id desc limit ${filter.limit} offset ${filter.offset}`.execute(db);
  return rows.rows;
}

export async function lockMessage(tx: DbExecutor, id: bigint): Promise<ChatRow | undefined> {
  return (await sql<ChatRow>`select id, table_code, member_id, original, shown, filtered, removed_at, created_at, 1 as total from live_chat_message where id = ${id} for update`.execute(tx)).rows[0];
}

export async function markRemoved(tx: DbExecutor, id: bigint, operatorId: bigint): Promise<Date> {
  const row = (await sql<{ removed_at: Date }>`update live_chat_message set removed_at = now(), removed_by = ${operatorId} where id = ${id} returning removed_at`.execute(tx)).rows[0]!;
  return row.removed_at;
}

export interface MuteRow {
  member_id: bigint;
  until: Date;
  reason: string;
  operator_id: bigint;
  operator: string | null;
  created_at: Date;
}

// Who muted: the operator's name kept with the console's latest mute request for the member
// (operators' own table belongs to the back office module).
const MUTE_COLUMNS = sql`m.member_id, m.until, m.reason, m.operator_id, m.created_at,
  (select a.outcome->>'by' from live_backoffice_action a where a.action = 'live.chat.mute ' || m.member_id order by a.created_at desc limit 1) as operator`;

export async function activeMutes(db: DbExecutor): Promise<MuteRow[]> {
  return (await sql<MuteRow>`select ${MUTE_COLUMNS} from live_chat_mute m where m.until > now() order by m.until desc limit 500`.execute(db)).rows;
}

export async function findMute(db: DbExecutor, memberId: bigint): Promise<MuteRow | undefined> {
  return (await sql<MuteRow>`select ${MUTE_COLUMNS} from live_chat_mute m where m.member_id = ${memberId} for update of m`.execute(db)).rows[0];
}

export async function saveMute(tx: DbExecutor, mute: { memberId: bigint; minutes: number; reason: string; operatorId: bigint }): Promise<void> {
  await sql`
    insert into live_chat_mute (member_id, until, reason, operator_id) values (${mute.memberId}, now() + make_interval(mins => ${mute.minutes}), ${mute.reason}, ${mute.operatorId})
    on conflict (member_id) do update set until = excluded.until, reason = excluded.reason, operator_id = excluded.operator_id, created_at = now()`.execute(tx);
}

export async function liftMute(tx: DbExecutor, memberId: bigint): Promise<boolean> {
  const result = await sql`delete from live_chat_mute where member_id = ${memberId}`.execute(tx);
  return Number(result.numAffectedRows ?? 0n) > 0;
}
