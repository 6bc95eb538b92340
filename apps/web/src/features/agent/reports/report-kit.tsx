import type { ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Spinner } from '@app/ui';
import { isAgentAccountType, TeamBetQuerySchema, TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { useSession } from '../../account/index.ts';
import { LoadFailed, useWalletFormat, type WalletFormat } from '../../wallet/index.ts';
import '../../wallet/components/history/history.css';
import './reports.css';

/** Money and times of the agent reports, in the agent's currency and the zone the report echoed. */
export function useAgentFormat(timeZone?: string): WalletFormat {
  const { member } = useSession();
  return useWalletFormat(member?.currencySymbol ?? '', timeZone);
}

interface PagerProps {
  page: { pageNum: number; total: number; totalPages: number };
  /** What was found, counted in the report's own words ("12 members", "3 bets"). */
  totalLabel: string;
  onPage: (pageNo: number) => void;
  disabled: boolean;
  testId: string;
}

/** The count found and, with more than one page, previous / next (laid out like the account record's). */
export function Pager({ page, totalLabel, onPage, disabled, testId }: PagerProps) {
  const { t } = useTranslation('agent');
  const pages = Math.max(page.totalPages, 1);
  // "0 members" under the empty state would only repeat it.
  if (page.total === 0) return null;
  return (
    <nav className="history-pager" aria-label={t('pager.label')} data-testid={testId}>
      <span className="history-pager__total" data-testid={`${testId}-total`}>
        {totalLabel}
      </span>
      {pages > 1 ? (
        <div className="history-pager__controls">
          <Button variant="outline" size="sm" disabled={disabled || page.pageNum <= 1} onClick={() => onPage(page.pageNum - 1)} data-testid={`${testId}-previous`}>
            {t('pager.previous')}
          </Button>
          <span className="history-pager__page" data-testid={`${testId}-page`}>
            {t('pager.page', { page: page.pageNum, pages })}
          </span>
          <Button variant="outline" size="sm" disabled={disabled || page.pageNum >= pages} onClick={() => onPage(page.pageNum + 1)} data-testid={`${testId}-next`}>
            {t('pager.next')}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

interface ReportBodyProps<T> {
  query: UseQueryResult<T>;
  testId: string;
  children: (data: T) => ReactNode;
  /** False inside a card of its own: the loading and error states then get no second frame. */
  framed?: boolean;
}

/**
 * A report's loading, error and data states. While a new filter loads, the previous answer stays
 * on screen dimmed (placeholder data) rather than flashing a spinner.
 */
export function ReportBody<T>({ query, testId, children, framed = true }: ReportBodyProps<T>) {
  const { t } = useTranslation('common');
  if (query.data !== undefined) {
    return (
      <div className={query.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'} aria-busy={query.isFetching} data-testid={testId}>
        {children(query.data)}
      </div>
    );
  }
  const state = query.isError ? (
    <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  ) : (
    <Spinner label={t('loading')} layout="block" />
  );
  return (
    <section className={framed ? 'wallet-card' : undefined} aria-busy={query.isFetching} data-testid={testId}>
      {state}
    </section>
  );
}

/** Every agent report filters by account with the same rule: trimmed, at most 32 characters (the server refuses longer ones). */
const AccountSearchSchema = TeamBetQuerySchema.pick({ account: true });
const ACCOUNT_FILTER_MAX = 32;

interface AccountSearchProps {
  value: string;
  onSearch: (account: string) => void;
  label: string;
  testId: string;
}

/** A typed account name applies on Enter or the button, not on every key (one request per search). */
export function AccountSearch({ value, onSearch, label, testId }: AccountSearchProps) {
  const { t } = useTranslation('agent');
  // Checked on submit only, the focus left where it is (as before); typing clears the message.
  const form = useForm<{ account?: string }>({
    resolver: zodResolver(AccountSearchSchema),
    defaultValues: { account: value },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(({ account }) => onSearch(account ?? ''));
  return (
    <form className="agent-search" onSubmit={(event) => void submit(event)} role="search" noValidate>
      <FormField
        label={label}
        registration={form.register('account', { onChange: () => form.clearErrors('account') })}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('filters.accountPlaceholder')}
        // The schema's only check is the length.
        error={form.formState.errors.account}
        translateError={() => t('filters.accountTooLong', { max: ACCOUNT_FILTER_MAX })}
        errorTestId={`${testId}-error`}
        data-testid={testId}
        trailing={
          <Button type="submit" variant="outline" data-testid={`${testId}-submit`}>
            {t('filters.search')}
          </Button>
        }
      />
    </form>
  );
}

/** Spec §3 account types: 0 member, 4 trial, 1, 2, 41 and 42 agents (the number tells them apart). */
export function useAccountTypeLabel(): (type: number) => string {
  const { t } = useTranslation('agent');
  return (type) => {
    if (type === 0) return t('accountTypes.member');
    if (type === TRIAL_ACCOUNT_TYPE) return t('accountTypes.trial');
    if (isAgentAccountType(type)) return t('accountTypes.agent', { type });
    return t('accountTypes.other', { type });
  };
}

interface StatProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId?: string;
  tone?: 'plain' | 'highlight';
}

/** One figure of a summary: its name, the value, and what it counts when that is not obvious. */
export function Stat({ label, value, hint, testId, tone = 'plain' }: StatProps) {
  return (
    <div className={tone === 'highlight' ? 'agent-stat agent-stat--highlight' : 'agent-stat'} data-testid={testId}>
      <span className="agent-stat__label">{label}</span>
      <span className="agent-stat__value" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </span>
      {hint ? <span className="agent-stat__hint">{hint}</span> : null}
    </div>
  );
}
