import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { SupportComposer } from './support-composer.tsx';
import { SupportThread } from './support-thread.tsx';
import { useSupportChat } from './use-support-chat.ts';

/** The conversation: its state line (offline, queued, who answers, closed), the messages and the composer. */
export function SupportChatRoom() {
  const { t } = useTranslation('support');
  const chat = useSupportChat();
  const listRef = useRef<HTMLDivElement>(null);
  const count = chat.messages.length + chat.outgoing.length;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count, chat.typing]);

  const status = chat.conversation?.status;
  const state =
    status === 'closed'
      ? t('closed')
      : status === 'assigned'
        ? t('assigned', { name: chat.conversation?.operatorName ?? t('support') })
        : !chat.operatorsOnline
          ? t('offline')
          : status === 'waiting'
            ? t('waiting')
            : null;

  return (
    <div className="support-room" data-testid="support-room" data-status={status ?? 'new'}>
      {state ? (
        <p className={chat.operatorsOnline ? 'support-room__state' : 'support-room__state support-room__state--offline'} data-testid={chat.operatorsOnline ? 'support-state' : 'support-offline'}>
          {state}
        </p>
      ) : null}
      <div className="support-room__list" ref={listRef} data-testid="support-messages">
        {chat.loadFailed ? (
          <div className="support-room__empty">
            <p>{t('loadFailed')}</p>
            <Button variant="ghost" onClick={chat.retryLoad}>
              {t('retry')}
            </Button>
          </div>
        ) : count === 0 ? (
          <p className="support-room__empty">{t('empty')}</p>
        ) : (
          <SupportThread messages={chat.messages} outgoing={chat.outgoing} operatorReadId={chat.conversation?.operatorReadId ?? '0'} onRetry={(item) => void chat.send(item)} />
        )}
        {chat.typing ? (
          <p className="support-room__typing" data-testid="support-typing">
            {t('typing', { name: chat.conversation?.operatorName ?? t('support') })}
          </p>
        ) : null}
      </div>
      <SupportComposer send={chat.send} />
    </div>
  );
}
