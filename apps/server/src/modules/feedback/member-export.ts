import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** A member's feedback tickets and the replies on them (internal notes left out), for the LGPD export (compliance). */
export async function exportMember(db: Db, memberId: bigint) {
  const { rows } = await sql<Record<string, unknown>>`
    select t.number, t.question_type, t.content, t.contact, t.status, t.created_at, t.updated_at,
           coalesce((select jsonb_agg(jsonb_build_object('kind', e.kind, 'body', e.body, 'at', e.created_at) order by e.id)
                     from feedback_entry e where e.ticket_id = t.id and e.kind <> 'note'), '[]'::jsonb) as replies
    from feedback_ticket t where t.member_id = ${memberId} order by t.id`.execute(db);
  return rows;
}
