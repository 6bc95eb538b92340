import { useTranslation } from 'react-i18next';
import type { ProfitReport } from '@app/contracts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { SignedAmount } from '../signed-amount.tsx';

/** The period at a glance: wagered, won, and the result coloured by its sign. */
export function ProfitTotals({ total, format }: { total: ProfitReport['total']; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  return (
    <section className="stat-tiles" aria-label={t('profit.totalsTitle')} data-testid="profit-totals">
      <div className="stat-tile">
        <span className="stat-tile__label">{t('profit.bets')}</span>
        <span className="stat-tile__value" data-testid="profit-total-bets">
          {format.money(total.bets)}
        </span>
        <span className="stat-tile__hint">
          {t('profit.count')}: {total.count}
        </span>
      </div>
      <div className="stat-tile">
        <span className="stat-tile__label">{t('profit.wins')}</span>
        <span className="stat-tile__value" data-testid="profit-total-wins">
          {format.money(total.wins)}
        </span>
      </div>
      <div className="stat-tile stat-tile--highlight">
        <span className="stat-tile__label">{t('profit.net')}</span>
        <span className="stat-tile__value">
          <SignedAmount amount={total.net} format={format} testId="profit-total-net" />
        </span>
        <span className="stat-tile__hint">{t('profit.netHint')}</span>
      </div>
    </section>
  );
}
