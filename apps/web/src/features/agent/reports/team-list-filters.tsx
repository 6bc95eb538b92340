import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption } from '@app/ui';
import { PeriodFilter } from './period-filter.tsx';
import { AccountSearch } from './report-kit.tsx';
import type { PeriodControl } from './use-period.ts';

/** What a team list filters on besides the period: a downline's account, a kind of line, the page. */
export function useTeamListFilters<Choice extends string>() {
  const [account, setAccount] = useState('');
  const [type, setType] = useState<Choice | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  return {
    account,
    type,
    pageNo,
    setPageNo,
    /** Any new filter shows its first page. */
    search(next: string) {
      setAccount(next);
      setPageNo(1);
    },
    choose(choice: Choice | 'all') {
      setType(choice === 'all' ? undefined : choice);
      setPageNo(1);
    },
  };
}

export type TeamListFilterState<Choice extends string> = ReturnType<typeof useTeamListFilters<Choice>>;

interface TeamListFiltersProps<Choice extends string> {
  period: PeriodControl;
  filters: TeamListFilterState<Choice>;
  typeLabel: string;
  typeOptions: SelectOption<Choice | 'all'>[];
  /** `bets` → bets-account, bets-type. */
  testIdPrefix: string;
}

/** The filter bar of the team's lists (bets, transactions): the period, a downline's account and a kind of line. */
export function TeamListFilters<Choice extends string>({ period, filters, typeLabel, typeOptions, testIdPrefix }: TeamListFiltersProps<Choice>) {
  const { t } = useTranslation('agent');
  return (
    <section className="wallet-card wallet-filters agent-filters" aria-label={t('filters.label')}>
      <PeriodFilter control={period} onChange={() => filters.setPageNo(1)} />
      <AccountSearch value={filters.account} onSearch={filters.search} label={t('filters.account')} testId={`${testIdPrefix}-account`} />
      <SelectField
        className="wallet-filters__type"
        label={typeLabel}
        value={filters.type ?? 'all'}
        options={typeOptions}
        onValueChange={filters.choose}
        data-testid={`${testIdPrefix}-type`}
      />
    </section>
  );
}
