import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SupportAdminConversation } from '@app/contracts';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { Badge } from '../../shared/components/data-table.tsx';
import { ContextPane } from './context-pane.tsx';
import { ConversationPane } from './conversation-pane.tsx';
import { useDeskRealtime, type DeskEvent } from './desk-realtime.ts';
import { setPresence, supportKeys, useDesk } from './support.api.ts';
import './support.css';

/**
 * The operator's chat screen (support.chat): the queue and my conversations on the left, the
 * conversation in the middle, the member's money on the right. Events arrive over /ws; while the
 * screen is open the operator is online (the list's poll beats), leaving it sets them offline.
 */
export default function ChatPage() {
  const { t } = useTranslation('admin-support');
  const queryClient = useQueryClient();
  const desk = useDesk();
  const [selected, setSelected] = useState<string | null>(null);
  const [events, setEvents] = useState<DeskEvent[]>([]);

  useEffect(() => {
    void setPresence(true).catch(() => undefined);
    return () => void setPresence(false).catch(() => undefined);
  }, []);

  const onEvent = useCallback(
    (event: DeskEvent) => {
      if (event.type === 'support.conversation' || event.type === 'support.message') void queryClient.invalidateQueries({ queryKey: supportKeys.list });
      setEvents((current) => [...current.slice(-50), event]);
    },
    [queryClient],
  );
  const onReconnect = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    setEvents((current) => [...current.slice(-50), { type: 'support.conversation', conversationId: '0', status: 'waiting', operatorId: null }]);
  }, [queryClient]);
  useDeskRealtime(onEvent, onReconnect);

  const all = [...(desk.data?.mine ?? []), ...(desk.data?.queue ?? [])];
  const current = all.find((conversation) => conversation.id === selected) ?? null;

  return (
    <Page title={t('menu.chat')} testId="support-chat-page">
      <div className="sc-grid">
        <aside className="sc-list">
          <QueryState query={desk}>
            {() => (
              <>
                <ListSection title={t('mine')} rows={desk.data?.mine ?? []} selected={selected} onSelect={setSelected} testId="sc-mine" />
                <ListSection title={t('queue')} rows={desk.data?.queue ?? []} selected={selected} onSelect={setSelected} testId="sc-queue" />
              </>
            )}
          </QueryState>
        </aside>
        <section className="sc-thread">{current ? <ConversationPane key={current.id} conversation={current} events={events} /> : <p className="sc-pick">{t('pick')}</p>}</section>
        <aside className="sc-context">{current ? <ContextPane key={current.id} conversation={current} /> : null}</aside>
      </div>
    </Page>
  );
}

function ListSection({ title, rows, selected, onSelect, testId }: { title: string; rows: SupportAdminConversation[]; selected: string | null; onSelect: (id: string) => void; testId: string }) {
  const { t } = useTranslation('admin-support');
  return (
    <div className="sc-section" data-testid={testId}>
      <h2 className="sc-section__title">
        {title} <Badge tone="neutral">{rows.length}</Badge>
      </h2>
      {rows.length === 0 ? <p className="sc-muted">{t('empty')}</p> : null}
      {rows.map((row) => (
        <button key={row.id} type="button" className={row.id === selected ? 'sc-item is-active' : 'sc-item'} onClick={() => onSelect(row.id)} data-testid={`sc-conversation-${row.id}`}>
          <strong>{row.party.kind === 'member' ? row.party.account : `${t('visitor')}${row.party.name ? ` · ${row.party.name}` : ''}`}</strong>
          <span className="sc-muted">#{row.id}</span>
          {row.unread ? <span className="sc-dot" aria-label={t('unread')} data-testid="sc-unread" /> : null}
        </button>
      ))}
    </div>
  );
}
