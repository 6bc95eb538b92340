import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { useSessionToken } from '../../../../shared/session-token.ts';
import type { WalletFormat } from '../../../wallet/index.ts';
import { depositsQueryOptions, PAYMENTS_PAGE_SIZE } from '../../api/payments.queries.ts';
import { PagedListCard } from '../paged-list-card.tsx';
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
  const { t } = useTranslation(['payments']);
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery(depositsQueryOptions(useSessionToken(), { pageNo, pageSize: PAYMENTS_PAGE_SIZE }));

  return (
    <PagedListCard
      query={query}
      onPage={setPageNo}
      id="deposit-history"
      title={t('payments:deposit.historyTitle')}
      emptyText={t('payments:deposit.historyEmpty')}
      pagingLabel={t('payments:deposit.pagingLabel')}
      pagerTestIdPrefix="deposits"
      renderRow={(row) => (
        <li key={row.id} className="line-card" data-testid="deposit-row" data-deposit-id={row.id}>
          <div className="line-card__top">
            <span className="amount">{format.money(row.amount)}</span>
            <DepositStatusChip status={row.status} testId="deposit-row-status" />
          </div>
          <div className="line-card__meta">
            <time dateTime={row.createdAt}>{format.dateTime(row.createdAt)}</time>
            {row.creditedAt ? <span>{t('payments:deposit.creditedAt', { time: format.dateTime(row.creditedAt) })}</span> : null}
          </div>
          {row.reason ? (
            // Why it was not credited (issue 27): another CPF paid it (returned), or the amount differs (held).
            <p className="line-card__meta" data-testid="deposit-row-reason">
              {t(`payments:deposit.reason.${row.reason}`)}
            </p>
          ) : null}
          {row.status === 'pending' && row.id !== activeId ? (
            <div className="payments-row__actions">
              <Button variant="outline" size="sm" onClick={() => onOpen(row.id)} data-testid="deposit-row-open">
                {t('payments:deposit.open')}
              </Button>
            </div>
          ) : null}
        </li>
      )}
    />
  );
}
