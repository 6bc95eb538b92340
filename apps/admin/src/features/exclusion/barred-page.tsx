import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarredImportResult, BarredOverview } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useErrorText } from '../../shared/i18n.ts';
import { useBarredCheck, useBarredImport, useBarredOverview } from './exclusion.api.ts';

type Hit = BarredOverview['hits'][number];
type Import = BarredOverview['imports'][number];
const MAX_BYTES = 1_000_000;

/** Barred persons (rg.barred): import a CPF list (paste or a text/CSV file), the hits with their notices, imports and the 15-day check. */
export default function BarredPage() {
  const { t, i18n } = useTranslation('admin-exclusion');
  const overview = useBarredOverview();
  const importList = useBarredImport();
  const check = useBarredCheck();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [result, setResult] = useState<BarredImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hitColumns: Column<Hit>[] = [
    { key: 'account', header: t('columns.account'), cell: (row) => row.account },
    { key: 'cpf', header: 'CPF', cell: (row) => row.cpf },
    { key: 'closed', header: t('columns.closedAt'), cell: (row) => formatDateTime(row.closedAt, i18n.language) },
    { key: 'withdraw', header: t('columns.withdrawUntil'), cell: (row) => (row.withdrawUntil ? formatDateTime(row.withdrawUntil, i18n.language) : '—') },
    {
      key: 'notices',
      header: t('columns.notices'),
      cell: (row) => (
        <ul style={{ margin: 0, paddingLeft: 16 }} data-testid={`barred-notices-${row.account}`}>
          {row.notices.map((notice) => (
            <li key={notice.channel}>
              <strong>{t(`channels.${notice.channel}`)}</strong> · {formatDateTime(notice.sentAt, i18n.language)}: {notice.content}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  const importColumns: Column<Import>[] = [
    { key: 'at', header: t('columns.at'), cell: (row) => formatDateTime(row.at, i18n.language) },
    { key: 'operator', header: t('columns.operator'), cell: (row) => row.operator },
    { key: 'accepted', header: t('result.accepted'), cell: (row) => row.accepted },
    { key: 'invalid', header: t('result.invalid'), cell: (row) => row.invalid },
    { key: 'duplicates', header: t('result.duplicates'), cell: (row) => row.duplicates },
  ];
  const submit = () => {
    setResult(null);
    if (text.trim() === '') {
      setError(t('emptyList'));
      return;
    }
    setError(null);
    importList.mutate(text, { onSuccess: (answer) => setResult(answer), onError: (failure) => setError(errorText(failure)) });
  };
  return (
    <Page title={t('barred.title')} testId="exclusion-admin-barred">
      <p className="bo-muted">{t('barred.explain')}</p>
      <form
        style={{ display: 'grid', gap: 8 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!importList.isPending) submit();
        }}
      >
        <label htmlFor="barred-text">{t('barred.paste')}</label>
        <textarea id="barred-text" rows={6} value={text} onChange={(event) => setText(event.target.value)} placeholder={'529.982.247-25\n11144477735'} style={{ fontFamily: 'monospace', width: '100%' }} data-testid="barred-text" />
        <label>
          {t('barred.upload')}{' '}
          <input
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            data-testid="barred-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              if (file.size > MAX_BYTES) {
                setError(t('tooLarge'));
                return;
              }
              void file.text().then(setText);
            }}
          />
        </label>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="submit" variant="primary" disabled={importList.isPending} data-testid="barred-import">
            {t('barred.import')}
          </Button>
          <Button type="button" variant="outline" disabled={check.isPending} onClick={() => check.mutate(undefined, { onError: (failure) => setError(errorText(failure)) })} data-testid="barred-check-now">
            {t('barred.checkNow')}
          </Button>
        </div>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {result ? (
        <div role="status" data-testid="barred-result">
          <Alert tone="info">
            {t('result.summary', { accepted: result.accepted, invalid: result.invalid, duplicates: result.duplicates, hits: result.hits })}
            {result.invalidSamples.length > 0 ? ` ${t('result.invalidSamples', { samples: result.invalidSamples.join(', ') })}` : ''}
          </Alert>
        </div>
      ) : null}
      <QueryState query={overview}>
        {() =>
          overview.data ? (
            <div style={{ display: 'grid', gap: 16 }}>
              <p data-testid="barred-list-size">
                {t('barred.listSize', { count: overview.data.listSize })}
                {overview.data.lastRun
                  ? ` · ${t('barred.lastRun', { at: formatDateTime(overview.data.lastRun.finishedAt ?? overview.data.lastRun.startedAt, i18n.language), checked: overview.data.lastRun.checked, hits: overview.data.lastRun.hits })}${overview.data.lastRun.error ? ` · ${t('barred.runError', { error: overview.data.lastRun.error })}` : ''}`
                  : ` · ${t('barred.noRun')}`}
              </p>
              <h2>{t('barred.hits')}</h2>
              <DataTable columns={hitColumns} rows={overview.data.hits} rowKey={(row) => row.restrictionId} empty={t('barred.noHits')} />
              <h2>{t('barred.imports')}</h2>
              <DataTable columns={importColumns} rows={overview.data.imports} rowKey={(row) => row.id} empty={t('barred.noImports')} />
            </div>
          ) : null
        }
      </QueryState>
    </Page>
  );
}
