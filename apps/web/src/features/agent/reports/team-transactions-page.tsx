import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '@app/ui';
import { JOURNAL_TYPES, type JournalType, type TeamTransactionPage } from '@app/contracts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { EmptyState, SignedAmount } from '../../wallet/index.ts';
import { fetchTeamTransactions } from '../api/agent.api.ts';
import { teamTransactionsQueryOptions } from '../api/agent.queries.ts';
import { CsvButton } from './csv-button.tsx';
import { allPages, csvMoney, type CsvLanguage } from './csv.ts';
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
  const { t, i18n } = useTranslation(['agent', 'wallet']);
  const token = useSessionToken();
  const period = usePeriod('today');
  const list = useTeamListFilters<JournalType>();
  const filters = { period: period.selection ?? { period: 'today' as const }, account: list.account, type: list.type, pageNo: list.pageNo, pageSize: TEAM_TRANSACTIONS_PAGE_SIZE, language: currentLanguage(i18n) };
  const page = useQuery(teamTransactionsQueryOptions(token, filters, period.selection !== null));
  const format = useAgentFormat(page.data?.period.timeZone);
  // The movement types are the account record's, named as the member sees them there.
  const typeOptions: SelectOption<TypeChoice>[] = [
    { value: 'all', label: t('wallet:journalTypes.all') },
    ...JOURNAL_TYPES.map((journalType) => ({ value: journalType, label: t(`wallet:journalTypes.${journalType}`) })),
  ];

  // What the agent may know of the movement (the server never sends an operator's reason).
  const detailText = (detail: Row['detail']): string | null => {
    switch (detail.kind) {
      case 'game':
        return t('agent:transactions.detail.game', { game: detail.gameName, round: detail.roundId });
      case 'commission':
        return t('agent:transactions.detail.commission', { kind: t(`agent:transactions.commissionKinds.${detail.contractKind}`, { defaultValue: detail.contractKind }), start: format.dateTime(detail.periodStart) });
      case 'adjustment':
        return t('agent:transactions.detail.adjustment');
      case 'text':
        return detail.text;
      default:
        return null;
    }
  };

  const columns: Column<Row>[] = [
    { id: 'account', header: t('agent:transactions.columns.account'), cell: (row) => <strong>{row.account}</strong> },
    { id: 'time', wrap: true, header: t('agent:transactions.columns.time'), cell: (row) => <time dateTime={row.createdAt}>{format.dateTime(row.createdAt)}</time> },
    { id: 'type', header: t('agent:transactions.columns.type'), cell: (row) => t(`wallet:journalTypes.${row.type}`) },
    { id: 'amount', header: t('agent:transactions.columns.amount'), numeric: true, cell: (row) => <SignedAmount amount={row.amount} format={format} /> },
    { id: 'balanceAfter', header: t('agent:transactions.columns.balanceAfter'), numeric: true, cell: (row) => format.money(row.balanceAfter) },
    {
      id: 'reference',
      header: t('agent:transactions.columns.reference'),
      cell: (row) => {
        const text = detailText(row.detail);
        // A game reads by its name; the round (a long vendor id) follows, cut to fit, whole in the title.
        if (row.detail.kind === 'game') {
          return (
            <span className="agent-detail" title={text ?? undefined} data-testid="transaction-detail">
              <span className="agent-detail__main">{row.detail.gameName}</span>
              <span className="agent-detail__sub">{` · ${t('agent:transactions.detail.round', { round: row.detail.roundId })}`}</span>
            </span>
          );
        }
        return (
          <span className={row.detail.kind === 'text' ? 'wallet-table__reference' : 'agent-detail'} title={text ?? undefined} data-testid="transaction-detail">
            {text ?? t('wallet:common.noReference')}
          </span>
        );
      },
    },
  ];

  /** Every movement the filters find (not only this page), for a spreadsheet. */
  const csvOf = async (language: CsvLanguage) => {
    const rows = await allPages((pageNo, pageSize) => fetchTeamTransactions({ ...filters, pageNo, pageSize }));
    const resolved = page.data?.period;
    return {
      fileName: `${t('agent:csv.files.transactions')}_${resolved?.from ?? ''}_${resolved?.to ?? ''}.csv`,
      header: [
        t('agent:transactions.columns.account'),
        t('agent:transactions.columns.time'),
        t('agent:transactions.columns.type'),
        t('agent:csv.inReais', { label: t('agent:transactions.columns.amount') }),
        t('agent:csv.inReais', { label: t('agent:transactions.columns.balanceAfter') }),
        t('agent:transactions.columns.reference'),
      ],
      rows: rows.map((row) => [
        row.account,
        format.dateTime(row.createdAt),
        t(`wallet:journalTypes.${row.type}`),
        csvMoney(row.amount, language),
        csvMoney(row.balanceAfter, language),
        detailText(row.detail) ?? '',
      ]),
    };
  };

  return (
    <div className="wallet-page" data-testid="team-transactions">
      <TeamListFilters period={period} filters={list} typeLabel={t('agent:transactions.typeLabel')} typeOptions={typeOptions} testIdPrefix="transactions" />
      {period.selection === null ? null : (
        <ReportBody query={page} testId="transactions-results">
          {(data) => (
            <section className="wallet-card">
              <p className="agent-report-meta">
                <PeriodLabel period={data.period} format={format} />
                <CsvButton build={csvOf} disabled={page.isPlaceholderData || data.total === 0} testId="transactions-csv" />
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
