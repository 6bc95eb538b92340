import { useTranslation } from 'react-i18next';
import { SelectField, type SelectFieldProps } from '@app/ui';
import type { DayRangeControl } from '../../hooks/use-day-range.ts';
import { DateRangeFilter } from '../date-range-filter.tsx';

interface HistoryFiltersProps<Choice extends string> {
  /** The section's accessible name. */
  label: string;
  /** What kind of line to list (a journal type, a game type), "all" among the options. */
  type: Omit<SelectFieldProps<Choice>, 'className'>;
  dayRange: DayRangeControl;
  /** Called after a change of days, so the page can go back to its first page of results. */
  onRangeChange: () => void;
  isRangeValid: boolean;
}

/** The filter bar of a member's history (account record, betting record): a kind of line and a period. */
export function HistoryFilters<Choice extends string>({ label, type, dayRange, onRangeChange, isRangeValid }: HistoryFiltersProps<Choice>) {
  const { t } = useTranslation('errors');
  return (
    <section className="wallet-card wallet-filters" aria-label={label}>
      <SelectField className="wallet-filters__type" {...type} />
      <DateRangeFilter control={dayRange} onChange={onRangeChange} error={isRangeValid ? null : t('wallet.range_invalid')} />
    </section>
  );
}
