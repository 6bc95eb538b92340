import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Broadcast } from '@app/contracts';
import { Button } from '@app/ui';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { ComposeForm } from './compose-form.tsx';
import { useBroadcasts, useCancelBroadcast } from './messages.api.ts';
import './messages.css';

const PAGE_SIZE = 20;
const TONE = { scheduled: 'warn', sent: 'ok', cancelled: 'neutral' } as const;

/** Platform messages (messages.send): compose with preview and schedule; what was sent with delivered and read counts. */
export default function MessagesPage() {
  const { t, i18n } = useTranslation('admin-messages');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const list = useBroadcasts(page);
  const cancel = useCancelBroadcast();

  const audienceText = (row: Broadcast) => {
    const { audience } = row;
    if (audience.kind === 'vip') return t('audienceOf.vip', { rank: audience.rank });
    if (audience.kind === 'team') return t('audienceOf.team', { account: audience.agentAccount });
    if (audience.kind === 'accounts') return t('audienceOf.accounts', { count: audience.accounts.length });
    return t('audience.all');
  };
  const columns: Column<Broadcast>[] = [
    { key: 'when', header: t('list.when'), cell: (row) => <span className="msg-nowrap">{formatDateTime(row.sentAt ?? row.sendAt, i18n.language)}</span> },
    { key: 'title', header: t('list.title'), cell: (row) => <strong>{row.title}</strong> },
    { key: 'audience', header: t('list.audience'), cell: audienceText },
    { key: 'status', header: t('list.status'), cell: (row) => <Badge tone={TONE[row.status]} testId={`msg-status-${row.id}`}>{t(`status.${row.status}`)}</Badge> },
    { key: 'delivered', header: t('list.delivered'), cell: (row) => <span data-testid={`msg-delivered-${row.id}`}>{row.delivered}</span> },
    { key: 'read', header: t('list.read'), cell: (row) => row.read },
    { key: 'by', header: t('list.by'), cell: (row) => row.createdBy },
    {
      key: 'actions',
      header: t('list.actions'),
      cell: (row) =>
        row.status === 'scheduled' ? (
          <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(row.id, { onSuccess: () => setNotice(t('list.cancelled')) })} data-testid={`msg-cancel-${row.id}`}>
            {t('list.cancel')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Page title={t('title')} testId="msg-page">
      <p className="bo-muted">{t('explain')}</p>
      {notice ? <p className="msg-notice" role="status" data-testid="msg-notice">{notice}</p> : null}
      <ComposeForm onSent={setNotice} />
      <h2 className="msg-heading">{t('list.heading')}</h2>
      <ErrorLine error={cancel.error} testId="msg-cancel-error" />
      <QueryState query={list}>
        {() => (
          <>
            <DataTable rows={list.data?.broadcasts ?? []} columns={columns} rowKey={(row) => row.id} testId="msg-broadcasts" empty={t('list.empty')} />
            <Pager pageNo={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
