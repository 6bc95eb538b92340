import { useTranslation } from 'react-i18next';
import type { BettingRecordPage } from '@app/contracts';
import { type WalletFormat, SignedAmount } from '../../wallet/index.ts';

/** The whole period at a glance (every page, not just this one): staked, won, and the result by its sign. */
export function BettingTotals({ totals, format }: { totals: BettingRecordPage['totals']; format: WalletFormat }) {
  const { t } = useTranslation('betting');
  return (
    <section className="stat-tiles" aria-label={t('totals.title')} data-testid="betting-totals">
      <div className="stat-tile">
        <span className="stat-tile__label">{t('totals.bet')}</span>
        <span className="stat-tile__value" data-testid="betting-total-bet">
          {format.money(totals.bet)}
        </span>
      </div>
      <div className="stat-tile">
        <span className="stat-tile__label">{t('totals.win')}</span>
        <span className="stat-tile__value" data-testid="betting-total-win">
          {format.money(totals.win)}
        </span>
      </div>
      <div className="stat-tile stat-tile--highlight">
        <span className="stat-tile__label">{t('totals.net')}</span>
        <span className="stat-tile__value">
          <SignedAmount amount={totals.net} format={format} testId="betting-total-net" />
        </span>
        <span className="stat-tile__hint">{t('totals.netHint')}</span>
      </div>
    </section>
  );
}
