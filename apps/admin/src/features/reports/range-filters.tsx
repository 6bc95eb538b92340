import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_DAYS } from '@app/contracts';
import { Button, Spinner, TextField } from '@app/ui';
import { isValidRange, presetRange, RANGE_PRESETS } from './days.ts';

/** From and to (site days), preset buttons, and whatever else the report filters on. */
export function RangeFilters({ today, from, to, onChange, children }: { today: string; from: string; to: string; onChange: (range: { from: string; to: string }) => void; children?: ReactNode }) {
  const { t } = useTranslation('admin-reports');
  const invalid = !isValidRange(from, to);
  return (
    <>
      <div className="bo-filters">
        <TextField type="date" label={t('filters.from')} value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value, to })} data-testid="report-from" />
        <TextField type="date" label={t('filters.to')} value={to} min={from || undefined} onChange={(event) => onChange({ from, to: event.target.value })} data-testid="report-to" />
        {children}
      </div>
      <div className="bo-report__presets" role="group" aria-label={t('filters.presets')}>
        {RANGE_PRESETS.map((preset) => {
          const range = presetRange(preset, today);
          const active = range.from === from && range.to === to;
          return (
            <Button key={preset} size="sm" variant={active ? 'primary' : 'outline'} aria-pressed={active} onClick={() => onChange(range)} data-testid={`preset-${preset}`}>
              {t(`presets.${preset}`)}
            </Button>
          );
        })}
      </div>
      {invalid ? (
        <p className="bo-error" role="alert" data-testid="report-range-invalid">
          {t('filters.invalid', { days: REPORT_MAX_DAYS })}
        </p>
      ) : null}
    </>
  );
}

/** A figure above the table. */
export function Figure({ label, value, detail, tone, testId }: { label: string; value: string; detail?: string; tone?: 'bad'; testId: string }) {
  return (
    <div className="bo-card bo-report__figure" data-testid={testId}>
      <span className="bo-report__figure-label">{label}</span>
      <span className={tone ? 'bo-report__figure-value bo-report__figure-value--bad' : 'bo-report__figure-value'}>{value}</span>
      {detail ? <span className="bo-report__figure-detail">{detail}</span> : null}
    </div>
  );
}

/** A spinner while a part of a report loads. */
export function Loading() {
  const { t } = useTranslation('admin');
  return (
    <div className="bo-loading">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
