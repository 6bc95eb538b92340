import type { ReactNode } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import '../../wallet/components/wallet.css';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** May break onto two lines on wide screens (a date and its time), so many columns fit 1280 px. */
  wrap?: boolean;
}

function cellClass<Row>(column: Column<Row>): string | undefined {
  return [column.numeric ? 'is-numeric' : '', column.wrap ? 'is-wrap' : ''].filter(Boolean).join(' ') || undefined;
}

interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  testId: string;
  rowTestId: string;
  /** A last line with the sums (profit and loss): cells by column id, the first column's label included. */
  footer?: Partial<Record<string, ReactNode>>;
}

/**
 * A report's lines: a table on wide screens, one card per line on phones (a table of eight
 * money columns cannot fit 390 px). The first column names the line on the card.
 */
export function DataTable<Row>({ columns, rows, rowKey, testId, rowTestId, footer }: DataTableProps<Row>) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [first, ...rest] = columns;
  if (!first) return null;
  if (isPhone) {
    return (
      <ul className="card-stack" data-testid={testId}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="line-card" data-testid={rowTestId}>
            <div className="agent-card__title">{first.cell(row)}</div>
            <dl className="agent-card__fields">
              {rest.map((column) => (
                <div key={column.id} className="agent-card__field">
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        {footer ? (
          <li className="line-card agent-card--total" data-testid={`${testId}-total`}>
            <div className="agent-card__title">{footer[first.id]}</div>
            <dl className="agent-card__fields">
              {rest
                .filter((column) => footer[column.id] !== undefined)
                .map((column) => (
                  <div key={column.id} className="agent-card__field">
                    <dt>{column.header}</dt>
                    <dd>{footer[column.id]}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ) : null}
      </ul>
    );
  }
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table agent-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.id} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot>
            <tr data-testid={`${testId}-total`}>
              {columns.map((column) => (
                <td key={column.id} className={cellClass(column)}>
                  {footer[column.id]}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
