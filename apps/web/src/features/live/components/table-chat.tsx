import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveChatMessage } from '@app/contracts';
import { Button } from '@app/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { liveKeys, sendLiveChat } from '../api/live.api.ts';
import { applyChatMessage } from '../api/live-state.ts';

/** The table's chat: messages as the filter left them (removed ones disappear), and a send box for members. */
export function TableChat({ code, messages, canSend }: { code: string; messages: LiveChatMessage[]; canSend: boolean }) {
  const { t } = useTranslation('live');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [messages.length]);

  const send = async () => {
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    setSending(true);
    setError(null);
    try {
      const message = await sendLiveChat(code, trimmed);
      if (message) queryClient.setQueriesData({ queryKey: liveKeys.tables(code) }, (old: Parameters<typeof applyChatMessage>[0] | undefined) => (old ? applyChatMessage(old, { ...message, mine: true }) : old));
      setText('');
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="live-panel live-chat" data-testid="live-chat" aria-label={t('chat.title')}>
      <h3 className="live-panel__title">{t('chat.title')}</h3>
      <ol className="live-chat__list" ref={list} data-testid="chat-messages">
        {messages.length === 0 ? <li className="live-muted">{t('chat.empty')}</li> : null}
        {messages.map((message) => (
          <li key={message.id} className={message.mine ? 'is-mine' : undefined} data-testid="chat-message" data-id={message.id}>
            <b>{message.name}</b> {message.text}
          </li>
        ))}
      </ol>
      {canSend ? (
        <form
          className="live-chat__form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <input className="live-chat__input" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} placeholder={t('chat.placeholder')} aria-label={t('chat.placeholder')} data-testid="chat-input" />
          <Button type="submit" size="sm" disabled={sending || text.trim() === ''} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </form>
      ) : (
        <p className="live-muted">{t('chat.membersOnly')}</p>
      )}
      {error ? (
        <p className="live-problem" data-testid="chat-error">
          {errorMessage(error)}
        </p>
      ) : null}
    </section>
  );
}
