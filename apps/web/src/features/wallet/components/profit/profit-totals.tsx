import { useTranslation } from 'react-i18next';
import type { ProfitReport } from '@app/contracts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { SignedAmount } from '../signed-amount.tsx';
import { StatTiles } from '../stat-tiles.tsx';

/** The period at a glance: wagered, won, and the result coloured by its sign. */
export function ProfitTotals({ total, format }: { total: ProfitReport['total']; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  return (
    <StatTiles
      label={t('profit.totalsTitle')}
      testId="profit-totals"
      tiles={[
        { key: 'bets', label: t('profit.bets'), value: format.money(total.bets), valueTestId: 'profit-total-bets', hint: `${t('profit.count')}: ${total.count}` },
        { key: 'wins', label: t('profit.wins'), value: format.money(total.wins), valueTestId: 'profit-total-wins' },
        { key: 'net', label: t('profit.net'), value: <SignedAmount amount={total.net} format={format} testId="profit-total-net" />, hint: t('profit.netHint'), highlight: true },
      ]}
    />
  );
}
