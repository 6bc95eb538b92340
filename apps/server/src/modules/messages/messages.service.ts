import type { Message, MessageList, SystemMessageTemplate } from '@app/contracts';
import { MESSAGES_PAGE_SIZE } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import { sanitiseHtml } from '../../platform/sanitise-html.ts';
import * as repository from './messages.repository.ts';

export const UNREAD_EVENT = 'messages.unread';

export interface SendToMember {
  memberId: bigint;
  /** operator (a one-off message) or feedback (a ticket's reply). */
  kind: 'operator' | 'feedback';
  title: string;
  /** Sanitised here through the server's allow-list. */
  bodyHtml: string;
  /** Idempotency: a second send with the same key for the same member is a no-op. */
  sourceKey: string;
  /** The notice of the member's own exclusion or closure (issue 27): delivered even to an excluded member. */
  regulatory?: boolean;
}

export interface SendSystem {
  memberId: bigint;
  template: SystemMessageTemplate;
  params: Record<string, string>;
  sourceKey: string;
}

export const messageView = (row: repository.ItemRow): Message => ({
  id: row.id.toString(),
  kind: row.kind,
  title: row.title,
  bodyHtml: row.body_html,
  template: (row.template as SystemMessageTemplate | null) ?? null,
  params: row.params,
  read: row.read_at !== null,
  createdAt: row.created_at.toISOString(),
});

/**
 * A member's inbox. Every change to one member's messages takes that member's advisory lock and
 * publishes the unread count in its transaction: the bus delivers it only on commit, and in commit
 * order, so the last count a client hears is the count after the last change.
 */
export function createMessagesService(deps: { db: Db; bus: EventBus }) {
  async function publishUnread(tx: DbExecutor, memberId: bigint): Promise<number> {
    const unread = await repository.unreadOf(tx, memberId);
    await deps.bus.publish(tx, { type: UNREAD_EVENT, audience: { kind: 'member', memberId: memberId.toString() }, data: { unread } });
    return unread;
  }

  async function insert(executor: DbExecutor, item: repository.NewItem): Promise<{ created: boolean }> {
    await repository.lockMember(executor, item.memberId);
    const id = await repository.insertItem(executor, item);
    if (id !== undefined) await publishUnread(executor, item.memberId);
    return { created: id !== undefined };
  }

  /** Runs `work` in the caller's transaction, or in one of its own when given the pool. */
  const inTx = <T>(executor: DbExecutor, work: (tx: DbExecutor) => Promise<T>): Promise<T> =>
    executor.isTransaction ? work(executor) : (executor as Db).transaction().execute(work);

  return {
    async sendToMember(executor: DbExecutor, input: SendToMember): Promise<{ created: boolean }> {
      const bodyHtml = sanitiseHtml(input.bodyHtml);
      if (bodyHtml === '') throw new AppError('messages.body_empty', 'the body is empty once sanitised');
      return inTx(executor, (tx) => insert(tx, { memberId: input.memberId, kind: input.kind, title: input.title, bodyHtml, sourceKey: input.sourceKey, regulatory: input.regulatory === true }));
    },

    sendSystem(executor: DbExecutor, input: SendSystem): Promise<{ created: boolean }> {
      return inTx(executor, (tx) => insert(tx, { memberId: input.memberId, kind: 'system', template: input.template, params: input.params, sourceKey: input.sourceKey }));
    },

    unreadOf: (memberId: bigint) => repository.unreadOf(deps.db, memberId),

    async list(memberId: bigint, page: number, unreadFirst: boolean): Promise<MessageList> {
      const rows = await repository.listItems(deps.db, memberId, { unreadFirst, limit: MESSAGES_PAGE_SIZE, offset: (page - 1) * MESSAGES_PAGE_SIZE });
      return { messages: rows.map(messageView), total: Number(rows[0]?.total ?? 0), unread: await repository.unreadOf(deps.db, memberId), page };
    },

    read(memberId: bigint, id: bigint): Promise<Message> {
      return deps.db.transaction().execute(async (tx) => {
        await repository.lockMember(tx, memberId);
        const found = await repository.readItem(tx, memberId, id);
        if (!found) throw new AppError('messages.not_found', 'no such message', { id: id.toString() });
        if (found.changed) await publishUnread(tx, memberId);
        return messageView(found.row);
      });
    },

    readAll(memberId: bigint): Promise<{ unread: number }> {
      return deps.db.transaction().execute(async (tx) => {
        await repository.lockMember(tx, memberId);
        if ((await repository.readAll(tx, memberId)) > 0) return { unread: await publishUnread(tx, memberId) };
        return { unread: await repository.unreadOf(tx, memberId) };
      });
    },

    remove(memberId: bigint, id: bigint): Promise<{ unread: number }> {
      return deps.db.transaction().execute(async (tx) => {
        await repository.lockMember(tx, memberId);
        if (!(await repository.deleteItem(tx, memberId, id))) throw new AppError('messages.not_found', 'no such message', { id: id.toString() });
        return { unread: await publishUnread(tx, memberId) };
      });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
