import { useTranslation } from 'react-i18next';
import type { SettlementRun } from '@app/contracts';
import { Badge } from '../../shared/components/data-table.tsx';
import { formatDateTime } from '../../shared/format.ts';

/** A period as its first and last instants in the console's clock (an hour, a day, half a month…). */
export function PeriodText({ run, language }: { run: { periodStart: string; periodEnd: string }; language: string }) {
  return (
    <span className="bo-small">
      {formatDateTime(run.periodStart, language)} → {formatDateTime(run.periodEnd, language)}
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
