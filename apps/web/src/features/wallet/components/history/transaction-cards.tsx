import { useTranslation } from 'react-i18next';
import type { TransactionView } from '@app/contracts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { SignedAmount } from '../signed-amount.tsx';

/** Phones: a five-column table cannot fit, so each movement is a small stacked card. */
export function TransactionCards({ rows, format }: { rows: readonly TransactionView[]; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  return (
    <ul className="card-stack" data-testid="history-cards">
      {rows.map((row) => (
        <li key={row.id} className="line-card line-card--tight" data-testid="history-row">
          <div className="line-card__top line-card__top--baseline">
            <span className="line-card__title">{t(`journalTypes.${row.type}`)}</span>
            <SignedAmount amount={row.amount} format={format} />
          </div>
          <div className="line-card__meta line-card__meta--spread">
            <time dateTime={row.time}>{format.dateTime(row.time)}</time>
            <span>
              {t('history.columns.balanceAfter')}: {format.money(row.balanceAfter)}
            </span>
          </div>
          {row.reference ? (
            <div className="line-card__reference">
              {t('history.columns.reference')}: {row.reference}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
