import { useTranslation } from 'react-i18next';
import type { BettingRound, GameType, RoundStatus } from '@app/contracts';

/** The catalogue's name for a product type; a round the catalogue cannot place reads "Outros". */
export function useGameTypeLabel(): (gameType: GameType | null) => string {
  const { t } = useTranslation(['games', 'betting']);
  return (gameType) => (gameType ? t(`games:types.${gameType}`) : t('betting:record.otherType'));
}

/** A round's product: its own where finer than its type (a mini game is not a crash game), else its type's. */
export function useRoundProductLabel(): (round: Pick<BettingRound, 'gameType' | 'product'>) => string {
  const { t } = useTranslation('betting');
  const typeLabel = useGameTypeLabel();
  return (round) => (round.product ? t(`record.products.${round.product}`) : typeLabel(round.gameType));
}

const ROUND_STATUS_TONE = { open: 'accent', settled: 'success', rolled_back: 'danger' } as const satisfies Record<RoundStatus, string>;

/** The chip's classes: the shared status pill in the status's tone (round-status--* adds what is the round's own). */
export function roundStatusClassName(status: RoundStatus): string {
  return `status-pill status-pill--${ROUND_STATUS_TONE[status]} round-status--${status}`;
}

/** Where a round stands: still running, paid out, or cancelled with the stake returned. */
export function RoundStatusChip({ status }: { status: RoundStatus }) {
  const { t } = useTranslation('betting');
  return (
    <span className={roundStatusClassName(status)} data-testid="betting-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
