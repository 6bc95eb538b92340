import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import { support, type ConversationRow, type Party } from './support.tables.ts';

const partyColumn = (party: Party) => (party.kind === 'member' ? ({ column: 'member_id', id: party.memberId } as const) : ({ column: 'visitor_id', id: party.visitorId } as const));

/** The party's open conversation (waiting or assigned), or undefined. */
export async function findOpen(db: DbExecutor, party: Party): Promise<ConversationRow | undefined> {
  const { column, id } = partyColumn(party);
  return (await support(db).selectFrom('support_conversation').selectAll().where(column, '=', id).where('status', '<>', 'closed').executeTakeFirst()) as ConversationRow | undefined;
}

/** The party's latest conversation, open or closed (the chat shows its history). */
export async function findLatest(db: DbExecutor, party: Party): Promise<ConversationRow | undefined> {
  const { column, id } = partyColumn(party);
  return (await support(db).selectFrom('support_conversation').selectAll().where(column, '=', id).orderBy('id', 'desc').limit(1).executeTakeFirst()) as ConversationRow | undefined;
}

/**
 * The party's open conversation, or a new one in the queue. The partial unique index keeps one
 * open conversation per party: of two concurrent first messages one inserts, the other reads it.
 */
export async function openOrCreate(tx: DbExecutor, party: Party): Promise<{ conversation: ConversationRow; created: boolean }> {
  const { column, id } = partyColumn(party);
  const inserted = (await sql<ConversationRow>`
    insert into support_conversation (${sql.ref(column)}) values (${id})
    on conflict (${sql.ref(column)}) where status <> 'closed' and ${sql.ref(column)} is not null do nothing
    returning *`.execute(tx)).rows[0];
  if (inserted) return { conversation: inserted, created: true };
  const open = (await support(tx).selectFrom('support_conversation').selectAll().where(column, '=', id).where('status', '<>', 'closed').forUpdate().executeTakeFirstOrThrow()) as ConversationRow;
  return { conversation: open, created: false };
}

export async function findById(db: DbExecutor, id: bigint, lock = false): Promise<ConversationRow | undefined> {
  let query = support(db).selectFrom('support_conversation').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ConversationRow | undefined;
}

/** The queue (oldest first) and the operator's assigned conversations. */
export async function listDesk(db: DbExecutor, operatorId: bigint, limit: number) {
  const [queue, mine] = await Promise.all([
    // A conversation opened by an image upload enters the queue with its first message.
    support(db).selectFrom('support_conversation').selectAll().where('status', '=', 'waiting').where('last_message_id', '>', 0n).orderBy('queued_at').orderBy('id').limit(limit).execute(),
    support(db).selectFrom('support_conversation').selectAll().where('status', '=', 'assigned').where('operator_id', '=', operatorId).orderBy('assigned_at').limit(limit).execute(),
  ]);
  return { queue: queue as ConversationRow[], mine: mine as ConversationRow[] };
}

/**
 * Assigns a waiting conversation to the operator: one statement with the status in its where
 * clause, so of two operators taking it at once exactly one gets a row back.
 */
export async function take(tx: DbExecutor, id: bigint, operatorId: bigint): Promise<ConversationRow | undefined> {
  return (await support(tx)
    .updateTable('support_conversation')
    .set({ status: 'assigned', operator_id: operatorId, assigned_at: sql<Date>`now()` as never })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .returningAll()
    .executeTakeFirst()) as ConversationRow | undefined;
}

export async function reassign(tx: DbExecutor, id: bigint, operatorId: bigint): Promise<ConversationRow> {
  return (await support(tx).updateTable('support_conversation').set({ operator_id: operatorId, assigned_at: sql<Date>`now()` as never }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()) as ConversationRow;
}

export async function close(tx: DbExecutor, id: bigint, operatorId: bigint): Promise<ConversationRow> {
  return (await support(tx)
    .updateTable('support_conversation')
    .set({ status: 'closed', operator_id: null, closed_at: sql<Date>`now()` as never, closed_by: operatorId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as ConversationRow;
}

/** A new message: the conversation's last id moves, and the first operator message stamps the first response. */
export async function noteMessage(tx: DbExecutor, id: bigint, messageId: bigint, byOperator: boolean): Promise<ConversationRow> {
  let update = support(tx).updateTable('support_conversation').set({ last_message_id: messageId });
  if (byOperator) update = update.set({ first_response_at: sql<Date>`coalesce(first_response_at, now())` as never, operator_read_id: sql<bigint>`greatest(operator_read_id, ${messageId})` as never });
  else update = update.set({ party_read_id: sql<bigint>`greatest(party_read_id, ${messageId})` as never });
  return (await update.where('id', '=', id).returningAll().executeTakeFirstOrThrow()) as ConversationRow;
}

/** Read receipts only move forward and never past the last message. Answers the new mark, or undefined if unchanged. */
export async function markRead(db: DbExecutor, id: bigint, side: 'party' | 'operator', lastReadId: bigint): Promise<bigint | undefined> {
  const column = side === 'party' ? 'party_read_id' : 'operator_read_id';
  const row = await support(db)
    .updateTable('support_conversation')
    .set({ [column]: sql<bigint>`least(${lastReadId}, last_message_id)` } as never)
    .where('id', '=', id)
    .where(sql<boolean>`${sql.ref(column)} < least(${lastReadId}, last_message_id)`)
    .returning(column)
    .executeTakeFirst();
  return row ? (row as Record<string, bigint>)[column] : undefined;
}
