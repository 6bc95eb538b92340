import type { ReactNode } from 'react';
import { DataTable, Pager, type Column } from './data-table.tsx';
import { QueryState } from './page.tsx';

/** What the console's list endpoints answer: one page of rows and how many there are in all. */
interface ListPage<Row> {
  content: readonly Row[];
  total: number;
}

export interface PagedTableProps<Row> {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: ListPage<Row> | undefined };
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  empty?: string;
  testId?: string;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  /** Leave the pager out while everything fits on one page (lists inside a member's tabs). */
  pagerOnlyWhenNeeded?: boolean;
}

/** A list page of the console: loading and errors, the rows as a table, the pager under them. */
export function PagedTable<Row>({ query, columns, rowKey, empty, testId, pageNo, pageSize, onPage, pagerOnlyWhenNeeded }: PagedTableProps<Row>): ReactNode {
  return (
    <QueryState query={query}>
      {() => {
        const total = query.data?.total ?? 0;
        return (
          <>
            <DataTable columns={columns} rows={query.data?.content ?? []} rowKey={rowKey} testId={testId} empty={empty} />
            {!pagerOnlyWhenNeeded || total > pageSize ? <Pager pageNo={pageNo} pageSize={pageSize} total={total} onPage={onPage} /> : null}
          </>
        );
      }}
    </QueryState>
  );
}
