import { useTranslation } from 'react-i18next';
import type { Column } from '@app/ui';
import type { TransactionView } from '@app/contracts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { SignedAmount } from '../signed-amount.tsx';
import { WalletTable } from '../wallet-table.tsx';

/** Wide screens: one line per movement, newest first as the server sends them. */
export function TransactionTable({ rows, format }: { rows: readonly TransactionView[]; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  const columns: Column<TransactionView>[] = [
    { key: 'type', header: t('history.columns.type'), cell: (row) => t(`journalTypes.${row.type}`) },
    { key: 'amount', header: t('history.columns.amount'), numeric: true, cell: (row) => <SignedAmount amount={row.amount} format={format} /> },
    { key: 'balanceAfter', header: t('history.columns.balanceAfter'), numeric: true, cell: (row) => format.money(row.balanceAfter) },
    { key: 'time', header: t('history.columns.time'), cell: (row) => <time dateTime={row.time}>{format.dateTime(row.time)}</time> },
    {
      key: 'reference',
      header: t('history.columns.reference'),
      cell: (row) => (
        <span className="wallet-table__reference" title={row.reference ?? undefined}>
          {row.reference ?? t('common.noReference')}
        </span>
      ),
    },
  ];
  return <WalletTable columns={columns} rows={rows} rowKey={(row) => row.id} testId="history-table" rowAttributes={() => ({ 'data-testid': 'history-row' })} />;
}
