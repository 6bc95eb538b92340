import { useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner, type SelectOption } from '@app/ui';
import { GAME_TYPES, type BettingRecordPage, type GameType, type TransactionPage } from '@app/contracts';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useSession } from '../../account/index.ts';
import { HistoryFilters, HistoryPager, EmptyState, LoadFailed, useWalletFormat, type WalletFormat } from '../../wallet/index.ts';
import { bettingRecordQueryOptions } from '../api/betting.queries.ts';
import { BETTING_PAGE_SIZE, useBettingFilters } from '../hooks/use-betting-filters.ts';
import { BettingCards } from './betting-cards.tsx';
import { BettingTable } from './betting-table.tsx';
import { BettingTotals } from './betting-totals.tsx';
import { RoundDetailDialog, type RoundDetailTarget } from './round-detail.tsx';
import { useGameTypeLabel } from './round-labels.tsx';
import '../../wallet/components/wallet.css';
import '../../wallet/components/history/history.css';
import './betting.css';

type TypeChoice = GameType | 'all';

/** Member centre → betting record (personalHistoryCopy): every game round a vendor reported. */
export function BettingRecord() {
  const { t, i18n } = useTranslation(['betting', 'errors', 'common']);
  const { token, member } = useSession();
  const control = useBettingFilters();
  const page = useQuery(bettingRecordQueryOptions(token, control.filters, currentLanguage(i18n), control.isRangeValid));
  const format = useWalletFormat(member?.currencySymbol ?? '', page.data?.timeZone);
  const typeLabel = useGameTypeLabel();
  const typeOptions: SelectOption<TypeChoice>[] = [
    { value: 'all', label: t('betting:record.allTypes') },
    ...GAME_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
  ];

  return (
    <div className="wallet-page" data-testid="betting-record">
      <HistoryFilters
        label={t('betting:record.filtersLabel')}
        type={{
          label: t('betting:record.typeLabel'),
          value: control.filters.gameType ?? 'all',
          options: typeOptions,
          onValueChange: (choice) => control.setGameType(choice === 'all' ? undefined : choice),
          'data-testid': 'betting-type-filter',
        }}
        dayRange={control.dayRange}
        onRangeChange={control.resetPage}
        isRangeValid={control.isRangeValid}
      />
      {/* An impossible period is explained under the filter; there are no results to show. */}
      {control.isRangeValid ? <BettingResults query={page} format={format} onPage={control.setPageNo} /> : null}
    </div>
  );
}

/** The shared pager reads only the counts; it is typed for the account record's page. */
function pagerPage(page: BettingRecordPage): TransactionPage {
  return { content: [], pageNum: page.pageNum, pageSize: BETTING_PAGE_SIZE, total: page.total, totalPages: page.totalPages, timeZone: page.timeZone };
}

interface BettingResultsProps {
  query: UseQueryResult<BettingRecordPage>;
  format: WalletFormat;
  onPage: (pageNo: number) => void;
}

/** The period's totals, then the rounds: a table on wide screens, cards on phones, or why there are none. */
function BettingResults({ query, format, onPage }: BettingResultsProps) {
  const { t } = useTranslation(['betting', 'common']);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [detail, setDetail] = useState<RoundDetailTarget | null>(null);
  if (query.data) {
    const rows = query.data.content;
    return (
      <div className={query.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'} aria-busy={query.isFetching} data-testid="betting-results">
        <BettingTotals totals={query.data.totals} format={format} />
        <section className="wallet-card">
          {rows.length === 0 ? (
            <EmptyState testId="betting-empty">{t('betting:record.empty')}</EmptyState>
          ) : isPhone ? (
            <BettingCards rows={rows} format={format} onDetails={setDetail} />
          ) : (
            <BettingTable rows={rows} format={format} onDetails={setDetail} />
          )}
          <HistoryPager page={pagerPage(query.data)} onPage={onPage} disabled={query.isFetching} />
        </section>
        <RoundDetailDialog target={detail} format={format} onClose={() => setDetail(null)} />
      </div>
    );
  }
  let content: ReactNode;
  if (query.isError) {
    content = <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    content = <Spinner label={t('common:loading')} layout="block" />;
  }
  return (
    <section className="wallet-card" aria-busy={query.isFetching} data-testid="betting-results">
      {content}
    </section>
  );
}
