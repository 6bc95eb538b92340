import { AppError } from '@app/kernel';
import { liveTableTopic, type LiveChatMessage } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { EventBus } from '../../../platform/events.ts';
import { chatView } from '../live.read.ts';
import { activeMute, insertMessage } from './chat.repository.ts';
import { cleanText, filterProfanity } from './profanity.ts';

/** One message per member every this many milliseconds (database clock). */
export const CHAT_MIN_GAP_MS = 2000;

/** The table chat: cleaned, filtered, muted members and fast senders refused, stored, pushed as live.chat. */
export function createChatService(deps: { db: Db; bus: EventBus; table: (code: string) => Promise<unknown>; accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>> }) {
  async function send(memberId: bigint, tableCode: string, text: string): Promise<LiveChatMessage> {
    await deps.table(tableCode);
    const original = cleanText(text);
    if (original.length === 0) throw new AppError('live.chat_empty', 'the message is empty');
    const until = await activeMute(deps.db, memberId);
    if (until) throw new AppError('live.chat_muted', 'muted in the table chat', { until: until.toISOString() });
    const shown = filterProfanity(original);
    const row = await insertMessage(deps.db, { tableCode, memberId, original, shown: shown.text, filtered: shown.filtered, minGapMs: CHAT_MIN_GAP_MS });
    if (!row) throw new AppError('live.chat_too_fast', 'one message every two seconds', { retryAfterMs: CHAT_MIN_GAP_MS });
    const name = (await deps.accountNamesOf([memberId])).get(memberId) ?? '?';
    const message = chatView(row, name);
    await deps.bus.publish(deps.db, { type: 'live.chat', audience: { kind: 'topic', topic: liveTableTopic(tableCode) }, data: { tableCode, message } });
    return { ...message, mine: true };
  }
  return { send };
}

export type ChatService = ReturnType<typeof createChatService>;
