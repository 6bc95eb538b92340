import { useCallback, useEffect, useRef, useState } from 'react';
import { SUPPORT_TYPING_TTL_MS, type SupportConversation, type SupportMessage } from '@app/contracts';
import { fetchChat, markRead, sendMessage } from '../api/support.api.ts';
import { supportStore, useSupportState } from '../support-store.ts';

export interface Outgoing {
  clientId: string;
  body: string | null;
  imageId: string | null;
  /** The local preview of an image while it is on its way. */
  preview: string | null;
  failed: boolean;
}

const byId = (a: SupportMessage, b: SupportMessage) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/**
 * The chat's state: the conversation and its messages (merged by id from the first read, pushes
 * and re-reads after a reconnect), messages on their way (by client id, so a resend is the same
 * message), the operator typing, read receipts both ways.
 */
export function useSupportChat() {
  const { resync } = useSupportState();
  const [conversation, setConversation] = useState<SupportConversation | null>(null);
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [operatorsOnline, setOperatorsOnline] = useState(true);
  const [typingUntil, setTypingUntil] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  const lastId = useRef<string | undefined>(undefined);
  const readSent = useRef('0');

  const merge = useCallback((incoming: SupportMessage[]) => {
    if (incoming.length === 0) return;
    setMessages((current) => {
      const map = new Map(current.map((message) => [message.id, message]));
      for (const message of incoming) map.set(message.id, message);
      const next = [...map.values()].sort(byId);
      lastId.current = next.at(-1)?.id;
      return next;
    });
    const arrived = new Set(incoming.map((message) => message.clientId));
    setOutgoing((current) => current.filter((item) => !arrived.has(item.clientId)));
  }, []);

  const apply = useCallback(
    (chat: Awaited<ReturnType<typeof fetchChat>>) => {
      setLoadFailed(false);
      setOperatorsOnline(chat.operatorsOnline);
      if (chat.conversation) setConversation(chat.conversation);
      // A new conversation after a close keeps the earlier messages on screen above it (one history).
      merge(chat.messages);
    },
    [merge],
  );
  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchChat(lastId.current, signal).then(apply, () => {
        if (!signal?.aborted) setLoadFailed(true);
      }),
    [apply],
  );

  // The first read, and a re-read after every reconnect (history since the last message id).
  useEffect(() => {
    const controller = new AbortController();
    fetchChat(lastId.current, controller.signal).then(apply, () => {
      if (!controller.signal.aborted) setLoadFailed(true);
    });
    return () => controller.abort();
  }, [apply, resync]);

  useEffect(
    () =>
      supportStore.onEvent((event) => {
        if (event.type === 'support.message') {
          merge([event.message]);
          if (event.message.sender === 'operator') setTypingUntil(0);
        } else if (event.type === 'support.typing' && event.sender === 'operator') {
          setTypingUntil(Date.now() + SUPPORT_TYPING_TTL_MS);
        } else if (event.type === 'support.read' && event.sender === 'operator') {
          setConversation((current) => (current && current.id === event.conversationId ? { ...current, operatorReadId: event.lastReadId } : current));
        } else if (event.type === 'support.conversation') {
          void load();
        }
      }),
    [merge, load],
  );

  // The typing line hides itself when the operator stops.
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = window.setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => window.clearTimeout(timer);
  }, [typingUntil]);

  // Read receipt: the newest operator message on screen.
  useEffect(() => {
    const newest = [...messages].reverse().find((message) => message.sender === 'operator');
    if (!newest || BigInt(newest.id) <= BigInt(readSent.current)) return;
    readSent.current = newest.id;
    void markRead(newest.id).catch(() => undefined);
  }, [messages]);

  const send = useCallback(
    async (item: Outgoing) => {
      setOutgoing((current) => [...current.filter((other) => other.clientId !== item.clientId), { ...item, failed: false }]);
      try {
        const answer = await sendMessage({ clientId: item.clientId, ...(item.body ? { body: item.body } : {}), ...(item.imageId ? { imageId: item.imageId } : {}) });
        if (answer.conversation) setConversation(answer.conversation);
        merge(answer.messages);
        return null;
      } catch (error) {
        setOutgoing((current) => current.map((other) => (other.clientId === item.clientId ? { ...other, failed: true } : other)));
        return error;
      }
    },
    [merge],
  );

  return { conversation, messages, outgoing, operatorsOnline, typing: typingUntil > 0, loadFailed, send, retryLoad: () => void load() };
}
