import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LiveAdminChatMessageSchema } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { RemoveDialog } from './chat-dialogs.tsx';
import { useLiveChat, useLiveTables, type ChatFilter } from './live.api.ts';
import { useTableName } from './live-text.ts';
import { MutesSection } from './mutes-section.tsx';
import './live.css';

type Message = z.infer<typeof LiveAdminChatMessageSchema>;
const PAGE_SIZE = 50;

/** The tables' chat (live.read): as typed and as shown; removal and mutes (live.moderate). */
export default function ChatPage() {
  const { t, i18n } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const mayModerate = useSession().can('live.moderate');
  const tables = useLiveTables();
  const tableName = useTableName();
  const [filter, setFilter] = useState<ChatFilter>({ table: '', account: '', page: 1 });
  const [accountText, setAccountText] = useState('');
  const [removing, setRemoving] = useState<Message | null>(null);
  const [muteAccount, setMuteAccount] = useState('');
  const [notice, setNotice] = useState('');
  const query = useLiveChat(filter);
  const nameOf = (code: string) => {
    const table = tables.data?.tables.find((each) => each.code === code);
    return table ? tableName(table) : code;
  };
  const state = (row: Message) => (row.removed ? 'removed' : row.filtered ? 'filtered' : 'visible');
  const columns: Column<Message>[] = [
    { key: 'at', header: t('chat.columns.at'), cell: (row) => <span className="lv-nowrap lv-small">{formatDateTime(row.at, i18n.language)}</span> },
    { key: 'table', header: t('chat.columns.table'), cell: (row) => <span className="lv-nowrap">{nameOf(row.tableCode)}</span> },
    { key: 'account', header: t('chat.columns.account'), cell: (row) => <strong>{row.account}</strong> },
    {
      key: 'message',
      header: t('chat.columns.message'),
      cell: (row) => (
        <span>
          <span className={row.removed ? 'lv-removed' : undefined}>{row.shown}</span>
          {row.filtered ? <span className="lv-original">{t('chat.original', { text: row.original })}</span> : null}
        </span>
      ),
    },
    { key: 'state', header: t('chat.columns.state'), cell: (row) => <span className={`lv-badge lv-badge--${state(row)}`}>{t(`chat.${state(row)}`)}</span> },
    ...(mayModerate
      ? [
          {
            key: 'actions',
            header: t('chat.columns.actions'),
            cell: (row: Message) => (
              <span className="lv-actions">
                {!row.removed ? <Button size="sm" variant="outline" onClick={() => setRemoving(row)} data-testid={`lv-remove-${row.id}`}>{t('chat.remove')}</Button> : null}
                <Button size="sm" variant="outline" onClick={() => setMuteAccount(row.account)} data-testid={`lv-mute-${row.id}`}>{t('chat.mute')}</Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <Page title={t('chat.title')} testId="lv-chat-page">
      <p className="bo-muted">{t('chat.explain')}</p>
      {notice ? <p className="lv-notice" role="status" data-testid="lv-chat-notice">{notice}</p> : null}
      <form className="bo-filters" onSubmit={(event) => { event.preventDefault(); setFilter({ ...filter, account: accountText.trim(), page: 1 }); }}>
        <SelectField label={t('chat.table')} value={filter.table} onValueChange={(table) => setFilter({ ...filter, table, page: 1 })} options={[{ value: '', label: admin('common.all') }, ...(tables.data?.tables ?? []).map((table) => ({ value: table.code, label: tableName(table) }))]} data-testid="lv-chat-table" />
        <TextField label={t('chat.account')} value={accountText} maxLength={64} onChange={(e) => setAccountText(e.target.value)} data-testid="lv-chat-account" />
        <Button type="submit" variant="outline" data-testid="lv-chat-search">{t('chat.search')}</Button>
      </form>
      <QueryState query={query}>
        {() => (
          <>
            <DataTable rows={query.data?.messages ?? []} columns={columns} rowKey={(row) => row.id} testId="lv-chat" empty={t('chat.empty')} />
            <Pager pageNo={filter.page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onPage={(page) => setFilter({ ...filter, page })} />
          </>
        )}
      </QueryState>
      {mayModerate ? <MutesSection account={muteAccount} onNotice={setNotice} /> : null}
      {removing ? <RemoveDialog message={removing} onClose={() => setRemoving(null)} onDone={(text) => { setRemoving(null); setNotice(text); }} /> : null}
    </Page>
  );
}
