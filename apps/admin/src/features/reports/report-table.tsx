import type { ReactNode } from 'react';
import './report-table.css';

export interface ReportColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** Left out on a phone (the dashboard's short tables); report tables scroll sideways instead. */
  hideOnPhone?: boolean;
}

/**
 * A dense table of figures that stays a table on a phone: it scrolls sideways with its first
 * column pinned (30 days × 8 figures as cards would be a page of 240 lines). A total row is bold.
 */
export function ReportTable<Row>({ columns, rows, rowKey, isTotal, testId }: { columns: readonly ReportColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string; isTotal?: (row: Row) => boolean; testId?: string }) {
  const cellClass = (column: ReportColumn<Row>) => [column.numeric ? 'bo-num' : '', column.hideOnPhone ? 'bo-rtable__wide' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="bo-rtable-wrap">
      <table className="bo-rtable" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={cellClass(column)} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={isTotal?.(row) ? 'bo-rtable__total' : undefined} data-testid={testId ? `${testId}-row-${rowKey(row)}` : undefined}>
              {columns.map((column) => (
                <td key={column.key} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
