import { useTranslation } from 'react-i18next';
import type { BettingRound } from '@app/contracts';
import type { Column } from '@app/ui';
import { type WalletFormat, SignedAmount, WalletTable } from '../../wallet/index.ts';
import { RoundStatusChip, useRoundProductLabel } from './round-labels.tsx';
import { roundDetailTargetOf, RoundDetailsButton, type RoundDetailTarget } from './round-detail.tsx';

interface BettingTableProps {
  rows: readonly BettingRound[];
  format: WalletFormat;
  onDetails: (target: RoundDetailTarget) => void;
}

/** Wide screens: one line per round, newest first as the server sends them. */
export function BettingTable({ rows, format, onDetails }: BettingTableProps) {
  const { t } = useTranslation('betting');
  const productLabel = useRoundProductLabel();
  const columns: Column<BettingRound>[] = [
    { key: 'time', header: t('record.columns.time'), className: 'betting-table__when', cell: (row) => <time dateTime={row.openedAt}>{format.dateTime(row.openedAt)}</time> },
    {
      key: 'game',
      header: t('record.columns.game'),
      cell: (row) => (
        <span className="betting-game" title={t('record.roundRef', { roundId: row.roundId })}>
          <span className="betting-game__name">{row.gameName}</span>
          <span className="betting-game__vendor">{row.vendorName}</span>
        </span>
      ),
    },
    { key: 'type', header: t('record.columns.type'), cell: productLabel },
    { key: 'bet', header: t('record.columns.bet'), numeric: true, cell: (row) => format.money(row.bet) },
    { key: 'win', header: t('record.columns.win'), numeric: true, cell: (row) => format.money(row.win) },
    { key: 'net', header: t('record.columns.net'), numeric: true, cell: (row) => <SignedAmount amount={row.net} format={format} testId="betting-net" /> },
    { key: 'status', header: t('record.columns.status'), cell: (row) => <RoundStatusChip status={row.status} /> },
  ];
  // The details column exists only when a round that can be verified (house or crash) is listed.
  if (rows.some((row) => roundDetailTargetOf(row) !== null)) {
    columns.push({
      key: 'details',
      header: t('detail.column'),
      hiddenHeader: true,
      className: 'betting-table__details',
      cell: (row) => {
        const detail = roundDetailTargetOf(row);
        return detail ? <RoundDetailsButton roundId={row.roundId} onOpen={() => onDetails(detail)} /> : null;
      },
    });
  }
  return (
    <WalletTable
      className="betting-table"
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.vendor}:${row.roundId}`}
      testId="betting-table"
      rowAttributes={() => ({ 'data-testid': 'betting-row' })}
    />
  );
}
