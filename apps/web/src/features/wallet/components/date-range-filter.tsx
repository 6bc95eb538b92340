import { useTranslation } from 'react-i18next';
import { Chips, TextField } from '@app/ui';
import { RANGE_PRESETS, type DayRange } from '../date-range.ts';
import type { DayRangeControl, RangeChoice } from '../hooks/use-day-range.ts';

interface DateRangeFilterProps {
  control: DayRangeControl;
  /** Called after any change, so the page can go back to its first page of results. */
  onChange?: () => void;
  /** Already translated; shown under the days (an invalid or too long range). */
  error?: string | null;
}

/** The period of a report: presets in the operator's zone, or two days picked by hand. */
export function DateRangeFilter({ control, onChange, error }: DateRangeFilterProps) {
  const { t } = useTranslation('wallet');
  const choices: { id: RangeChoice; label: string; testId: string }[] = [
    ...RANGE_PRESETS.map((preset) => ({ id: preset, label: t(`range.presets.${preset}`), testId: `range-${preset}` })),
    { id: 'custom', label: t('range.custom'), testId: 'range-custom' },
  ];
  const choose = (choice: RangeChoice) => {
    if (choice === 'custom') control.selectCustom();
    else control.selectPreset(choice);
    onChange?.();
  };
  const setDay = (end: keyof DayRange, day: string) => {
    control.setCustomDay(end, day);
    onChange?.();
  };
  return (
    <div className="range-filter">
      <span className="range-filter__label" aria-hidden="true">
        {t('range.label')}
      </span>
      <Chips items={choices} value={control.choice} onChange={choose} label={t('range.label')} />
      {control.choice === 'custom' ? (
        <div className="range-filter__days">
          {(['from', 'to'] as const).map((end) => (
            <TextField
              key={end}
              label={t(`range.${end}`)}
              type="date"
              value={control.range[end]}
              max={control.today}
              onChange={(event) => setDay(end, event.target.value)}
              data-testid={`range-${end}`}
            />
          ))}
        </div>
      ) : null}
      {error ? (
        <p className="ui-field__error" role="alert" data-testid="range-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
