import { useTranslation } from 'react-i18next';
import type { SettlementRun } from '@app/contracts';
import { intlLocaleOf, resolveLanguage } from '@app/i18n';
import { Badge } from '../../shared/components/data-table.tsx';

/**
 * A period in the console's clock: whole days as days ("25/11/2026", "01/10/2026 – 15/10/2026"),
 * an hour or a five-minute window as a day with its times ("25/11/2026 12:00–13:00").
 */
export function formatPeriod(startIso: string, endIso: string, language: string): string {
  const locale = intlLocaleOf(resolveLanguage(language));
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${startIso} – ${endIso}`;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const midnight = (date: Date) => date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0;
  if (midnight(start) && midnight(end)) {
    const last = new Date(end.getTime() - 1);
    return day.format(start) === day.format(last) ? day.format(start) : `${day.format(start)} – ${day.format(last)}`;
  }
  const sameDay = day.format(start) === day.format(new Date(end.getTime() - 1));
  return sameDay ? `${day.format(start)} ${time.format(start)}–${time.format(end)}` : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
}

export function PeriodText({ run, language }: { run: { periodStart: string; periodEnd: string }; language: string }) {
  return (
    <span className="bo-agents__period" title={`${run.periodStart} – ${run.periodEnd}`}>
      {formatPeriod(run.periodStart, run.periodEnd, language)}
    </span>
  );
}

export function LineCounts({ run }: { run: SettlementRun }) {
  const { t } = useTranslation('admin-agents');
  return (
    <span className="bo-agents__counts">
      <span>{t('runs.counts.lines', { count: run.lines })}</span>
      {run.paidLines ? <Badge tone="ok">{t('runs.counts.paid', { count: run.paidLines })}</Badge> : null}
      {run.pendingLines ? <Badge tone="warn">{t('runs.counts.pending', { count: run.pendingLines })}</Badge> : null}
      {run.failedLines ? <Badge tone="bad">{t('runs.counts.failed', { count: run.failedLines })}</Badge> : null}
      {run.notQualifiedLines ? <Badge tone="neutral">{t('runs.counts.notQualified', { count: run.notQualifiedLines })}</Badge> : null}
    </span>
  );
}
