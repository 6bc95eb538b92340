import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Spinner } from '@app/ui';
import type { WithdrawOptions } from '@app/contracts';
import { useSession } from '../../../account/index.ts';
import { memberTabPath } from '../../../member/index.ts';
import { LoadFailed, isZeroAmount, useWalletFormat, type WalletFormat } from '../../../wallet/index.ts';
import { withdrawOptionsQueryOptions } from '../../api/payments.queries.ts';
import { PayoutAccountCard } from './payout-account-card.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';
import '../../../wallet/components/wallet.css';
import '../payments.css';

/**
 * Member centre → withdraw: what may be withdrawn, where it is paid (the member's own account),
 * the request form, and the member's withdrawals with the receipt confirmation (spec §4).
 */
export function WithdrawPanel() {
  const { t } = useTranslation(['payments', 'common']);
  const { token, member } = useSession();
  const options = useQuery(withdrawOptionsQueryOptions(token));
  const format = useWalletFormat(member?.currencySymbol ?? '');

  if (!options.data) {
    return (
      <div className="wallet-page payments-page" data-testid="withdraw-panel">
        {options.isError ? (
          <LoadFailed error={options.error} onRetry={() => void options.refetch()} retrying={options.isFetching} />
        ) : (
          <Spinner label={t('common:loading')} layout="block" />
        )}
      </div>
    );
  }
  const data = options.data;
  return (
    <div className="wallet-page payments-page" data-testid="withdraw-panel">
      {data.profileComplete ? null : (
        <Alert tone="info" data-testid="withdraw-profile-incomplete">
          <span>
            {t('payments:withdraw.profileIncomplete')}{' '}
            <Link className="link-button link-button--accent" to={memberTabPath('securityCenter')} data-testid="withdraw-profile-link">
              {t('payments:withdraw.completeProfile')}
            </Link>
          </span>
        </Alert>
      )}
      <div className="payments-columns payments-columns--even">
        <div className="stack stack--gap-4">
          <AvailableCard options={data} format={format} />
          <PayoutAccountCard account={data.payoutAccount} format={format} />
        </div>
        <section className="wallet-card" aria-labelledby="withdraw-form-title">
          <WithdrawForm options={data} format={format} />
        </section>
      </div>
      <WithdrawalList format={format} />
    </div>
  );
}

function AvailableCard({ options, format }: { options: WithdrawOptions; format: WalletFormat }) {
  const { t } = useTranslation('payments');
  return (
    <section className="hero-card payments-available" aria-labelledby="withdraw-available-title" data-testid="withdraw-available-card">
      <h3 id="withdraw-available-title" className="hero-card__label">
        {t('withdraw.availableTitle')}
      </h3>
      <p className="payments-available__amount" data-testid="withdraw-available">
        {format.money(options.available)}
      </p>
      <p className="hero-card__hint">{t('withdraw.availableHint')}</p>
      <p className="hero-card__hint" data-testid="withdraw-limits-summary">
        {t('withdraw.limits', { min: format.money(options.min), max: format.money(options.max) })}
      </p>
      {options.dailyLimit ? (
        <p className="hero-card__hint" data-testid="withdraw-vip-daily-limit">
          {t('withdraw.vipDailyLimit', { limit: format.money(options.dailyLimit.limit), remaining: format.money(options.dailyLimit.remaining) })}
        </p>
      ) : null}
      {isZeroAmount(options.turnoverRemaining) ? null : (
        <p className="payments-available__note" data-testid="withdraw-turnover">
          {t('withdraw.turnoverRemaining', { amount: format.money(options.turnoverRemaining) })}
        </p>
      )}
    </section>
  );
}
