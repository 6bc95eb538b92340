import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** The header is read by screen readers only (a column of buttons needs no visible title). */
  hiddenHeader?: boolean;
  /** Extra class on this column's body cells. */
  className?: string;
  /** The cell names its row (`<th scope="row">`), as the first column of a summary does. */
  rowHeader?: boolean;
  /** `data-testid` on this column's body cells. */
  testId?: string;
}

/** Class names of the table's parts: an app that styles its own tables gives its own. */
export interface DataTableLook {
  wrap: string;
  table: string;
  numeric: string;
}

/** What a row carries besides its cells: a state class, data attributes the tests and styles read. */
export type DataRowAttributes = { className?: string } & { [attribute: `data-${string}`]: string | undefined };

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /**
   * Already translated: what an empty list says instead of a table. Without it an empty list
   * still draws the table (for a caller that says "nothing here" its own way).
   */
  empty?: string;
  /** `<testId>` on the table, `<testId>-row-<key>` on each row, `<testId>-empty` on the empty text. */
  testId?: string;
  /** Per-row attributes; a `data-testid` here replaces the `<testId>-row-<key>` one. */
  rowAttributes?: (row: Row) => DataRowAttributes;
  /** Rows under the body (`<tfoot>`), such as a total. */
  footer?: ReactNode;
  look?: Partial<DataTableLook>;
}

const defaultLook: DataTableLook = { wrap: 'ui-table-wrap', table: 'ui-table', numeric: 'ui-num' };

function classes(...names: (string | false | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/**
 * A dense table of rows. On a phone each row becomes a card of label/value pairs (the headers
 * travel as data-label, data.css), so nothing needs a sideways scroll.
 */
export function DataTable<Row>({ columns, rows, rowKey, empty, testId, rowAttributes, footer, look: lookProps }: DataTableProps<Row>) {
  const look = { ...defaultLook, ...lookProps };
  if (rows.length === 0 && empty !== undefined) return <p className="ui-empty" data-testid={testId ? `${testId}-empty` : undefined}>{empty}</p>;
  return (
    <div className={look.wrap}>
      <table className={look.table} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.numeric ? look.numeric : undefined} scope="col">
                {column.hiddenHeader ? <span className="ui-visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={testId ? `${testId}-row-${rowKey(row)}` : undefined} {...rowAttributes?.(row)}>
              {columns.map((column) => {
                const className = classes(column.numeric && look.numeric, column.className);
                return column.rowHeader ? (
                  <th key={column.key} className={className} scope="row" data-label={column.header} data-testid={column.testId}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={className} data-label={column.header} data-testid={column.testId}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
