import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '@app/contracts';
import { fetchImage } from '../api/support.api.ts';
import type { Outgoing } from './use-support-chat.ts';

const dayKey = (at: Date) => `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;

/** The messages with a separator per day; the member's own on the right with sent / read ticks. */
export function SupportThread({ messages, outgoing, operatorReadId, onRetry }: { messages: SupportMessage[]; outgoing: Outgoing[]; operatorReadId: string; onRetry: (item: Outgoing) => void }) {
  const { t, i18n } = useTranslation('support');
  const today = new Date();
  const yesterday = new Date(today.getTime() - 86_400_000);
  const dayLabel = (at: Date) =>
    dayKey(at) === dayKey(today) ? t('today') : dayKey(at) === dayKey(yesterday) ? t('yesterday') : at.toLocaleDateString(i18n.language, { day: '2-digit', month: 'short', year: 'numeric' });
  const time = (at: Date) => at.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  // A separator before the first message of each day.
  const days = messages.map((message) => dayKey(new Date(message.at)));
  return (
    <>
      {messages.map((message, index) => {
        const at = new Date(message.at);
        const separator = index === 0 || days[index] !== days[index - 1];
        const mine = message.sender === 'party';
        const read = mine && BigInt(message.id) <= BigInt(operatorReadId);
        return (
          <Fragment key={message.id}>
            {separator ? (
              <p className="support-day" data-testid="support-day">
                <span>{dayLabel(at)}</span>
              </p>
            ) : null}
            <div className={mine ? 'support-bubble support-bubble--mine' : 'support-bubble'} data-testid={mine ? 'support-message-mine' : 'support-message-operator'}>
              {mine ? null : <span className="support-bubble__who">{message.senderName ?? t('support')}</span>}
              {message.imageId ? <SupportImage id={message.imageId} /> : null}
              {message.body ? <p className="support-bubble__text">{message.body}</p> : null}
              <span className="support-bubble__meta">
                {time(at)}
                {mine ? (
                  <span className={read ? 'support-tick support-tick--read' : 'support-tick'} title={read ? t('read') : t('sent')} aria-label={read ? t('read') : t('sent')} data-testid={read ? 'support-tick-read' : 'support-tick-sent'}>
                    {read ? '✓✓' : '✓'}
                  </span>
                ) : null}
              </span>
            </div>
          </Fragment>
        );
      })}
      {outgoing.map((item) => (
        <div key={item.clientId} className="support-bubble support-bubble--mine support-bubble--pending" data-testid="support-message-pending">
          {item.preview ? <img className="support-bubble__image" src={item.preview} alt={t('imagePreview')} /> : null}
          {item.body ? <p className="support-bubble__text">{item.body}</p> : null}
          {item.failed ? (
            <button type="button" className="link-button support-bubble__failed" onClick={() => onRetry(item)} data-testid="support-retry">
              {t('failed')}
            </button>
          ) : (
            <span className="support-bubble__meta">{t('pending')}</span>
          )}
        </div>
      ))}
    </>
  );
}

/** An image of the conversation, read with the chat's credentials and shown from an object URL. */
export function SupportImage({ id }: { id: string }) {
  const { t } = useTranslation('support');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchImage(id, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url ? <img className="support-bubble__image" src={url} alt={t('imageAlt')} data-testid="support-image" /> : <span className="support-bubble__image support-bubble__image--loading" />;
}
