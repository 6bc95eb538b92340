import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentsReportRow } from '@app/contracts';
import { Button } from '@app/ui';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { isValidRange, longDay, presetRange } from './days.ts';
import { Figure, Loading, RangeFilters } from './range-filters.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import { downloadPaymentsCsv, usePaymentsReport, useSiteToday } from './reports.api.ts';
import { useDownload } from './use-download.ts';
import './reports.css';

const PaymentsChart = lazy(() => import('./charts.tsx').then((module) => ({ default: module.PaymentsChart })));

type Line = PaymentsReportRow & { total?: boolean };

/** Deposits credited and withdrawals paid per day: figures, chart, table, CSV. */
export default function PaymentsReportPage() {
  const today = useSiteToday();
  if (!today) return <Loading />;
  return <PaymentsReportView today={today} />;
}

function PaymentsReportView({ today }: { today: string }) {
  const { t, i18n } = useTranslation('admin-reports');
  const [range, setRange] = useState(() => presetRange('last30', today));
  const filter = isValidRange(range.from, range.to) ? range : null;
  const query = usePaymentsReport(filter);
  const csv = useDownload(filter ? () => downloadPaymentsCsv(filter) : null);
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  const columns: ReportColumn<Line>[] = [
    { key: 'day', header: t('columns.day'), cell: (row) => (row.total ? t('table.total') : longDay(row.day, i18n.language)) },
    { key: 'depositCount', header: t('columns.depositCount'), numeric: true, cell: (row) => count(row.deposits.count) },
    { key: 'depositSum', header: t('columns.deposits'), numeric: true, cell: (row) => money(row.deposits.sum) },
    { key: 'withdrawalCount', header: t('columns.withdrawalCount'), numeric: true, cell: (row) => count(row.withdrawals.count) },
    { key: 'withdrawalSum', header: t('columns.withdrawals'), numeric: true, cell: (row) => money(row.withdrawals.sum) },
    { key: 'net', header: t('columns.net'), numeric: true, cell: (row) => money((Number(row.deposits.sum) - Number(row.withdrawals.sum)).toFixed(2)) },
  ];

  return (
    <Page
      title={t('payments.title')}
      testId="payments-report-page"
      actions={
        <Button size="sm" variant="outline" onClick={() => void csv.download()} disabled={!filter || csv.downloading} data-testid="payments-csv">
          {t('table.downloadCsv')}
        </Button>
      }
    >
      <RangeFilters today={today} from={range.from} to={range.to} onChange={setRange} />
      <ErrorLine error={csv.error} testId="payments-csv-error" />
      {filter ? (
        <QueryState query={query}>
          {() => {
            const report = query.data!;
            const { deposits, withdrawals } = report.totals;
            const net = (Number(deposits.sum) - Number(withdrawals.sum)).toFixed(2);
            const lines: Line[] = [...report.rows, { day: 'total', ...report.totals, total: true }];
            return (
              <div className={query.isPlaceholderData ? 'bo-report__stale' : undefined}>
                <div className="bo-report__figures">
                  <Figure testId="payments-total-deposits" label={t('columns.deposits')} value={money(deposits.sum)} detail={t('payments.count', { count: deposits.count, formatted: count(deposits.count) })} />
                  <Figure testId="payments-total-withdrawals" label={t('columns.withdrawals')} value={money(withdrawals.sum)} detail={t('payments.count', { count: withdrawals.count, formatted: count(withdrawals.count) })} />
                  <Figure testId="payments-total-net" label={t('columns.net')} value={money(net)} tone={net.startsWith('-') ? 'bad' : undefined} />
                </div>
                <section className="bo-card bo-report__chart" data-testid="payments-chart">
                  <h2 className="bo-report__chart-title">{t('payments.chart')}</h2>
                  <Suspense fallback={<Loading />}>
                    <PaymentsChart report={report} />
                  </Suspense>
                </section>
                <ReportTable columns={columns} rows={lines} rowKey={(row) => (row.total ? '__total' : row.day)} isTotal={(row) => row.total === true} testId="payments-rows" />
                <p className="bo-report__note">{t('payments.note', { timeZone: report.timeZone })}</p>
              </div>
            );
          }}
        </QueryState>
      ) : null}
    </Page>
  );
}
