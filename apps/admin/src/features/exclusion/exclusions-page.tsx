import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESTRICTION_KINDS, type AdminRestrictionList } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useRestrictions, type RestrictionFilter } from './exclusion.api.ts';

type Row = AdminRestrictionList['rows'][number];
const PAGE_SIZE = 20;

/** Cool-offs, self-exclusions, closures and barred closures with their end (rg.read). Read-only: no one lifts one early. */
export default function ExclusionsPage() {
  const { t, i18n } = useTranslation('admin-exclusion');
  const [filter, setFilter] = useState<RestrictionFilter>({ kind: '', account: '', page: 1 });
  const [typed, setTyped] = useState('');
  const query = useRestrictions(filter);
  const columns: Column<Row>[] = [
    { key: 'account', header: t('columns.account'), cell: (row) => row.account },
    { key: 'kind', header: t('columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { key: 'period', header: t('columns.period'), cell: (row) => t(`periods.${row.period}`, { defaultValue: row.period }) },
    { key: 'start', header: t('columns.start'), cell: (row) => formatDateTime(row.startsAt, i18n.language) },
    { key: 'end', header: t('columns.end'), cell: (row) => (row.endsAt ? formatDateTime(row.endsAt, i18n.language) : t('indefinite')) },
    { key: 'withdraw', header: t('columns.withdrawUntil'), cell: (row) => (row.withdrawUntil ? formatDateTime(row.withdrawUntil, i18n.language) : '—') },
    { key: 'state', header: t('columns.state'), cell: (row) => <Badge tone={row.active ? 'warn' : 'neutral'}>{row.active ? t('active') : t('ended')}</Badge> },
  ];
  return (
    <Page title={t('exclusions.title')} testId="exclusion-admin-list">
      <p className="bo-muted">{t('exclusions.explain')}</p>
      <form
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...filter, account: typed.trim(), page: 1 });
        }}
      >
        <SelectField
          label={t('columns.kind')}
          value={filter.kind}
          options={[{ value: '' as const, label: t('allKinds') }, ...RESTRICTION_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))]}
          onValueChange={(kind) => setFilter({ ...filter, kind, page: 1 })}
          data-testid="exclusion-admin-kind"
        />
        <TextField label={t('columns.account')} value={typed} maxLength={64} onChange={(event) => setTyped(event.target.value)} data-testid="exclusion-admin-account" />
        <Button type="submit" variant="outline" data-testid="exclusion-admin-search">
          {t('search')}
        </Button>
      </form>
      <QueryState query={query}>
        {() => (
          <>
            <DataTable columns={columns} rows={query.data?.rows ?? []} rowKey={(row) => row.id} empty={t('exclusions.empty')} />
            {query.data ? <Pager pageNo={query.data.page} pageSize={PAGE_SIZE} total={query.data.total} onPage={(page) => setFilter({ ...filter, page })} /> : null}
          </>
        )}
      </QueryState>
    </Page>
  );
}
