import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** A member's inbox (every message, read or deleted), for the LGPD export (compliance). */
export async function exportMember(db: Db, memberId: bigint) {
  const { rows } = await sql<Record<string, unknown>>`
    select i.id, i.kind, i.template, i.params, coalesce(i.title, b.title) as title, coalesce(i.body_html, b.body_html) as body_html,
           i.created_at, i.read_at, i.deleted_at
    from messages_item i left join messages_broadcast b on b.id = i.broadcast_id
    where i.member_id = ${memberId} order by i.id`.execute(db);
  return rows;
}
