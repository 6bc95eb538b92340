import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../../shared/session-token.ts';
import type { WalletFormat } from '../../../wallet/index.ts';
import { PAYMENTS_PAGE_SIZE, withdrawalsQueryOptions } from '../../api/payments.queries.ts';
import { PagedListCard } from '../paged-list-card.tsx';
import { WithdrawalItem } from './withdrawal-item.tsx';

/** The member's withdrawals, newest first, kept live by /ws pushes (and a slow re-read as fallback). */
export function WithdrawalList({ format }: { format: WalletFormat }) {
  const { t } = useTranslation(['payments']);
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery(withdrawalsQueryOptions(useSessionToken(), { pageNo, pageSize: PAYMENTS_PAGE_SIZE }));

  return (
    <PagedListCard
      query={query}
      onPage={setPageNo}
      id="withdrawal-list"
      title={t('payments:withdraw.listTitle')}
      emptyText={t('payments:withdraw.listEmpty')}
      pagingLabel={t('payments:withdraw.pagingLabel')}
      pagerTestIdPrefix="withdrawals"
      renderRow={(withdrawal) => <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} format={format} />}
    />
  );
}
