import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@app/contracts';
import { MESSAGES_PAGE_SIZE } from '@app/contracts';
import { Alert, Button, ConfirmDialog, formatDateTime, Pager, SelectField, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useDeleteMessage, useMessageList, useReadAllMessages, useReadMessage } from '../api/messages.api.ts';
import { useMessageText } from './message-text.ts';
import './messages.css';

type Order = 'newest' | 'unread';

/** The member centre's messageV2 tab (spec §2): the inbox, opened one at a time, marked read, deleted. */
export function MessagesTab() {
  const { t, i18n } = useTranslation('messages');
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<Order>('newest');
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const list = useMessageList(page, order);
  const read = useReadMessage();
  const readAll = useReadAllMessages();
  const remove = useDeleteMessage();
  const textOf = useMessageText();
  const failure = list.error ?? read.error ?? readAll.error ?? remove.error;

  const toggle = (message: Message) => {
    setOpenId(openId === message.id ? null : message.id);
    if (!message.read && openId !== message.id) read.mutate(message.id);
  };

  if (list.isPending) return <Spinner label={t('loading')} />;
  const data = list.data;
  return (
    <div className="messages" data-testid="messages-tab">
      <div className="messages__toolbar">
        <SelectField
          label={t('order.label')}
          value={order}
          options={[
            { value: 'newest', label: t('order.newest') },
            { value: 'unread', label: t('order.unread') },
          ]}
          onValueChange={(value) => {
            setOrder(value);
            setPage(1);
          }}
        />
        <Button variant="outline" onClick={() => readAll.mutate()} disabled={!data || data.unread === 0 || readAll.isPending} data-testid="messages-read-all">
          {t('readAll')}
        </Button>
      </div>
      {failure ? <Alert tone="error">{errorMessage(failure)}</Alert> : null}
      {data && data.messages.length === 0 ? <p className="messages__empty" data-testid="messages-empty">{t('empty')}</p> : null}
      <ul className="messages__list">
        {data?.messages.map((message) => {
          const text = textOf(message);
          const isOpen = openId === message.id;
          return (
            <li key={message.id} className={message.read ? 'messages__item' : 'messages__item is-unread'} data-testid="message-item">
              <button type="button" className="messages__head" aria-expanded={isOpen} onClick={() => toggle(message)} data-testid="message-open">
                {message.read ? null : <span className="messages__dot" aria-label={t('unread')} />}
                <span className="messages__title">{text.title}</span>
                <time className="messages__time" dateTime={message.createdAt}>
                  {formatDateTime(message.createdAt, i18n.language)}
                </time>
              </button>
              {isOpen ? (
                <div className="messages__body">
                  {text.html !== null ? (
                    // Sanitised by the server's allow-list when it was written (docs/messages.md): rendered as stored.
                    <div className="rich-text" data-testid="message-body" dangerouslySetInnerHTML={{ __html: text.html }} />
                  ) : (
                    <p data-testid="message-body">{text.plain}</p>
                  )}
                  <Button variant="ghost" onClick={() => setDeleting(message)} data-testid="message-delete">
                    {t('delete')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {data && data.total > MESSAGES_PAGE_SIZE ? (
        <Pager
          pageNo={page}
          onPage={setPage}
          pageSize={MESSAGES_PAGE_SIZE}
          total={data.total}
          labels={{ pages: t('pager.pages'), previous: t('pager.previous'), next: t('pager.next'), position: (current, pages, total) => t('pager.position', { page: current, pages, total }) }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteConfirm.title')}
        message={deleting ? textOf(deleting).title : ''}
        confirmLabel={t('delete')}
        cancelLabel={t('deleteConfirm.cancel')}
        closeLabel={t('deleteConfirm.cancel')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
          setOpenId(null);
        }}
        testId="message-delete-confirm"
      />
    </div>
  );
}
