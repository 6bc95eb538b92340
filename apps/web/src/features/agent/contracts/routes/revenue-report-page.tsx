import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContractKind, RevenueReport } from '@app/contracts';
import { Spinner, type Column } from '@app/ui';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import { useSession } from '../../../account/index.ts';
import { EmptyState, LoadFailed, WalletTable } from '../../../wallet/index.ts';
import { contractFlagsQueryOptions } from '../../api/agent.queries.ts';
import { PeriodFilter, PeriodLabel } from '../../reports/period-filter.tsx';
import { usePeriod } from '../../reports/use-period.ts';
import { enabledKinds, revenueQueryOptions } from '../api/contracts.queries.ts';
import { CardFigure, HistoryCard } from '../components/history-card.tsx';
import { useContractFormat, type ContractFormat } from '../hooks/use-contract-format.ts';
import '../../../wallet/components/wallet.css';
import '../components/contracts.css';

type Row = RevenueReport['rows'][number];

/** A kind the operator runs but that paid nothing in the period still gets its row, at zero. */
function rowsOf(report: RevenueReport, kinds: readonly ContractKind[]): Row[] {
  return kinds.map((kind) => report.rows.find((row) => row.kind === kind) ?? { kind, received: '0.00', paidToDownlines: '0.00', net: '0.00', lines: 0 });
}

/** Agent centre → my income (agentRevenueReport): per enabled contract kind, received, paid down, net. */
export function RevenueReportPage() {
  const { t } = useTranslation(['contracts', 'common']);
  const { token, member } = useSession();
  const period = usePeriod('thisMonth');
  const flags = useQuery(contractFlagsQueryOptions(token));
  const report = useQuery(revenueQueryOptions(token, period.selection ?? { period: 'thisMonth' }, period.selection !== null));
  const format = useContractFormat(member?.currencySymbol ?? '', report.data?.period.timeZone);
  const kinds = flags.data ? enabledKinds(flags.data) : [];

  return (
    <div className="contract-page wallet-page" data-testid="revenue-report">
      <p className="contract-intro">{t('contracts:revenue.intro')}</p>
      <div className="wallet-card wallet-filters">
        <PeriodFilter control={period} />
      </div>
      {period.selection === null ? null : report.isError || flags.isError ? (
        <LoadFailed
          error={report.error ?? flags.error}
          onRetry={() => {
            void flags.refetch();
            void report.refetch();
          }}
          retrying={report.isFetching || flags.isFetching}
        />
      ) : report.data && flags.data ? (
        <section className={report.isPlaceholderData ? 'wallet-card wallet-results is-stale' : 'wallet-card wallet-results'} aria-busy={report.isFetching}>
          <h2 className="wallet-card__title">
            {t('contracts:revenue.title')}{' '}
            <PeriodLabel period={report.data.period} format={format} />
          </h2>
          {kinds.length === 0 ? (
            <EmptyState testId="revenue-no-kinds">{t('contracts:revenue.noKinds')}</EmptyState>
          ) : (
            <RevenueRows rows={rowsOf(report.data, kinds)} total={report.data.total} format={format} />
          )}
        </section>
      ) : (
        <Spinner label={t('common:loading')} layout="block" />
      )}
    </div>
  );
}

function RevenueRows({ rows, total, format }: { rows: readonly Row[]; total: RevenueReport['total']; format: ContractFormat }) {
  const { t } = useTranslation('contracts');
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) {
    return (
      <ul className="history-cards" data-testid="revenue-cards">
        {rows.map((row) => (
          <HistoryCard
            key={row.kind}
            attributes={{ 'data-testid': 'revenue-row', 'data-kind': row.kind }}
            title={t(`kinds.${row.kind}`)}
            aside={
              <span className="amount" data-testid="revenue-net">
                {format.money(row.net)}
              </span>
            }
            lines={[
              <>
                <CardFigure label={t('revenue.columns.received')}>{format.money(row.received)}</CardFigure>
                <CardFigure label={t('revenue.columns.paid')}>{format.money(row.paidToDownlines)}</CardFigure>
                <CardFigure label={t('revenue.columns.lines')}>{format.count(row.lines)}</CardFigure>
              </>,
            ]}
          />
        ))}
        <HistoryCard
          className="contract-total-card"
          attributes={{ 'data-testid': 'revenue-total' }}
          title={t('revenue.total')}
          aside={<span className="amount">{format.money(total.net)}</span>}
          lines={[
            <>
              <CardFigure label={t('revenue.columns.received')}>{format.money(total.received)}</CardFigure>
              <CardFigure label={t('revenue.columns.paid')}>{format.money(total.paidToDownlines)}</CardFigure>
            </>,
          ]}
        />
      </ul>
    );
  }
  const columns: Column<Row>[] = [
    { key: 'kind', header: t('revenue.columns.kind'), rowHeader: true, cell: (row) => t(`kinds.${row.kind}`) },
    { key: 'received', header: t('revenue.columns.received'), numeric: true, cell: (row) => format.money(row.received) },
    { key: 'paid', header: t('revenue.columns.paid'), numeric: true, cell: (row) => format.money(row.paidToDownlines) },
    {
      key: 'net',
      header: t('revenue.columns.net'),
      numeric: true,
      cell: (row) => (
        <span className="amount" data-testid="revenue-net">
          {format.money(row.net)}
        </span>
      ),
    },
    { key: 'lines', header: t('revenue.columns.lines'), numeric: true, cell: (row) => format.count(row.lines) },
  ];
  return (
    <WalletTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.kind}
      testId="revenue-table"
      rowAttributes={(row) => ({ 'data-testid': 'revenue-row', 'data-kind': row.kind })}
      footer={
        <tr className="contract-total-row" data-testid="revenue-total">
          <th scope="row">{t('revenue.total')}</th>
          <td className="is-numeric">{format.money(total.received)}</td>
          <td className="is-numeric">{format.money(total.paidToDownlines)}</td>
          <td className="is-numeric">
            <span className="amount">{format.money(total.net)}</span>
          </td>
          <td />
        </tr>
      }
    />
  );
}
