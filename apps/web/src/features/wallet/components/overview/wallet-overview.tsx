import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, CoinsIcon, RefreshIcon, Spinner, StarIcon } from '@app/ui';
import { useSession } from '../../../account/index.ts';
import { vendorWalletsQueryOptions, walletBalanceQueryOptions } from '../../api/wallet.queries.ts';
import { useWalletFormat } from '../../hooks/use-wallet-format.ts';
import { LoadFailed } from '../panel-states.tsx';
import { VendorWalletList } from './vendor-wallet-list.tsx';
import '../wallet.css';
import './overview.css';

/** Member centre → wallet (transferFund): the main balance first, then bonus, points and vendors. */
export function WalletOverview() {
  const { t } = useTranslation(['wallet', 'common']);
  const session = useSession();
  const balance = useQuery(walletBalanceQueryOptions(session.token));
  const vendors = useQuery(vendorWalletsQueryOptions(session.token));
  const format = useWalletFormat(balance.data?.currencySymbol ?? session.member?.currencySymbol ?? '');
  const refreshing = balance.isFetching || vendors.isFetching;
  // The header reads member info: refresh it too so both show the same figure.
  const refresh = () => {
    void balance.refetch();
    void vendors.refetch();
    session.refresh();
  };

  return (
    <div className="wallet-page" data-testid="wallet-overview">
      <section className="hero-card wallet-hero" aria-labelledby="wallet-main-title">
        <div className="split-row">
          <h3 id="wallet-main-title" className="hero-card__label">
            {t('wallet:overview.mainBalance')}
          </h3>
          <Button
            variant="ghost"
            size="sm"
            icon
            className={refreshing ? 'wallet-hero__refresh is-spinning' : 'wallet-hero__refresh'}
            aria-label={refreshing ? t('wallet:common.refreshing') : t('wallet:common.refresh')}
            title={t('wallet:common.refresh')}
            disabled={refreshing}
            onClick={refresh}
            data-testid="wallet-refresh"
          >
            <RefreshIcon size={18} />
          </Button>
        </div>
        {balance.data ? (
          <>
            <p className="wallet-hero__amount" data-testid="wallet-main-balance">
              {format.money(balance.data.cash)}
            </p>
            <p className="hero-card__hint">{t('wallet:overview.mainBalanceHint')}</p>
            <dl className="wallet-hero__extras">
              <div className="wallet-hero__extra">
                <dt>
                  <CoinsIcon size={16} /> {t('wallet:overview.bonus')}
                </dt>
                <dd data-testid="wallet-bonus-balance">{format.money(balance.data.bonus)}</dd>
              </div>
              <div className="wallet-hero__extra">
                <dt>
                  <StarIcon size={16} /> {t('wallet:overview.points')}
                </dt>
                <dd data-testid="wallet-points">{format.points(balance.data.points)}</dd>
              </div>
            </dl>
          </>
        ) : balance.isError ? (
          <LoadFailed error={balance.error} onRetry={() => void balance.refetch()} retrying={balance.isFetching} />
        ) : (
          <Spinner label={t('common:loading')} layout="block" />
        )}
      </section>
      <VendorWalletList query={vendors} format={format} />
    </div>
  );
}
