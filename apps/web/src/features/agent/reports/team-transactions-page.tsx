import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '@app/ui';
import { JOURNAL_TYPES, type JournalType, type TeamTransactionPage } from '@app/contracts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { EmptyState, SignedAmount } from '../../wallet/index.ts';
import { teamTransactionsQueryOptions } from '../api/agent.queries.ts';
import { DataTable, type Column } from './data-table.tsx';
import { PeriodLabel } from './period-filter.tsx';
import { Pager, ReportBody, useAgentFormat } from './report-kit.tsx';
import { TeamListFilters, useTeamListFilters } from './team-list-filters.tsx';
import { usePeriod } from './use-period.ts';

export const TEAM_TRANSACTIONS_PAGE_SIZE = 20;
type Row = TeamTransactionPage['content'][number];
type TypeChoice = JournalType | 'all';

/** agentDownlineTransactionDetailsCopy: every balance movement of the team's members. */
export function TeamTransactionsPage() {
  const { t } = useTranslation(['agent', 'wallet']);
  const token = useSessionToken();
  const period = usePeriod('today');
  const list = useTeamListFilters<JournalType>();
  const filters = { period: period.selection ?? { period: 'today' as const }, account: list.account, type: list.type, pageNo: list.pageNo, pageSize: TEAM_TRANSACTIONS_PAGE_SIZE };
  const page = useQuery(teamTransactionsQueryOptions(token, filters, period.selection !== null));
  const format = useAgentFormat(page.data?.period.timeZone);
  // The movement types are the account record's, named as the member sees them there.
  const typeOptions: SelectOption<TypeChoice>[] = [
    { value: 'all', label: t('wallet:journalTypes.all') },
    ...JOURNAL_TYPES.map((journalType) => ({ value: journalType, label: t(`wallet:journalTypes.${journalType}`) })),
  ];

  const columns: Column<Row>[] = [
    { id: 'account', header: t('agent:transactions.columns.account'), cell: (row) => <strong>{row.account}</strong> },
    { id: 'time', wrap: true, header: t('agent:transactions.columns.time'), cell: (row) => <time dateTime={row.createdAt}>{format.dateTime(row.createdAt)}</time> },
    { id: 'type', header: t('agent:transactions.columns.type'), cell: (row) => t(`wallet:journalTypes.${row.type}`) },
    { id: 'amount', header: t('agent:transactions.columns.amount'), numeric: true, cell: (row) => <SignedAmount amount={row.amount} format={format} /> },
    { id: 'balanceAfter', header: t('agent:transactions.columns.balanceAfter'), numeric: true, cell: (row) => format.money(row.balanceAfter) },
    {
      id: 'reference',
      header: t('agent:transactions.columns.reference'),
      cell: (row) => (
        <span className="wallet-table__reference" title={row.reference ?? undefined}>
          {row.reference ?? t('wallet:common.noReference')}
        </span>
      ),
    },
  ];

  return (
    <div className="wallet-page" data-testid="team-transactions">
      <TeamListFilters period={period} filters={list} typeLabel={t('agent:transactions.typeLabel')} typeOptions={typeOptions} testIdPrefix="transactions" />
      {period.selection === null ? null : (
        <ReportBody query={page} testId="transactions-results">
          {(data) => (
            <section className="wallet-card">
              <p className="agent-report-meta">
                <PeriodLabel period={data.period} format={format} />
              </p>
              {data.content.length === 0 ? (
                <EmptyState testId="transactions-empty">{t('agent:transactions.empty')}</EmptyState>
              ) : (
                <DataTable columns={columns} rows={data.content} rowKey={(row) => row.id} testId="transactions-table" rowTestId="transaction-row" />
              )}
              <Pager page={data} totalLabel={t('agent:transactions.total', { count: data.total })} onPage={list.setPageNo} disabled={page.isFetching} testId="transactions-pager" />
            </section>
          )}
        </ReportBody>
      )}
    </div>
  );
}
