import { useTranslation } from 'react-i18next';
import type { BettingRound } from '@app/contracts';
import { type WalletFormat, SignedAmount } from '../../wallet/index.ts';
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
  // The details column exists only when a round that can be verified (house or crash) is listed.
  const withDetails = rows.some((row) => roundDetailTargetOf(row) !== null);
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table betting-table" data-testid="betting-table">
        <thead>
          <tr>
            <th scope="col">{t('record.columns.time')}</th>
            <th scope="col">{t('record.columns.game')}</th>
            <th scope="col">{t('record.columns.type')}</th>
            <th scope="col" className="is-numeric">
              {t('record.columns.bet')}
            </th>
            <th scope="col" className="is-numeric">
              {t('record.columns.win')}
            </th>
            <th scope="col" className="is-numeric">
              {t('record.columns.net')}
            </th>
            <th scope="col">{t('record.columns.status')}</th>
            {withDetails ? (
              <th scope="col">
                <span className="ui-visually-hidden">{t('detail.column')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const detail = roundDetailTargetOf(row);
            return (
              <tr key={`${row.vendor}:${row.roundId}`} data-testid="betting-row">
                <td className="betting-table__when">
                  <time dateTime={row.openedAt}>{format.dateTime(row.openedAt)}</time>
                </td>
                <td>
                  <span className="betting-game" title={t('record.roundRef', { roundId: row.roundId })}>
                    <span className="betting-game__name">{row.gameName}</span>
                    <span className="betting-game__vendor">{row.vendorName}</span>
                  </span>
                </td>
                <td>{productLabel(row)}</td>
                <td className="is-numeric">{format.money(row.bet)}</td>
                <td className="is-numeric">{format.money(row.win)}</td>
                <td className="is-numeric">
                  <SignedAmount amount={row.net} format={format} testId="betting-net" />
                </td>
                <td>
                  <RoundStatusChip status={row.status} />
                </td>
                {withDetails ? (
                  <td className="betting-table__details">
                    {detail ? <RoundDetailsButton roundId={row.roundId} onOpen={() => onDetails(detail)} /> : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
