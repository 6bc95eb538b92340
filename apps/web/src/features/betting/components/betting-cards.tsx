import { useTranslation } from 'react-i18next';
import type { BettingRound } from '@app/contracts';
import { type WalletFormat, SignedAmount } from '../../wallet/index.ts';
import { RoundStatusChip, useRoundProductLabel } from './round-labels.tsx';
import { roundDetailTargetOf, RoundDetailsButton, type RoundDetailTarget } from './round-detail.tsx';

interface BettingCardsProps {
  rows: readonly BettingRound[];
  format: WalletFormat;
  onDetails: (target: RoundDetailTarget) => void;
}

/** Phones: a seven-column table cannot fit, so each round is a small stacked card. */
export function BettingCards({ rows, format, onDetails }: BettingCardsProps) {
  const { t } = useTranslation('betting');
  const productLabel = useRoundProductLabel();
  return (
    <ul className="card-stack" data-testid="betting-cards">
      {rows.map((row) => {
        const detail = roundDetailTargetOf(row);
        return (
          <li key={`${row.vendor}:${row.roundId}`} className="line-card line-card--tight" data-testid="betting-row">
            <div className="line-card__top line-card__top--baseline">
              <span className="betting-game">
                <span className="betting-game__name">{row.gameName}</span>
                <span className="betting-game__vendor">
                  {row.vendorName} · {productLabel(row)}
                </span>
              </span>
              <SignedAmount amount={row.net} format={format} testId="betting-net" />
            </div>
            <div className="line-card__meta line-card__meta--spread">
              <span>
                {t('record.columns.bet')}: {format.money(row.bet)}
              </span>
              <span>
                {t('record.columns.win')}: {format.money(row.win)}
              </span>
            </div>
            <div className="line-card__meta line-card__meta--spread">
              <time dateTime={row.openedAt}>{format.dateTime(row.openedAt)}</time>
              <RoundStatusChip status={row.status} />
            </div>
            <div className="split-row betting-card__footer">
              <div className="line-card__reference">{t('record.roundRef', { roundId: row.roundId })}</div>
              {detail ? <RoundDetailsButton roundId={row.roundId} onOpen={() => onDetails(detail)} /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
