import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@app/ui';
import type { SupportReport } from '@app/contracts';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { useReport } from './support.api.ts';
import './support.css';

type Durations = SupportReport['total']['firstResponse'];
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** First-response and resolution times (average, median, 90th percentile) per day and in total. */
export default function ReportPage() {
  const { t } = useTranslation('admin-support');
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const report = useReport(from, to);
  const seconds = (value: number | null) => (value === null ? '—' : t('report.seconds', { value: value.toFixed(1) }));
  const durations = (d: Durations) => `${seconds(d.avgSeconds)} / ${seconds(d.p50Seconds)} / ${seconds(d.p90Seconds)}`;
  return (
    <Page title={t('report.title')} testId="support-report-page">
      <div className="sc-row">
        <TextField id="sc-report-from" type="date" label={t('report.from')} value={from} onChange={(event) => setFrom(event.target.value)} data-testid="sc-report-from" />
        <TextField id="sc-report-to" type="date" label={t('report.to')} value={to} onChange={(event) => setTo(event.target.value)} data-testid="sc-report-to" />
      </div>
      <QueryState query={report}>
        {() => (
          <table className="sc-report" data-testid="sc-report">
            <thead>
              <tr>
                <th>{t('report.day')}</th>
                <th>{t('report.conversations')}</th>
                <th>{t('report.closed')}</th>
                <th>{t('report.firstResponse')}</th>
                <th>{t('report.resolution')}</th>
              </tr>
            </thead>
            <tbody>
              {(report.data?.days ?? []).map((day) => (
                <tr key={day.day}>
                  <td>{day.day}</td>
                  <td>{day.conversations}</td>
                  <td>{day.closed}</td>
                  <td>{durations(day.firstResponse)}</td>
                  <td>{durations(day.resolution)}</td>
                </tr>
              ))}
            </tbody>
            {report.data ? (
              <tfoot>
                <tr data-testid="sc-report-total">
                  <th>{t('report.total')}</th>
                  <td>{report.data.total.conversations}</td>
                  <td>{report.data.total.closed}</td>
                  <td>{durations(report.data.total.firstResponse)}</td>
                  <td>{durations(report.data.total.resolution)}</td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        )}
      </QueryState>
    </Page>
  );
}
