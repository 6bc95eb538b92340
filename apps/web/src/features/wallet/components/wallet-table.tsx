import { DataTable, type DataTableProps } from '@app/ui';

export type WalletTableProps<Row> = Omit<DataTableProps<Row>, 'look'> & {
  /** A class beside `wallet-table`, for a table with its own column widths. */
  className?: string;
};

/** @app/ui's table in the player site's wallet look, which the history, betting and contract lists share. */
export function WalletTable<Row>({ className, ...props }: WalletTableProps<Row>) {
  return <DataTable {...props} look={{ wrap: 'wallet-table-wrap', table: className ? `wallet-table ${className}` : 'wallet-table', numeric: 'is-numeric' }} />;
}
