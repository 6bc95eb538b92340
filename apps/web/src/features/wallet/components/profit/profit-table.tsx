import { useTranslation } from 'react-i18next';
import type { ProfitReport } from '@app/contracts';
import type { Column } from '@app/ui';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { SignedAmount } from '../signed-amount.tsx';
import { WalletTable } from '../wallet-table.tsx';

export interface ProfitRow {
  key: string;
  label: string;
  line: ProfitReport['total'];
}

interface ProfitTableProps {
  title: string;
  firstColumn: string;
  rows: readonly ProfitRow[];
  format: WalletFormat;
  testId: string;
}

/** One breakdown of the period (by product or by day): a table, or stacked lines on phones. */
export function ProfitTable({ title, firstColumn, rows, format, testId }: ProfitTableProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  return (
    <section className="wallet-card" aria-label={title} data-testid={testId}>
      <h3 className="wallet-card__title">{title}</h3>
      {isPhone ? <ProfitLines rows={rows} format={format} /> : <ProfitLinesTable firstColumn={firstColumn} rows={rows} format={format} />}
    </section>
  );
}

function ProfitLinesTable({ firstColumn, rows, format }: { firstColumn: string; rows: readonly ProfitRow[]; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  const columns: Column<ProfitRow>[] = [
    { key: 'label', header: firstColumn, rowHeader: true, cell: (row) => row.label },
    { key: 'count', header: t('profit.count'), numeric: true, cell: (row) => row.line.count },
    { key: 'bets', header: t('profit.bets'), numeric: true, cell: (row) => format.money(row.line.bets) },
    { key: 'wins', header: t('profit.wins'), numeric: true, cell: (row) => format.money(row.line.wins) },
    { key: 'net', header: t('profit.net'), numeric: true, cell: (row) => <SignedAmount amount={row.line.net} format={format} /> },
  ];
  return <WalletTable columns={columns} rows={rows} rowKey={(row) => row.key} rowAttributes={() => ({ 'data-testid': 'profit-line' })} />;
}

/** Phones: four money columns cannot fit side by side, so each line stacks its figures. */
function ProfitLines({ rows, format }: { rows: readonly ProfitRow[]; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  return (
    <ul className="card-stack">
      {rows.map((row) => (
        <li key={row.key} className="line-card line-card--tight" data-testid="profit-line">
          <div className="line-card__top line-card__top--baseline">
            <span className="line-card__title">{row.label}</span>
            <SignedAmount amount={row.line.net} format={format} />
          </div>
          <div className="line-card__meta line-card__meta--spread">
            <span>
              {t('profit.bets')}: {format.money(row.line.bets)}
            </span>
            <span>
              {t('profit.wins')}: {format.money(row.line.wins)}
            </span>
            <span>
              {t('profit.count')}: {row.line.count}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
