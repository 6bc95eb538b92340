import { AppError } from '@app/kernel';
import { SUPPORT_TYPING_THROTTLE_MS, type SupportChat } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import * as conversations from './conversation.repository.ts';
import * as messages from './message.repository.ts';
import * as presence from './presence.repository.ts';
import { createTypingThrottle, type SupportEvents } from './support.events.ts';
import type { ConversationRow, MessageRow, Party } from './support.tables.ts';
import { checkedImage, cleanText } from './text.ts';
import { conversationView, messageView } from './views.ts';

/** Rate limits by the database clock (every process agrees): messages per side and conversation. */
export const PARTY_LIMIT = { messages: 8, seconds: 10 };
export const OPERATOR_LIMIT = { messages: 30, seconds: 10 };
const HISTORY = 200;

export interface SendInput {
  clientId: string;
  body?: string | undefined;
  imageId?: string | undefined;
}

/** Stores one message in `conversation` (locked by the caller) and announces it; shared by both sides. */
export async function storeMessage(tx: DbExecutor, events: SupportEvents, conversation: ConversationRow, side: { sender: 'party' | 'operator'; operatorId: bigint | null }, input: SendInput, body: string | null) {
  if (input.imageId !== undefined && (await messages.imageConversation(tx, input.imageId)) !== conversation.id) throw new AppError('support.image_not_found', 'upload the image to this conversation first');
  const limit = side.sender === 'party' ? PARTY_LIMIT : OPERATOR_LIMIT;
  const { row, replayed } = await messages.insertOnce(tx, { conversationId: conversation.id, sender: side.sender, operatorId: side.operatorId, clientId: input.clientId, body, imageId: input.imageId ?? null });
  if (replayed) return { row, conversation, replayed };
  // Counted after the insert (this message included), inside the conversation's lock: no burst slips through.
  if ((await messages.recentCount(tx, conversation.id, side.sender, limit.seconds)) > limit.messages) {
    throw new AppError('support.too_fast', 'too many messages, wait a moment', { retryAfterSeconds: limit.seconds });
  }
  const updated = await conversations.noteMessage(tx, conversation.id, row.id, side.sender === 'operator');
  const names = side.operatorId === null ? new Map<bigint, string>() : await presence.namesOf(tx, [side.operatorId]);
  await events.message(tx, updated, messageView(row, names));
  return { row, conversation: updated, replayed };
}

/** The player side: a member (bearer session) or a visitor (chat token) and their conversations. */
export function createChatService(deps: { db: Db; events: SupportEvents }) {
  const { db, events } = deps;
  const typingGate = createTypingThrottle(SUPPORT_TYPING_THROTTLE_MS);

  async function view(conversation: ConversationRow | undefined, rows: MessageRow[]): Promise<SupportChat> {
    const names = await presence.namesOf(db, [...rows.flatMap((row) => (row.operator_id === null ? [] : [row.operator_id])), ...(conversation?.operator_id ? [conversation.operator_id] : [])]);
    return { conversation: conversation ? conversationView(conversation, names) : null, messages: rows.map((row) => messageView(row, names)), operatorsOnline: await presence.anyOnline(db) };
  }

  return {
    /** The party's latest conversation with its messages (after `after`: what a reconnecting client missed). */
    async read(party: Party, after?: bigint): Promise<SupportChat> {
      const conversation = await conversations.findLatest(db, party);
      if (!conversation) return view(undefined, []);
      const rows = after === undefined ? await messages.listLatest(db, conversation.id, HISTORY) : await messages.listAfter(db, conversation.id, after, HISTORY);
      return view(conversation, rows);
    },

    /**
     * A message from the party: into the open conversation, or a new one in the queue (a message
     * after a close starts a new conversation, so each has its own first response and resolution).
     */
    async send(party: Party, input: SendInput) {
      const body = cleanText(input.body);
      if (body === null && input.imageId === undefined) throw new AppError('support.empty', 'write a message or attach an image');
      // A resend of a message stored before the conversation was closed answers that message.
      const latest = await conversations.findLatest(db, party);
      const stored = latest && (await messages.findByClientId(db, [latest.id], 'party', input.clientId));
      if (latest && stored) return { ...(await view(latest, [stored])), replayed: true };
      const result = await db.transaction().execute(async (tx) => {
        const { conversation } = await conversations.openOrCreate(tx, party);
        const first = conversation.last_message_id === 0n;
        const sent = await storeMessage(tx, events, conversation, { sender: 'party', operatorId: null }, input, body);
        if (first && !sent.replayed) await events.conversation(tx, sent.conversation);
        return sent;
      });
      return { ...(await view(result.conversation, [result.row])), replayed: result.replayed };
    },

    /** An image for the party's open conversation (opened by it if needed); its id goes into a message. */
    async uploadImage(party: Party, body: unknown): Promise<{ id: string; contentType: 'image/png' | 'image/jpeg' }> {
      const image = checkedImage(body);
      return db.transaction().execute(async (tx) => {
        // The conversation is announced with its first message, not with the upload.
        const { conversation } = await conversations.openOrCreate(tx, party);
        const id = await messages.insertImage(tx, { conversationId: conversation.id, ...image });
        return { id, contentType: image.contentType };
      });
    },

    /** The image, if it belongs to one of the party's conversations (404 otherwise: no oracle). */
    async image(party: Party, id: string) {
      const image = await messages.findImage(db, id);
      const conversation = image && (await conversations.findById(db, image.conversation_id));
      const mine = conversation && (party.kind === 'member' ? conversation.member_id === party.memberId : conversation.visitor_id === party.visitorId);
      if (!image || !mine) throw new AppError('support.image_not_found', 'no such image');
      return { contentType: image.content_type, bytes: image.bytes };
    },

    async markRead(party: Party, lastReadId: bigint): Promise<void> {
      const conversation = await conversations.findLatest(db, party);
      if (!conversation) throw new AppError('support.conversation_not_found', 'no conversation yet');
      const mark = await conversations.markRead(db, conversation.id, 'party', lastReadId);
      if (mark !== undefined) await events.read(db, conversation, 'party', mark);
    },

    async typing(party: Party): Promise<void> {
      const conversation = await conversations.findOpen(db, party);
      if (!conversation || !typingGate(`${conversation.id}:party`)) return;
      await events.typing(db, conversation, 'party');
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
