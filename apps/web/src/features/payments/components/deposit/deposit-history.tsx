import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@app/ui';
import { useSessionToken } from '../../../../shared/session-token.ts';
import { EmptyState, LoadFailed, type WalletFormat } from '../../../wallet/index.ts';
import { depositsQueryOptions, PAYMENTS_PAGE_SIZE } from '../../api/payments.queries.ts';
import { PaymentsPager } from '../payments-pager.tsx';
import { DepositStatusChip } from '../status-chip.tsx';

interface DepositHistoryProps {
  format: WalletFormat;
  /** Shows a still-pending charge again (its QR code and code). */
  onOpen: (id: string) => void;
  /** The charge on screen: its row offers nothing to open. */
  activeId: string | null;
}

/** The member's recent deposits, newest first, a page at a time. */
export function DepositHistory({ format, onOpen, activeId }: DepositHistoryProps) {
  const { t } = useTranslation(['payments', 'common']);
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery(depositsQueryOptions(useSessionToken(), { pageNo, pageSize: PAYMENTS_PAGE_SIZE }));
  const page = query.data;

  return (
    <section className="wallet-card" aria-labelledby="deposit-history-title" aria-busy={query.isFetching} data-testid="deposit-history">
      <h3 id="deposit-history-title" className="wallet-card__title">
        {t('payments:deposit.historyTitle')}
      </h3>
      {page ? (
        <div className={query.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'}>
          {page.content.length === 0 ? (
            <EmptyState testId="deposit-history-empty">{t('payments:deposit.historyEmpty')}</EmptyState>
          ) : (
            <ul className="card-stack">
              {page.content.map((row) => (
                <li key={row.id} className="line-card" data-testid="deposit-row" data-deposit-id={row.id}>
                  <div className="line-card__top">
                    <span className="amount">{format.money(row.amount)}</span>
                    <DepositStatusChip status={row.status} testId="deposit-row-status" />
                  </div>
                  <div className="line-card__meta">
                    <time dateTime={row.createdAt}>{format.dateTime(row.createdAt)}</time>
                    {row.creditedAt ? <span>{t('payments:deposit.creditedAt', { time: format.dateTime(row.creditedAt) })}</span> : null}
                  </div>
                  {row.status === 'pending' && row.id !== activeId ? (
                    <div className="payments-row__actions">
                      <Button variant="outline" size="sm" onClick={() => onOpen(row.id)} data-testid="deposit-row-open">
                        {t('payments:deposit.open')}
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <PaymentsPager
            pageNum={page.pageNum}
            totalPages={page.totalPages}
            onPage={setPageNo}
            disabled={query.isFetching}
            label={t('payments:deposit.pagingLabel')}
            testIdPrefix="deposits"
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
