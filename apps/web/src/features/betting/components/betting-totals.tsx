import { useTranslation } from 'react-i18next';
import type { BettingRecordPage } from '@app/contracts';
import { type WalletFormat, SignedAmount, StatTiles } from '../../wallet/index.ts';

/** The whole period at a glance (every page, not just this one): staked, won, and the result by its sign. */
export function BettingTotals({ totals, format }: { totals: BettingRecordPage['totals']; format: WalletFormat }) {
  const { t } = useTranslation('betting');
  return (
    <StatTiles
      label={t('totals.title')}
      testId="betting-totals"
      tiles={[
        { key: 'bet', label: t('totals.bet'), value: format.money(totals.bet), valueTestId: 'betting-total-bet' },
        { key: 'win', label: t('totals.win'), value: format.money(totals.win), valueTestId: 'betting-total-win' },
        { key: 'net', label: t('totals.net'), value: <SignedAmount amount={totals.net} format={format} testId="betting-total-net" />, hint: t('totals.netHint'), highlight: true },
      ]}
    />
  );
}
