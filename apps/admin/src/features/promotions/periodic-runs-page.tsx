import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { todayIn, type AdminPromotion, type PeriodicRun } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format.ts';
import { usePromotionList } from './promotions.api.ts';
import { usePeriodicConfig, usePeriodicRuns, useStartPeriodicRun } from './periodic-api.ts';
import './promotions.css';
import './periodic-panel.css';

const TONE: Record<PeriodicRun['status'], 'ok' | 'warn' | 'bad'> = { finished: 'ok', running: 'warn', failed: 'bad' };

/** yyyy-mm-dd moved by whole days (calendar arithmetic, no time zone involved). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last period that has ended: yesterday, or last week's Monday. */
function lastPeriod(type: 'rebate' | 'cashback', timeZone: string): string {
  const today = todayIn(timeZone, new Date());
  if (type === 'rebate') return addDays(today, -1);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(today, -weekday - 7);
}

function RunsOf({ promotion }: { promotion: AdminPromotion & { type: 'rebate' | 'cashback' } }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const runs = usePeriodicRuns(promotion.id);
  const config = usePeriodicConfig(promotion.id);
  const start = useStartPeriodicRun();
  const timeZone = config.data?.timeZone ?? 'America/Sao_Paulo';
  const [period, setPeriod] = useState(() => lastPeriod(promotion.type, timeZone));
  const [confirming, setConfirming] = useState<string | null>(null);
  const day = (value: string) => formatDate(`${value}T12:00:00Z`, i18n.language);
  const running = runs.data?.list.some((run) => run.status === 'running') ?? false;

  const columns: Column<PeriodicRun>[] = [
    { key: 'period', header: t('periodic.columns.period'), cell: (row) => <strong className="pr-nowrap" data-testid={`run-period-${row.id}`}>{row.periodFrom === row.periodTo ? day(row.periodFrom) : `${day(row.periodFrom)} – ${day(row.periodTo)}`}</strong> },
    {
      key: 'status',
      header: t('periodic.columns.status'),
      cell: (row) => (
        <span className="pr-periodic__status">
          <Badge tone={TONE[row.status]} testId={`run-status-${row.id}`}>{t(`periodic.status.${row.status}`)}</Badge>
          {row.error ? <span className="pr-periodic__note pr-comment" data-testid={`run-error-${row.id}`}>{row.error}</span> : null}
        </span>
      ),
    },
    { key: 'members', header: t('periodic.columns.members'), cell: (row) => <span data-testid={`run-members-${row.id}`}>{row.membersRewarded.toLocaleString(i18n.language === 'en' ? 'en' : 'pt-BR')}</span> },
    { key: 'total', header: t('periodic.columns.total'), cell: (row) => <span className="pr-nowrap" data-testid={`run-total-${row.id}`}>{formatMoney(row.total, i18n.language)}</span> },
    { key: 'by', header: t('periodic.columns.startedBy'), cell: (row) => (row.startedBy === 'schedule' ? t('periodic.schedule') : row.startedBy) },
    {
      key: 'times',
      header: t('periodic.columns.times'),
      cell: (row) => (
        <span className="bo-small pr-nowrap">
          {formatDateTime(row.startedAt, i18n.language)}
          <br />→ {row.finishedAt ? formatDateTime(row.finishedAt, i18n.language) : '…'}
          <br />
          {t('periodic.batches', { count: row.batches })}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('periodic.columns.actions'),
      cell: (row) =>
        row.status === 'running' ? null : (
          <Button size="sm" variant="outline" onClick={() => { start.reset(); setConfirming(row.periodFrom); }} data-testid={`run-again-${row.id}`}>
            {t('periodic.runAgain')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <div className="pr-periodic__run-form">
        <TextField type="date" label={promotion.type === 'rebate' ? t('periodic.pickDay') : t('periodic.pickWeek')} value={period} onChange={(event) => setPeriod(event.target.value)} data-testid="run-period" />
        <Button disabled={!period || start.isPending} onClick={() => { start.reset(); setConfirming(period); }} data-testid="run-start">
          {t('periodic.run')}
        </Button>
      </div>
      <p className="bo-muted pr-periodic__note">{t('periodic.runsExplain', { timeZone })}</p>
      <ErrorLine error={confirming ? null : start.error} testId="run-error" />
      <QueryState query={runs}>
        {() => <DataTable rows={runs.data?.list ?? []} columns={columns} rowKey={(row) => row.id} testId="periodic-runs" empty={t('periodic.noRuns')} />}
      </QueryState>
      {running ? <p className="bo-muted pr-periodic__note" data-testid="runs-polling">{t('periodic.polling')}</p> : null}
      {confirming ? (
        <ActionDialog
          title={t('periodic.confirmTitle', { period: day(confirming) })}
          testId="run-confirm-dialog"
          onClose={() => setConfirming(null)}
          action={
            <Button disabled={start.isPending} onClick={() => start.mutate({ promotionId: promotion.id, periodFrom: confirming }, { onSuccess: () => setConfirming(null) })} data-testid="run-confirm">
              {t('periodic.run')}
            </Button>
          }
        >
          <p>{t('periodic.confirmMessage')}</p>
          <ErrorLine error={start.error} testId="run-confirm-error" />
        </ActionDialog>
      ) : null}
    </>
  );
}

/** Runs (promotions.manage): each rebate or cashback promotion's periods as computed, and running one again. */
export default function PeriodicRunsPage() {
  const { t, i18n } = useTranslation('admin-promotions');
  const promotions = usePromotionList();
  const [params, setParams] = useSearchParams();
  const periodic = (promotions.data?.list ?? []).filter((row): row is AdminPromotion & { type: 'rebate' | 'cashback' } => row.type === 'rebate' || row.type === 'cashback');
  const selected = periodic.find((row) => row.id === params.get('promotion')) ?? periodic[0];
  const title = (row: AdminPromotion) => `${row.texts[i18n.language === 'en' ? 'en' : 'pt'].title} · ${t(`type.${row.type}`)}`;

  return (
    <Page title={t('periodic.runsTitle')} testId="periodic-runs-page">
      <p className="bo-muted">{t('periodic.runsIntro')}</p>
      <QueryState query={promotions}>
        {() =>
          selected ? (
            <>
              <div className="pr-periodic__picker">
                <SelectField label={t('periodic.promotion')} value={selected.id} onValueChange={(value) => setParams({ promotion: value })} options={periodic.map((row) => ({ value: row.id, label: title(row) }))} data-testid="runs-promotion" />
              </div>
              <RunsOf key={selected.id} promotion={selected} />
            </>
          ) : (
            <p className="bo-muted" data-testid="runs-no-promotion">{t('periodic.noPromotion')}</p>
          )
        }
      </QueryState>
    </Page>
  );
}
