import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GridIcon, Spinner } from '@app/ui';
import type { VendorWallets } from '@app/contracts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { EmptyState, LoadFailed } from '../panel-states.tsx';
import { TitledCard } from '../titled-card.tsx';

/**
 * Money held at transfer-mode game providers. Until the game catalogue enables one the list is
 * empty, and the page says why rather than showing placeholders; the per-provider transfer
 * buttons arrive with the catalogue.
 */
export function VendorWalletList({ query, format }: { query: UseQueryResult<VendorWallets>; format: WalletFormat }) {
  const { t } = useTranslation(['wallet', 'common']);
  return (
    <TitledCard titleId="vendor-wallets-title" title={t('wallet:overview.vendorsTitle')} hint={t('wallet:overview.vendorsHint')} testId="vendor-wallets">
      {query.data ? (
        query.data.vendors.length === 0 ? (
          <EmptyState testId="vendor-wallets-empty" icon={<GridIcon size={22} />}>
            {t('wallet:overview.vendorsEmpty')}
          </EmptyState>
        ) : (
          <ul className="card-stack">
            {query.data.vendors.map((vendor) => (
              <li key={vendor.vendor} className="line-card vendor-list__item" data-testid="vendor-wallet">
                <span className="vendor-list__name">{vendor.displayName}</span>
                <span className="vendor-list__balance">{format.money(vendor.balance)}</span>
              </li>
            ))}
          </ul>
        )
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Spinner label={t('common:loading')} layout="block" />
      )}
    </TitledCard>
  );
}
