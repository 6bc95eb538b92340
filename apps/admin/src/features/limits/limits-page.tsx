import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMemberLimits } from '@app/contracts';
import { Button, TextField } from '@app/ui';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useMemberLimits } from './limits.api.ts';

type LimitRow = AdminMemberLimits['limits'][number];
type HistoryRow = AdminMemberLimits['history'][number];

/** A member's responsible-gaming limits (rg.read): in force, what each period used, pending changes and the history. */
export default function LimitsPage() {
  const { t } = useTranslation('admin-limits');
  const [typed, setTyped] = useState('');
  const [account, setAccount] = useState('');
  const query = useMemberLimits(account);
  return (
    <Page title={t('title')} testId="limits-admin-page">
      <p className="bo-muted">{t('explain')}</p>
      <form
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          setAccount(typed.trim());
        }}
      >
        <TextField label={t('account')} value={typed} maxLength={64} onChange={(event) => setTyped(event.target.value)} data-testid="limits-admin-account" />
        <Button type="submit" variant="outline" data-testid="limits-admin-search">
          {t('search')}
        </Button>
      </form>
      {account !== '' ? <QueryState query={query}>{() => (query.data ? <MemberLimits data={query.data} /> : null)}</QueryState> : null}
    </Page>
  );
}

function MemberLimits({ data }: { data: AdminMemberLimits }) {
  const { t, i18n } = useTranslation('admin-limits');
  const value = (kind: string, raw: string | null) => (raw === null ? t('none') : kind === 'session' ? t('minutes', { count: Number(raw) }) : formatMoney(raw, i18n.language));
  const limitColumns: Column<LimitRow>[] = [
    { key: 'kind', header: t('columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { key: 'period', header: t('columns.period'), cell: (row) => t(`periods.${row.period}`) },
    { key: 'value', header: t('columns.value'), cell: (row) => value(row.kind, row.value) },
    { key: 'used', header: t('columns.used'), cell: (row) => (row.used === null ? '—' : formatMoney(row.used, i18n.language)) },
    { key: 'pending', header: t('columns.pending'), cell: (row) => (row.pending ? t('pendingAt', { value: value(row.kind, row.pending.value), at: formatDateTime(row.pending.effectiveAt, i18n.language) }) : '—') },
  ];
  const historyColumns: Column<HistoryRow>[] = [
    { key: 'at', header: t('columns.at'), cell: (row) => formatDateTime(row.at, i18n.language) },
    { key: 'kind', header: t('columns.kind'), cell: (row) => `${t(`kinds.${row.kind}`)} · ${t(`periods.${row.period}`)}` },
    { key: 'action', header: t('columns.action'), cell: (row) => t(`actions.${row.action}`, { defaultValue: row.action }) },
    { key: 'source', header: t('columns.source'), cell: (row) => t(`sources.${row.source}`, { defaultValue: row.source }) },
    { key: 'old', header: t('columns.old'), cell: (row) => value(row.kind, row.oldValue) },
    { key: 'new', header: t('columns.new'), cell: (row) => value(row.kind, row.newValue) },
  ];
  return (
    <div data-testid="limits-admin-member" style={{ display: 'grid', gap: 16 }}>
      <h2>
        {data.member.account} · {t('reality', { count: data.realityCheckMinutes })}
      </h2>
      <DataTable columns={limitColumns} rows={data.limits.filter((row) => row.value !== null || row.pending !== null)} rowKey={(row) => `${row.kind}:${row.period}`} empty={t('noLimits')} />
      <h3>{t('history')}</h3>
      <DataTable columns={historyColumns} rows={data.history} rowKey={(row) => row.id} empty={t('noHistory')} />
    </div>
  );
}
