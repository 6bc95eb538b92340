import { AppError } from '@app/kernel';
import { SUPPORT_TYPING_THROTTLE_MS, type SupportAdminConversation } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';
import { storeMessage, type SendInput } from './chat.service.ts';
import * as conversations from './conversation.repository.ts';
import * as messages from './message.repository.ts';
import * as presence from './presence.repository.ts';
import { createTypingThrottle, type SupportEvents } from './support.events.ts';
import type { ConversationRow } from './support.tables.ts';
import { checkedImage, cleanText } from './text.ts';
import { conversationView, messageView } from './views.ts';

export interface Operator {
  id: bigint;
  username: string;
  ip: string;
}


/** The operators' side: the queue, taking, transferring and closing, messages, receipts and typing. */
export function createDeskService(deps: { db: Db; events: SupportEvents; audit: (executor: DbExecutor, entry: AuditEntry) => Promise<void>; accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>> }) {
  const { db, events, audit } = deps;
  const typingGate = createTypingThrottle(SUPPORT_TYPING_THROTTLE_MS);

  async function views(rows: ConversationRow[]): Promise<SupportAdminConversation[]> {
    const [names, accounts, visitors] = await Promise.all([
      presence.namesOf(db, rows.flatMap((row) => (row.operator_id === null ? [] : [row.operator_id]))),
      deps.accountNamesOf(rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id]))),
      presence.visitorsOf(db, rows.flatMap((row) => (row.visitor_id === null ? [] : [row.visitor_id]))),
    ]);
    return rows.map((row) => {
      const visitor = row.visitor_id === null ? undefined : visitors.get(row.visitor_id);
      return {
        ...conversationView(row, names),
        operatorId: row.operator_id?.toString() ?? null,
        party: row.member_id !== null ? { kind: 'member', account: accounts.get(row.member_id) ?? `#${row.member_id}`, name: null, contact: null } : { kind: 'visitor', account: null, name: visitor?.name ?? null, contact: visitor?.contact ?? null },
        queuedAt: row.queued_at.toISOString(),
        lastMessageId: row.last_message_id.toString(),
        unread: row.operator_read_id < row.last_message_id,
      };
    });
  }

  async function mustFind(id: bigint): Promise<ConversationRow> {
    const row = await conversations.findById(db, id);
    if (!row) throw new AppError('support.conversation_not_found', 'no such conversation');
    return row;
  }

  const entry = (operator: Operator, action: string, row: ConversationRow, details?: Record<string, unknown>): AuditEntry => ({
    operatorId: operator.id,
    action: `support.conversation.${action}`,
    targetType: 'support_conversation',
    targetId: row.id.toString(),
    ...(details ? { details } : {}),
    ip: operator.ip,
  });

  return {
    views,
    async list(operator: Operator) {
      await presence.beat(db, operator.id, operator.username);
      const { queue, mine } = await conversations.listDesk(db, operator.id, 200);
      return { queue: await views(queue), mine: await views(mine) };
    },

    async thread(id: bigint, after?: bigint) {
      const row = await mustFind(id);
      const rows = after === undefined ? await messages.listLatest(db, id, 200) : await messages.listAfter(db, id, after, 200);
      const names = await presence.namesOf(db, rows.flatMap((message) => (message.operator_id === null ? [] : [message.operator_id])));
      const [conversation] = await views([row]);
      return { conversation: conversation as SupportAdminConversation, messages: rows.map((message) => messageView(message, names)) };
    },

    /** Takes a waiting conversation; of two operators at once one wins, the other is told 409 already_taken. */
    async take(operator: Operator, id: bigint) {
      await presence.beat(db, operator.id, operator.username);
      const row = await db.transaction().execute(async (tx) => {
        const taken = await conversations.take(tx, id, operator.id);
        if (!taken) {
          const existing = await conversations.findById(tx, id);
          if (!existing) throw new AppError('support.conversation_not_found', 'no such conversation');
          if (existing.status === 'closed') throw new AppError('support.closed', 'the conversation is closed');
          if (existing.operator_id === operator.id) return existing;
          throw new AppError('support.already_taken', 'another operator took it');
        }
        await audit(tx, entry(operator, 'taken', taken));
        await events.conversation(tx, taken);
        return taken;
      });
      return (await views([row]))[0] as SupportAdminConversation;
    },

    async transfer(operator: Operator, id: bigint, toOperatorId: bigint) {
      const online = await presence.online(db);
      if (!online.some((other) => other.id === toOperatorId)) throw new AppError('support.operator_offline', 'that operator is not online');
      const row = await db.transaction().execute(async (tx) => {
        const current = await conversations.findById(tx, id, true);
        if (!current) throw new AppError('support.conversation_not_found', 'no such conversation');
        if (current.status === 'closed') throw new AppError('support.closed', 'the conversation is closed');
        if (current.status === 'assigned' && current.operator_id !== operator.id) throw new AppError('support.not_yours', 'assigned to another operator');
        const moved = current.status === 'waiting' ? ((await conversations.take(tx, id, toOperatorId)) as ConversationRow) : await conversations.reassign(tx, id, toOperatorId);
        await audit(tx, entry(operator, 'transferred', moved, { from: current.operator_id?.toString() ?? null, to: toOperatorId.toString() }));
        await events.conversation(tx, moved, current.operator_id);
        return moved;
      });
      return (await views([row]))[0] as SupportAdminConversation;
    },

    async close(operator: Operator, id: bigint) {
      const row = await db.transaction().execute(async (tx) => {
        const current = await conversations.findById(tx, id, true);
        if (!current) throw new AppError('support.conversation_not_found', 'no such conversation');
        if (current.status === 'closed') return current;
        if (current.status === 'assigned' && current.operator_id !== operator.id) throw new AppError('support.not_yours', 'assigned to another operator');
        const closed = await conversations.close(tx, id, operator.id);
        await audit(tx, entry(operator, 'closed', closed));
        await events.conversation(tx, closed, current.operator_id);
        return closed;
      });
      return (await views([row]))[0] as SupportAdminConversation;
    },

    /** An operator's message; a waiting conversation is taken by it (race-safe like take). */
    async send(operator: Operator, id: bigint, input: SendInput) {
      const body = cleanText(input.body);
      if (body === null && input.imageId === undefined) throw new AppError('support.empty', 'write a message or attach an image');
      await presence.beat(db, operator.id, operator.username);
      const result = await db.transaction().execute(async (tx) => {
        let current = await conversations.findById(tx, id, true);
        if (!current) throw new AppError('support.conversation_not_found', 'no such conversation');
        const stored = await messages.findByClientId(tx, [id], 'operator', input.clientId);
        if (stored) return { row: stored, conversation: current, replayed: true };
        if (current.status === 'closed') throw new AppError('support.closed', 'the conversation is closed');
        if (current.status === 'waiting') {
          current = (await conversations.take(tx, id, operator.id)) as ConversationRow;
          await audit(tx, entry(operator, 'taken', current));
          await events.conversation(tx, current);
        }
        if (current.operator_id !== operator.id) throw new AppError('support.not_yours', 'assigned to another operator');
        return storeMessage(tx, events, current, { sender: 'operator', operatorId: operator.id }, input, body);
      });
      const names = await presence.namesOf(db, [operator.id]);
      return { message: messageView(result.row, names), conversation: conversationView(result.conversation, names), replayed: result.replayed };
    },

    async uploadImage(operator: Operator, id: bigint, body: unknown) {
      const image = checkedImage(body);
      const current = await mustFind(id);
      if (current.status === 'closed') throw new AppError('support.closed', 'the conversation is closed');
      if (current.status === 'assigned' && current.operator_id !== operator.id) throw new AppError('support.not_yours', 'assigned to another operator');
      return { id: await messages.insertImage(db, { conversationId: id, ...image }), contentType: image.contentType };
    },

    async image(id: string) {
      const image = await messages.findImage(db, id);
      if (!image) throw new AppError('support.image_not_found', 'no such image');
      return { contentType: image.content_type, bytes: image.bytes };
    },

    async markRead(id: bigint, lastReadId: bigint) {
      const row = await mustFind(id);
      const mark = await conversations.markRead(db, id, 'operator', lastReadId);
      if (mark !== undefined) await events.read(db, row, 'operator', mark);
    },

    async typing(operator: Operator, id: bigint) {
      const row = await mustFind(id);
      if (row.status !== 'assigned' || row.operator_id !== operator.id || !typingGate(`${id}:operator`)) return;
      await events.typing(db, row, 'operator');
    },

    async beat(operator: Operator, online: boolean) {
      if (online) await presence.beat(db, operator.id, operator.username);
      else await presence.leave(db, operator.id);
    },
    online: () => presence.online(db),
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
