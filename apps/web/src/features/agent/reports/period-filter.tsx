import { useTranslation } from 'react-i18next';
import { Chips, TextField } from '@app/ui';
import { AGENT_PERIODS, type AgentPeriod, type ResolvedPeriod } from '@app/contracts';
import type { WalletFormat } from '../../wallet/index.ts';
import type { PeriodControl } from './use-period.ts';
import '../../wallet/components/wallet.css';

interface PeriodFilterProps {
  control: PeriodControl;
  /** Called after any change, so a paged report can go back to its first page. */
  onChange?: () => void;
  testId?: string;
}

/** Today, yesterday, this week, this month, or two days picked by hand (spec §2 agent reports). */
export function PeriodFilter({ control, onChange, testId = 'period' }: PeriodFilterProps) {
  const { t } = useTranslation(['agent', 'errors']);
  const items = AGENT_PERIODS.map((period) => ({ id: period, label: t(`agent:period.${period}`), testId: `${testId}-${period}` }));
  const choose = (period: AgentPeriod) => {
    control.select(period);
    onChange?.();
  };
  const setDay = (end: 'from' | 'to', day: string) => {
    control.setDay(end, day);
    onChange?.();
  };
  return (
    <div className="range-filter agent-period">
      <span className="range-filter__label" aria-hidden="true">
        {t('agent:period.label')}
      </span>
      <Chips items={items} value={control.choice} onChange={choose} label={t('agent:period.label')} />
      {control.choice === 'custom' ? (
        <div className="range-filter__days">
          <TextField
            label={t('agent:period.from')}
            type="date"
            value={control.range.from}
            max={control.today}
            onChange={(event) => setDay('from', event.target.value)}
            data-testid={`${testId}-from`}
          />
          <TextField
            label={t('agent:period.to')}
            type="date"
            value={control.range.to}
            max={control.today}
            onChange={(event) => setDay('to', event.target.value)}
            data-testid={`${testId}-to`}
          />
        </div>
      ) : null}
      {control.selection === null ? (
        <p className="ui-field__error" role="alert" data-testid={`${testId}-error`}>
          {t('errors:agents.period_invalid')}
        </p>
      ) : null}
    </div>
  );
}

/** The days the server answered for, as the locale writes them: "01/03/2025 – 07/03/2025". */
export function PeriodLabel({ period, format }: { period: ResolvedPeriod; format: WalletFormat }) {
  const { t } = useTranslation('agent');
  const text = period.from === period.to ? format.day(period.from) : t('period.span', { from: format.day(period.from), to: format.day(period.to) });
  return (
    <span className="agent-period-label" data-testid="period-label">
      {text}
    </span>
  );
}
