import type { ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner, type SelectOption } from '@app/ui';
import { JOURNAL_TYPES, type JournalType, type TransactionPage } from '@app/contracts';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import { useSession } from '../../../account/index.ts';
import { transactionsQueryOptions } from '../../api/wallet.queries.ts';
import { useTransactionFilters } from '../../hooks/use-transaction-filters.ts';
import { useWalletFormat, type WalletFormat } from '../../hooks/use-wallet-format.ts';
import { EmptyState, LoadFailed } from '../panel-states.tsx';
import { HistoryFilters } from './history-filters.tsx';
import { HistoryPager } from './history-pager.tsx';
import { TransactionCards } from './transaction-cards.tsx';
import { TransactionTable } from './transaction-table.tsx';
import '../wallet.css';
import './history.css';

type TypeChoice = JournalType | 'all';

/** Member centre → account record (transactionHistory): every movement of the main balance. */
export function TransactionHistory() {
  const { t } = useTranslation(['wallet', 'errors', 'common', 'account']);
  const { token, member } = useSession();
  const control = useTransactionFilters();
  const page = useQuery(transactionsQueryOptions(token, control.filters, control.isRangeValid));
  const format = useWalletFormat(member?.currencySymbol ?? '', page.data?.timeZone);
  const typeOptions: SelectOption<TypeChoice>[] = [
    { value: 'all', label: t('wallet:journalTypes.all') },
    ...JOURNAL_TYPES.map((type) => ({ value: type, label: t(`wallet:journalTypes.${type}`) })),
  ];

  return (
    <div className="wallet-page" data-testid="transaction-history">
      <HistoryFilters
        label={t('wallet:history.filtersLabel')}
        type={{
          label: t('wallet:history.typeLabel'),
          value: control.filters.type ?? 'all',
          options: typeOptions,
          onValueChange: (choice) => control.setType(choice === 'all' ? undefined : choice),
          'data-testid': 'history-type-filter',
        }}
        dayRange={control.dayRange}
        onRangeChange={control.resetPage}
        isRangeValid={control.isRangeValid}
      />
      {/* The full history as CSV and the LGPD export (issue 27, the compliance feature's /my-data page). */}
      <p className="wallet-history__download">
        <Link to="/my-data" className="link-button link-button--accent" data-testid="history-my-data-link">
          {t('account:myData.history.downloadAll')}
        </Link>
      </p>
      {/* An impossible period is explained under the filter; there are no results to show. */}
      {control.isRangeValid ? <HistoryResults query={page} format={format} onPage={control.setPageNo} /> : null}
    </div>
  );
}

interface HistoryResultsProps {
  query: UseQueryResult<TransactionPage>;
  format: WalletFormat;
  onPage: (pageNo: number) => void;
}

/** The lines found: a table on wide screens, cards on phones, or why there are none. */
function HistoryResults({ query, format, onPage }: HistoryResultsProps) {
  const { t } = useTranslation(['wallet', 'common']);
  const isPhone = useMediaQuery(PHONE_QUERY);
  let content: ReactNode;
  if (query.data) {
    const rows = query.data.content;
    content = (
      <div className={query.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'}>
        {rows.length === 0 ? (
          <EmptyState testId="history-empty">{t('wallet:history.empty')}</EmptyState>
        ) : isPhone ? (
          <TransactionCards rows={rows} format={format} />
        ) : (
          <TransactionTable rows={rows} format={format} />
        )}
        <HistoryPager page={query.data} onPage={onPage} disabled={query.isFetching} />
      </div>
    );
  } else if (query.isError) {
    content = <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    content = <Spinner label={t('common:loading')} layout="block" />;
  }
  return (
    <section className="wallet-card" aria-busy={query.isFetching} data-testid="history-results">
      {content}
    </section>
  );
}
