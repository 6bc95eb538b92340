import { useTranslation } from 'react-i18next';
import type { ProfitReport } from '@app/contracts';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import type { WalletFormat } from '../../hooks/use-wallet-format.ts';
import { SignedAmount } from '../signed-amount.tsx';

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
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table">
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className="is-numeric">
              {t('profit.count')}
            </th>
            <th scope="col" className="is-numeric">
              {t('profit.bets')}
            </th>
            <th scope="col" className="is-numeric">
              {t('profit.wins')}
            </th>
            <th scope="col" className="is-numeric">
              {t('profit.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid="profit-line">
              <th scope="row">{row.label}</th>
              <td className="is-numeric">{row.line.count}</td>
              <td className="is-numeric">{format.money(row.line.bets)}</td>
              <td className="is-numeric">{format.money(row.line.wins)}</td>
              <td className="is-numeric">
                <SignedAmount amount={row.line.net} format={format} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
