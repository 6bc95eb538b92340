import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
}

/**
 * A dense table of rows. On a phone each row becomes a card of label/value pairs (the headers
 * travel as data-label), so nothing needs a sideways scroll.
 */
export function DataTable<Row>({ columns, rows, rowKey, empty, testId }: { columns: readonly Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string; empty?: string; testId?: string }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <p className="bo-empty" data-testid={testId ? `${testId}-empty` : undefined}>{empty ?? t('common.empty')}</p>;
  return (
    <div className="bo-table-wrap">
      <table className="bo-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.numeric ? 'bo-num' : undefined} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={testId ? `${testId}-row-${rowKey(row)}` : undefined}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? 'bo-num' : undefined} data-label={column.header}>
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

/** Previous / next over pageNo with the total count. */
export function Pager({ pageNo, pageSize, total, onPage }: { pageNo: number; pageSize: number; total: number; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="bo-pager" aria-label={t('common.pages')}>
      <Button size="sm" variant="outline" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('common.previous')}
      </Button>
      <span>{t('common.pageOf', { page: pageNo, pages, total })}</span>
      <Button size="sm" variant="outline" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}

/** A status word in a coloured pill: `tone` picks the colour. */
export function Badge({ tone, children, testId }: { tone: 'ok' | 'warn' | 'bad' | 'neutral'; children: ReactNode; testId?: string }) {
  return (
    <span className={`bo-badge bo-badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
