import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import { support, type MessageRow } from './support.tables.ts';

/**
 * Stores a message once per (conversation, side, client id): a resend after a double click or a
 * reconnect answers the stored message with replayed = true and changes nothing.
 */
export async function insertOnce(tx: DbExecutor, message: { conversationId: bigint; sender: 'party' | 'operator'; operatorId: bigint | null; clientId: string; body: string | null; imageId: string | null }): Promise<{ row: MessageRow; replayed: boolean }> {
  const inserted = (await sql<MessageRow>`
    insert into support_message (conversation_id, sender, operator_id, client_id, body, image_id)
    values (${message.conversationId}, ${message.sender}, ${message.operatorId}, ${message.clientId}, ${message.body}, ${message.imageId})
    on conflict (conversation_id, sender, client_id) do nothing
    returning *`.execute(tx)).rows[0];
  if (inserted) return { row: inserted, replayed: false };
  const stored = (await support(tx).selectFrom('support_message').selectAll().where('conversation_id', '=', message.conversationId).where('sender', '=', message.sender).where('client_id', '=', message.clientId).executeTakeFirstOrThrow()) as MessageRow;
  return { row: stored, replayed: true };
}

/** A message already stored under this client id in any of the party's conversations (a resend after a close). */
export async function findByClientId(db: DbExecutor, conversationIds: readonly bigint[], sender: 'party' | 'operator', clientId: string): Promise<MessageRow | undefined> {
  if (conversationIds.length === 0) return undefined;
  return (await support(db).selectFrom('support_message').selectAll().where('conversation_id', 'in', conversationIds).where('sender', '=', sender).where('client_id', '=', clientId).executeTakeFirst()) as MessageRow | undefined;
}

/** How many messages the side sent in the conversation over the last `seconds` (database clock: every process agrees). */
export async function recentCount(db: DbExecutor, conversationId: bigint, sender: 'party' | 'operator', seconds: number): Promise<number> {
  const row = await support(db)
    .selectFrom('support_message')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', sender)
    .where(sql<boolean>`created_at > now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Messages after `afterId`, oldest first (a reconnecting client asks for what it missed). */
export async function listAfter(db: DbExecutor, conversationId: bigint, afterId: bigint, limit: number): Promise<MessageRow[]> {
  return (await support(db).selectFrom('support_message').selectAll().where('conversation_id', '=', conversationId).where('id', '>', afterId).orderBy('id').limit(limit).execute()) as MessageRow[];
}

/** The conversation's latest `limit` messages, oldest first. */
export async function listLatest(db: DbExecutor, conversationId: bigint, limit: number): Promise<MessageRow[]> {
  const rows = (await support(db).selectFrom('support_message').selectAll().where('conversation_id', '=', conversationId).orderBy('id', 'desc').limit(limit).execute()) as MessageRow[];
  return rows.reverse();
}

export async function insertImage(db: DbExecutor, image: { conversationId: bigint; contentType: string; bytes: Buffer }): Promise<string> {
  const id = randomUUID();
  await support(db).insertInto('support_image').values({ id, conversation_id: image.conversationId, content_type: image.contentType, bytes: image.bytes }).execute();
  return id;
}

export async function findImage(db: DbExecutor, id: string): Promise<{ conversation_id: bigint; content_type: string; bytes: Buffer } | undefined> {
  return support(db).selectFrom('support_image').select(['conversation_id', 'content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
}

/** The image's conversation, without its bytes (checks before a message refers to it). */
export async function imageConversation(db: DbExecutor, id: string): Promise<bigint | undefined> {
  return (await support(db).selectFrom('support_image').select('conversation_id').where('id', '=', id).executeTakeFirst())?.conversation_id;
}
