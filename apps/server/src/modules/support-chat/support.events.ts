import type { SupportMessage } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import type { AppEvent, EventBus } from '../../platform/events.ts';
import type { ConversationRow } from './support.tables.ts';

/** Operators who may chat (the console's permission); the queue's events go to all of them. */
export const SUPPORT_PERMISSION = 'support.chat';
const OPERATORS: AppEvent['audience'] = { kind: 'operators', permission: SUPPORT_PERMISSION };

/** The member's or the visitor's connections. */
export function partyAudience(row: ConversationRow): AppEvent['audience'] {
  return row.member_id !== null ? { kind: 'member', memberId: row.member_id.toString() } : { kind: 'visitor', visitorId: String(row.visitor_id) };
}

/** The assigned operator's connections, or every chat operator while it waits in the queue. */
export function deskAudience(row: ConversationRow): AppEvent['audience'] {
  return row.operator_id !== null ? { kind: 'operator', operatorId: row.operator_id.toString() } : OPERATORS;
}

/**
 * What the chat pushes over /ws, through the bus (LISTEN/NOTIFY: every API process's clients).
 * Published in the change's transaction: a rolled-back message is never announced.
 */
export function createSupportEvents(bus: EventBus) {
  return {
    /** A message reaches both sides (the sender's other tabs too). */
    message(executor: DbExecutor, row: ConversationRow, message: SupportMessage) {
      const data = { message };
      return bus.publishAll(executor, [
        { type: 'support.message', audience: partyAudience(row), data },
        { type: 'support.message', audience: deskAudience(row), data },
      ]);
    },
    /** The state changed: the party, the queue (every operator) and the assigned operator hear it. */
    conversation(executor: DbExecutor, row: ConversationRow, previousOperatorId?: bigint | null) {
      const data = { conversationId: row.id.toString(), status: row.status, operatorId: row.operator_id?.toString() ?? null };
      const events: AppEvent[] = [
        { type: 'support.conversation', audience: partyAudience(row), data },
        { type: 'support.conversation', audience: OPERATORS, data },
      ];
      if (previousOperatorId) events.push({ type: 'support.conversation', audience: { kind: 'operator', operatorId: previousOperatorId.toString() }, data });
      return bus.publishAll(executor, events);
    },
    /** Ephemeral: to the other side only, never stored. */
    typing(executor: DbExecutor, row: ConversationRow, sender: 'party' | 'operator') {
      const data = { conversationId: row.id.toString(), sender };
      return bus.publish(executor, { type: 'support.typing', audience: sender === 'party' ? deskAudience(row) : partyAudience(row), data });
    },
    read(executor: DbExecutor, row: ConversationRow, sender: 'party' | 'operator', lastReadId: bigint) {
      const data = { conversationId: row.id.toString(), sender, lastReadId: lastReadId.toString() };
      return bus.publish(executor, { type: 'support.read', audience: sender === 'party' ? deskAudience(row) : partyAudience(row), data });
    },
  };
}

export type SupportEvents = ReturnType<typeof createSupportEvents>;

/**
 * Typing indicators are throttled per conversation and side in this process (they are ephemeral:
 * a second process letting one more through costs a repaint, nothing else).
 */
export function createTypingThrottle(minGapMs: number, now: () => number = Date.now) {
  const last = new Map<string, number>();
  return (key: string): boolean => {
    const at = now();
    const previous = last.get(key);
    if (previous !== undefined && at - previous < minGapMs) return false;
    last.set(key, at);
    if (last.size > 50_000) for (const [k, t] of last) if (at - t > minGapMs) last.delete(k);
    return true;
  };
}
