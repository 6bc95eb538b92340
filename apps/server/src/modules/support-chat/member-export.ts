import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** A member's support conversations and their messages (image ids, not bytes), for the LGPD export (compliance). */
export async function exportMember(db: Db, memberId: bigint) {
  const { rows } = await sql<Record<string, unknown>>`
    select c.id, c.status, c.created_at, c.closed_at,
           coalesce((select jsonb_agg(jsonb_build_object('sender', m.sender, 'body', m.body, 'image', m.image_id, 'at', m.created_at) order by m.id)
                     from support_message m where m.conversation_id = c.id), '[]'::jsonb) as messages
    from support_conversation c where c.member_id = ${memberId} order by c.id`.execute(db);
  return rows;
}
