import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Already translated: what an empty list says instead of a table. */
  empty: string;
  /** `<testId>` on the table, `<testId>-row-<key>` on each row, `<testId>-empty` on the empty text. */
  testId?: string;
}

/**
 * A dense table of rows. On a phone each row becomes a card of label/value pairs (the headers
 * travel as data-label, data.css), so nothing needs a sideways scroll.
 */
export function DataTable<Row>({ columns, rows, rowKey, empty, testId }: DataTableProps<Row>) {
  if (rows.length === 0) return <p className="ui-empty" data-testid={testId ? `${testId}-empty` : undefined}>{empty}</p>;
  return (
    <div className="ui-table-wrap">
      <table className="ui-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.numeric ? 'ui-num' : undefined} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={testId ? `${testId}-row-${rowKey(row)}` : undefined}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? 'ui-num' : undefined} data-label={column.header}>
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
