import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import { live } from '../live.tables.ts';

export interface LiveChatRow {
  id: bigint;
  table_code: string;
  member_id: bigint;
  original: string;
  shown: string;
  filtered: boolean;
  removed_at: Date | null;
  removed_by: bigint | null;
  created_at: Date;
}

/** The table's latest messages not removed by an operator, newest first. */
export async function recentMessages(db: DbExecutor, tableCode: string, limit: number): Promise<LiveChatRow[]> {
  return (await live(db).selectFrom('live_chat_message').selectAll().where('table_code', '=', tableCode).where('removed_at', 'is', null).orderBy('id', 'desc').limit(limit).execute()) as unknown as LiveChatRow[];
}

export async function activeMute(db: DbExecutor, memberId: bigint): Promise<Date | undefined> {
  const row = await live(db).selectFrom('live_chat_mute').select('until').where('member_id', '=', memberId).where(sql<boolean>`until > clock_timestamp()`).executeTakeFirst();
  return row?.until;
}

/**
 * Stores the message unless the member wrote one within `minGapMs` (by the database clock, so
 * every API process agrees); answers undefined when too soon. The member's advisory lock orders
 * two messages sent at once.
 */
export async function insertMessage(db: DbExecutor, message: { tableCode: string; memberId: bigint; original: string; shown: string; filtered: boolean; minGapMs: number }): Promise<LiveChatRow | undefined> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`live_chat:${message.memberId}`}, 0))`.execute(tx);
    const recent = await live(tx).selectFrom('live_chat_message')
      .select('id')
      .where('member_id', '=', message.memberId)
      .where(sql<boolean>`created_at > clock_timestamp() - make_interval(secs => ${message.minGapMs / 1000})`)
      .executeTakeFirst();
    if (recent) return undefined;
    return (await live(tx).insertInto('live_chat_message')
      .values({ table_code: message.tableCode, member_id: message.memberId, original: message.original, shown: message.shown, filtered: message.filtered, created_at: sql<Date>`clock_timestamp()` })
      .returningAll()
      .executeTakeFirstOrThrow()) as unknown as LiveChatRow;
  });
}
