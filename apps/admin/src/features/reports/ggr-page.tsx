import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_GROUP_BY, type GgrRow, type ReportGroupBy } from '@app/contracts';
import { Button, SelectField } from '@app/ui';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { isValidRange, longDay, presetRange } from './days.ts';
import { Figure, Loading, RangeFilters } from './range-filters.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import { downloadGgrCsv, useGgrReport, useSiteToday } from './reports.api.ts';
import { useDownload } from './use-download.ts';
import './reports.css';

const GgrChart = lazy(() => import('./charts.tsx').then((module) => ({ default: module.GgrChart })));

type Line = GgrRow & { total?: boolean };

/** Bets, wins, GGR and NGR over a range, per day, product type or vendor: figures, chart, table, CSV. */
export default function GgrPage() {
  const today = useSiteToday();
  if (!today) return <Loading />;
  return <GgrReportView today={today} />;
}

function GgrReportView({ today }: { today: string }) {
  const { t, i18n } = useTranslation('admin-reports');
  const [range, setRange] = useState(() => presetRange('last30', today));
  const [groupBy, setGroupBy] = useState<ReportGroupBy>('day');
  const valid = isValidRange(range.from, range.to);
  const filter = valid ? { ...range, groupBy } : null;
  const query = useGgrReport(filter);
  const csv = useDownload(filter ? () => downloadGgrCsv(filter) : null);
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, i18n.language));
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const labelOf = (key: string, label: string | null) =>
    groupBy === 'productType' ? t(`productTypes.${key}`, { defaultValue: key }) : groupBy === 'vendor' ? (label ?? key) : longDay(key, i18n.language);

  const columns: ReportColumn<Line>[] = [
    { key: 'key', header: t(`columns.${groupBy}`), cell: (row) => (row.total ? t('table.total') : labelOf(row.key, row.label)) },
    { key: 'rounds', header: t('columns.rounds'), numeric: true, cell: (row) => count(row.rounds) },
    { key: 'bets', header: t('columns.bets'), numeric: true, cell: (row) => money(row.bets) },
    { key: 'wins', header: t('columns.wins'), numeric: true, cell: (row) => money(row.wins) },
    { key: 'ggr', header: t('columns.ggr'), numeric: true, cell: (row) => money(row.ggr) },
    ...(groupBy === 'day' || query.data?.groupBy === 'day'
      ? [
          { key: 'bonuses', header: t('columns.bonuses'), numeric: true, cell: (row: Line) => money(row.bonuses) },
          { key: 'adjustments', header: t('columns.adjustments'), numeric: true, cell: (row: Line) => money(row.adjustments) },
        ]
      : []),
    { key: 'ngr', header: t('columns.ngr'), numeric: true, cell: (row) => money(row.ngr) },
  ];

  return (
    <Page
      title={t('ggr.title')}
      testId="ggr-page"
      actions={
        <Button size="sm" variant="outline" onClick={() => void csv.download()} disabled={!filter || csv.downloading} data-testid="ggr-csv">
          {t('table.downloadCsv')}
        </Button>
      }
    >
      <RangeFilters today={today} from={range.from} to={range.to} onChange={setRange}>
        <SelectField
          label={t('filters.groupBy')}
          value={groupBy}
          onValueChange={setGroupBy}
          options={REPORT_GROUP_BY.map((value) => ({ value, label: t(`groupBy.${value}`) }))}
          data-testid="ggr-group-by"
        />
      </RangeFilters>
      <ErrorLine error={csv.error} testId="ggr-csv-error" />
      {filter ? (
        <QueryState query={query}>
          {() => {
            const report = query.data!;
            const lines: Line[] = [...report.rows, { ...report.totals, key: 'total', label: null, total: true }];
            return (
              <div className={query.isPlaceholderData ? 'bo-report__stale' : undefined}>
                <div className="bo-report__figures">
                  <Figure testId="ggr-total-bets" label={t('columns.bets')} value={money(report.totals.bets)} detail={t('ggr.rounds', { count: report.totals.rounds, formatted: count(report.totals.rounds) })} />
                  <Figure testId="ggr-total-wins" label={t('columns.wins')} value={money(report.totals.wins)} />
                  <Figure testId="ggr-total-ggr" label={t('columns.ggr')} value={money(report.totals.ggr)} tone={report.totals.ggr.startsWith('-') ? 'bad' : undefined} />
                  <Figure testId="ggr-total-given" label={t('ggr.given')} value={money((Number(report.totals.bonuses) + Number(report.totals.adjustments)).toFixed(2))} detail={t('ggr.givenDetail', { bonuses: money(report.totals.bonuses), adjustments: money(report.totals.adjustments) })} />
                  <Figure testId="ggr-total-ngr" label={t('columns.ngr')} value={money(report.totals.ngr)} tone={report.totals.ngr.startsWith('-') ? 'bad' : undefined} />
                </div>
                <section className="bo-card bo-report__chart" data-testid="ggr-chart">
                  <h2 className="bo-report__chart-title">{t(`ggr.chart.${report.groupBy}`)}</h2>
                  {report.rows.length === 0 ? (
                    <p className="bo-empty">{t('table.empty')}</p>
                  ) : (
                    <Suspense fallback={<Loading />}>
                      <GgrChart report={report} labelOf={labelOf} />
                    </Suspense>
                  )}
                </section>
                <ReportTable columns={columns} rows={lines} rowKey={(row) => (row.total ? '__total' : row.key)} isTotal={(row) => row.total === true} testId="ggr-rows" />
                <p className="bo-report__note">{t('ggr.note', { timeZone: report.timeZone })}</p>
              </div>
            );
          }}
        </QueryState>
      ) : null}
    </Page>
  );
}
