import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { LiveAdminRound } from '@app/contracts';
import { SelectField } from '@app/ui';
import { DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useLiveRounds, useLiveTables, type RoundFilter } from './live.api.ts';
import { useTableName } from './live-text.ts';
import { ResultView } from './result-view.tsx';
import './live.css';

const PAGE_SIZE = 20;

/** Rounds newest first (live.read), by table: result, bets, players, staked, paid and money calls still owed. */
export default function RoundsPage() {
  const { t, i18n } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<RoundFilter>({ table: params.get('table') ?? '', page: 1 });
  const query = useLiveRounds(filter, PAGE_SIZE);
  const tables = useLiveTables();
  const tableName = useTableName();
  const money = (amount: string) => <span className="lv-nowrap">{formatMoney(amount, i18n.language)}</span>;
  const nameOf = (code: string) => {
    const table = tables.data?.tables.find((each) => each.code === code);
    return table ? tableName(table) : code;
  };
  const columns: Column<LiveAdminRound>[] = [
    { key: 'round', header: t('rounds.columns.round'), cell: (row) => <Link to={`/live/rounds/${row.id}`} data-testid={`lv-round-link-${row.id}`}>#{row.number}</Link> },
    { key: 'table', header: t('rounds.columns.table'), cell: (row) => <span className="lv-nowrap">{nameOf(row.tableCode)}</span> },
    { key: 'phase', header: t('rounds.columns.phase'), cell: (row) => <span className={`lv-badge lv-badge--${row.phase}`}>{t(`phase.${row.phase}`)}</span> },
    { key: 'result', header: t('rounds.columns.result'), cell: (row) => <ResultView result={row.result} /> },
    { key: 'bets', header: t('rounds.columns.bets'), cell: (row) => row.bets, numeric: true },
    { key: 'players', header: t('rounds.columns.players'), cell: (row) => row.players, numeric: true },
    { key: 'staked', header: t('rounds.columns.staked'), cell: (row) => money(row.staked), numeric: true },
    { key: 'paid', header: t('rounds.columns.paid'), cell: (row) => money(row.paid), numeric: true },
    { key: 'unclosed', header: t('rounds.columns.unclosed'), cell: (row) => (row.unclosed > 0 ? <span className="lv-badge lv-badge--pending" title={t('rounds.unclosedHint')}>{row.unclosed}</span> : 0), numeric: true },
    { key: 'at', header: t('rounds.columns.at'), cell: (row) => <span className="lv-nowrap lv-small">{formatDateTime(row.bettingEndsAt, i18n.language)}</span> },
  ];
  return (
    <Page title={t('rounds.title')} testId="lv-rounds-page">
      <div className="bo-filters">
        <SelectField label={t('rounds.table')} value={filter.table} onValueChange={(table) => setFilter({ table, page: 1 })} options={[{ value: '', label: admin('common.all') }, ...(tables.data?.tables ?? []).map((table) => ({ value: table.code, label: tableName(table) }))]} data-testid="lv-rounds-table" />
      </div>
      <QueryState query={query}>
        {() => (
          <>
            <DataTable rows={query.data?.rounds ?? []} columns={columns} rowKey={(row) => row.id} testId="lv-rounds" empty={t('rounds.empty')} />
            <Pager pageNo={filter.page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onPage={(page) => setFilter({ ...filter, page })} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
