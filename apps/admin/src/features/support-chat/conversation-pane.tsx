import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TYPING_TTL_MS, type SupportAdminConversation, type SupportMessage } from '@app/contracts';
import { Button } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { Badge } from '../../shared/components/data-table.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { Composer } from './composer.tsx';
import type { DeskEvent } from './desk-realtime.ts';
import { DeskImage } from './desk-image.tsx';
import { closeConversation, fetchThread, markDeskRead, supportKeys, takeConversation, transferConversation, useOperators } from './support.api.ts';

const byId = (a: SupportMessage, b: SupportMessage) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/** One conversation: its messages (merged from the first read, pushes and re-reads), actions, typing and receipts. */
export function ConversationPane({ conversation, events }: { conversation: SupportAdminConversation; events: DeskEvent[] }) {
  const { t, i18n } = useTranslation('admin-support');
  const queryClient = useQueryClient();
  const operator = useSession().operator;
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [partyRead, setPartyRead] = useState(conversation.partyReadId);
  const [typingUntil, setTypingUntil] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [transferring, setTransferring] = useState(false);
  const handled = useRef(0);
  const list = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const mine = conversation.status === 'assigned' && conversation.operatorId === String(operator?.id ?? '');
  const operators = useOperators(transferring);

  const merge = (incoming: SupportMessage[]) =>
    setMessages((current) => {
      const map = new Map(current.map((message) => [message.id, message]));
      for (const message of incoming) map.set(message.id, message);
      return [...map.values()].sort(byId);
    });

  // The first read of the conversation.
  useEffect(() => {
    const controller = new AbortController();
    fetchThread(conversation.id, undefined, controller.signal).then(
      (thread) => {
        merge(thread.messages);
        setPartyRead(thread.conversation.partyReadId);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [conversation.id]);

  // Pushed events of this conversation; a reconnect (conversation 0) re-reads after the last message.
  useEffect(() => {
    const fresh = events.slice(handled.current);
    handled.current = events.length;
    for (const event of fresh) {
      if (event.type === 'support.conversation' && event.conversationId === '0') {
        void fetchThread(conversation.id, lastId).then((thread) => merge(thread.messages), () => undefined);
      } else if (event.type === 'support.message' && event.message.conversationId === conversation.id) {
        merge([event.message]);
        if (event.message.sender === 'party') setTypingUntil(0);
      } else if (event.type === 'support.typing' && event.conversationId === conversation.id && event.sender === 'party') {
        setTypingUntil(Date.now() + SUPPORT_TYPING_TTL_MS);
      } else if (event.type === 'support.read' && event.conversationId === conversation.id && event.sender === 'party') {
        setPartyRead(event.lastReadId);
      }
    }
  }, [events, conversation.id, lastId]);

  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = window.setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => window.clearTimeout(timer);
  }, [typingUntil]);

  // Scrolls to the newest; my read receipt for the party's newest message on screen.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
    const newest = [...messages].reverse().find((message) => message.sender === 'party');
    if (newest && mine && conversation.unread) {
      // The list's unread dot goes once the mark is stored.
      void markDeskRead(conversation.id, newest.id).then(() => queryClient.invalidateQueries({ queryKey: supportKeys.list }), () => undefined);
    }
  }, [messages, typingUntil, mine, conversation.id, conversation.unread, queryClient]);

  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      setTransferring(false);
    } catch (caught) {
      setError(caught);
    }
    void queryClient.invalidateQueries({ queryKey: supportKeys.list });
  };
  const others = (operators.data?.operators ?? []).filter((other) => other.id !== String(operator?.id ?? ''));

  return (
    <div className="sc-conversation" data-testid="sc-conversation" data-status={conversation.status}>
      <header className="sc-conversation__head">
        <strong>{conversation.party.kind === 'member' ? conversation.party.account : (conversation.party.name ?? t('visitor'))}</strong>
        <Badge tone={conversation.status === 'closed' ? 'neutral' : conversation.status === 'waiting' ? 'warn' : 'ok'}>{t(`status.${conversation.status}`)}</Badge>
        <span className="sc-spacer" />
        {conversation.status === 'waiting' ? (
          <Button size="sm" variant="accent" onClick={() => void act(() => takeConversation(conversation.id))} data-testid="sc-take">
            {t('take')}
          </Button>
        ) : null}
        {conversation.status !== 'closed' ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => setTransferring((open) => !open)} data-testid="sc-transfer">
              {t('transfer')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void act(() => closeConversation(conversation.id))} data-testid="sc-close">
              {t('close')}
            </Button>
          </>
        ) : null}
      </header>
      {transferring ? (
        <div className="sc-transfer" data-testid="sc-transfer-list">
          <span>{t('transferTo')}:</span>
          {others.length === 0 ? <span className="sc-muted">{t('noOperators')}</span> : null}
          {others.map((other) => (
            <Button key={other.id} size="sm" variant="ghost" onClick={() => void act(() => transferConversation(conversation.id, other.id))}>
              {other.name}
            </Button>
          ))}
        </div>
      ) : null}
      <ErrorLine error={error} testId="sc-error" />
      <div className="sc-messages" ref={list} data-testid="sc-messages">
        {messages.map((message) => {
          const own = message.sender === 'operator';
          const read = own && BigInt(message.id) <= BigInt(partyRead);
          return (
            <div key={message.id} className={own ? 'sc-bubble sc-bubble--own' : 'sc-bubble'} data-testid={own ? 'sc-message-operator' : 'sc-message-party'}>
              {own && message.senderName ? <span className="sc-bubble__who">{message.senderName}</span> : null}
              {message.imageId ? <DeskImage id={message.imageId} /> : null}
              {message.body ? <p className="sc-bubble__text">{message.body}</p> : null}
              <span className="sc-bubble__meta">
                {formatDateTime(message.at, i18n.language)}
                {own ? (
                  <span title={read ? t('read') : t('sent')} data-testid={read ? 'sc-tick-read' : 'sc-tick-sent'}>
                    {read ? ' ✓✓' : ' ✓'}
                  </span>
                ) : null}
              </span>
            </div>
          );
        })}
        {typingUntil > 0 ? (
          <p className="sc-typing" data-testid="sc-typing">
            {t('typing')}
          </p>
        ) : null}
      </div>
      {conversation.status !== 'closed' ? <Composer conversationId={conversation.id} onSent={(message) => merge([message])} /> : null}
    </div>
  );
}
