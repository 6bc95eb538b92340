import type { SupportConversation, SupportMessage } from '@app/contracts';
import type { ConversationRow, MessageRow } from './support.tables.ts';

/** Operator names by id (the presence table keeps each operator's display name). */
export type Names = ReadonlyMap<bigint, string>;

export function messageView(row: MessageRow, names: Names): SupportMessage {
  return {
    id: row.id.toString(),
    conversationId: row.conversation_id.toString(),
    sender: row.sender,
    senderName: row.operator_id === null ? null : (names.get(row.operator_id) ?? null),
    clientId: row.client_id,
    body: row.body,
    imageId: row.image_id,
    at: row.created_at.toISOString(),
  };
}

export function conversationView(row: ConversationRow, names: Names): SupportConversation {
  return {
    id: row.id.toString(),
    status: row.status,
    operatorName: row.operator_id === null ? null : (names.get(row.operator_id) ?? null),
    partyReadId: row.party_read_id.toString(),
    operatorReadId: row.operator_read_id.toString(),
    createdAt: row.created_at.toISOString(),
  };
}
