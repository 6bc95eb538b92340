import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@app/ui';
import { useSessionToken } from '../../../../shared/session-token.ts';
import { EmptyState, LoadFailed, type WalletFormat } from '../../../wallet/index.ts';
import { PAYMENTS_PAGE_SIZE, withdrawalsQueryOptions } from '../../api/payments.queries.ts';
import { PaymentsPager } from '../payments-pager.tsx';
import { WithdrawalItem } from './withdrawal-item.tsx';

/** The member's withdrawals, newest first, kept live by /ws pushes (and a slow re-read as fallback). */
export function WithdrawalList({ format }: { format: WalletFormat }) {
  const { t } = useTranslation(['payments', 'common']);
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery(withdrawalsQueryOptions(useSessionToken(), { pageNo, pageSize: PAYMENTS_PAGE_SIZE }));
  const page = query.data;

  return (
    <section className="wallet-card" aria-labelledby="withdrawal-list-title" aria-busy={query.isFetching} data-testid="withdrawal-list">
      <h3 id="withdrawal-list-title" className="wallet-card__title">
        {t('payments:withdraw.listTitle')}
      </h3>
      {page ? (
        <div className={query.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'}>
          {page.content.length === 0 ? (
            <EmptyState testId="withdrawal-list-empty">{t('payments:withdraw.listEmpty')}</EmptyState>
          ) : (
            <ul className="card-stack">
              {page.content.map((withdrawal) => (
                <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} format={format} />
              ))}
            </ul>
          )}
          <PaymentsPager
            pageNum={page.pageNum}
            totalPages={page.totalPages}
            onPage={setPageNo}
            disabled={query.isFetching}
            label={t('payments:withdraw.pagingLabel')}
            testIdPrefix="withdrawals"
          />
        </div>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Spinner label={t('common:loading')} layout="block" />
      )}
    </section>
  );
}
