import { useTranslation } from 'react-i18next';
import type { TransactionView } from '@app/contracts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { SignedAmount } from '../signed-amount.tsx';

/** Wide screens: one line per movement, newest first as the server sends them. */
export function TransactionTable({ rows, format }: { rows: readonly TransactionView[]; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table" data-testid="history-table">
        <thead>
          <tr>
            <th scope="col">{t('history.columns.type')}</th>
            <th scope="col" className="is-numeric">
              {t('history.columns.amount')}
            </th>
            <th scope="col" className="is-numeric">
              {t('history.columns.balanceAfter')}
            </th>
            <th scope="col">{t('history.columns.time')}</th>
            <th scope="col">{t('history.columns.reference')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="history-row">
              <td>{t(`journalTypes.${row.type}`)}</td>
              <td className="is-numeric">
                <SignedAmount amount={row.amount} format={format} />
              </td>
              <td className="is-numeric">{format.money(row.balanceAfter)}</td>
              <td>
                <time dateTime={row.time}>{format.dateTime(row.time)}</time>
              </td>
              <td>
                <span className="wallet-table__reference" title={row.reference ?? undefined}>
                  {row.reference ?? t('common.noReference')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
