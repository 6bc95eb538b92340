import { useTranslation } from 'react-i18next';
import { handTotal } from '@app/house-games';
import type { BaccaratResult, LiveRoundView } from '@app/contracts';
import { useLiveNow } from '../api/live-clock.ts';

/** Time between two cards turned over while a hand is dealt. */
export const CARD_INTERVAL_MS = 900;

/**
 * The order cards are turned: player 1, banker 1, player 2, banker 2, then the player's third
 * card, then the banker's (the third-card rules decide whether each exists).
 */
export function revealOrder(result: BaccaratResult): Array<{ side: 'player' | 'banker'; index: number }> {
  const order: Array<{ side: 'player' | 'banker'; index: number }> = [
    { side: 'player', index: 0 },
    { side: 'banker', index: 0 },
    { side: 'player', index: 1 },
    { side: 'banker', index: 1 },
  ];
  if (result.playerCards.length > 2) order.push({ side: 'player', index: 2 });
  if (result.bankerCards.length > 2) order.push({ side: 'banker', index: 2 });
  return order;
}

/** How many cards are face up `elapsedMs` into the deal (the first one at once). */
export function cardsRevealed(elapsedMs: number, total: number): number {
  if (elapsedMs < 0) return 0;
  return Math.min(total, Math.floor(elapsedMs / CARD_INTERVAL_MS) + 1);
}

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function PlayingCard({ card, faceUp, dealt = false, testId }: { card: string | null; faceUp: boolean; dealt?: boolean; testId?: string }) {
  const rank = card ? (card[0] === 'T' ? '10' : card[0]) : '';
  const suit = card ? card[1]! : '';
  const red = suit === 'H' || suit === 'D';
  return (
    <span className={`live-card3d${faceUp ? ' is-up' : ''}${dealt ? ' is-dealt' : ''}`} data-testid={testId} data-card={faceUp ? card : ''}>
      <span className="live-card3d__inner">
        <span className="live-card3d__back" />
        <span className={`live-card3d__face${red ? ' is-red' : ''}`}>
          <span className="live-card3d__rank">{rank}</span>
          <span className="live-card3d__suit">{SUITS[suit] ?? ''}</span>
        </span>
      </span>
    </span>
  );
}

/**
 * The baccarat table's stage: the player's and the banker's hands turned card by card by the
 * server's clock while the round is dealing (a page opened mid-deal catches up), totals as the
 * cards come, and the winner once every card is up.
 */
export function BaccaratStage({ round }: { round: LiveRoundView | null }) {
  const { t } = useTranslation('live');
  const result = round?.result?.game === 'baccarat' ? round.result : null;
  const dealing = round?.phase === 'dealing';
  const now = useLiveNow(150, dealing);
  const order = result ? revealOrder(result) : [];
  const shown = !result ? 0 : round?.phase === 'result' ? order.length : cardsRevealed(now - Date.parse(round!.bettingEndsAt), order.length);
  const up = new Set(order.slice(0, shown).map((entry) => `${entry.side}${entry.index}`));
  const done = result !== null && shown === order.length;

  const hand = (side: 'player' | 'banker') => {
    const cards = result ? (side === 'player' ? result.playerCards : result.bankerCards) : [];
    const visible = cards.filter((_, index) => up.has(`${side}${index}`));
    const winner = done && result?.winner === side;
    return (
      <div className={`live-hand live-hand--${side}${winner ? ' is-winner' : ''}`} data-testid={`live-hand-${side}`}>
        <div className="live-hand__head">
          <span className="live-hand__name">{t(`baccarat.${side}`)}</span>
          <span className="live-hand__total" data-testid={`live-total-${side}`}>
            {visible.length > 0 ? handTotal(visible) : '–'}
          </span>
        </div>
        <div className="live-hand__cards">
          {/* A third card is not laid face down in advance: that would tell whether it is coming. */}
          {(cards.length > 0 ? cards : [null, null]).map((card, index) =>
            index < 2 || up.has(`${side}${index}`) ? <PlayingCard key={index} card={card} faceUp={up.has(`${side}${index}`)} dealt={index === 2} testId={`live-card-${side}-${index}`} /> : null,
          )}
        </div>
      </div>
    );
  };

  return (
    <div className="live-stage live-stage--baccarat" data-testid="live-stage" data-revealed={shown}>
      <div className="live-hands">
        {hand('player')}
        {hand('banker')}
      </div>
      {done && result ? (
        <p className={`live-winner live-winner--${result.winner}`} data-testid="live-result-banner" data-winner={result.winner}>
          {result.winner === 'tie' ? t('baccarat.tieBanner', { total: result.playerTotal }) : t(`baccarat.winsBanner.${result.winner}`, { winner: result.winner === 'player' ? result.playerTotal : result.bankerTotal, loser: result.winner === 'player' ? result.bankerTotal : result.playerTotal })}
          {result.natural ? <span className="live-winner__tag"> · {t('baccarat.natural')}</span> : null}
          {result.playerPair ? <span className="live-winner__tag"> · {t('baccarat.playerPair')}</span> : null}
          {result.bankerPair ? <span className="live-winner__tag"> · {t('baccarat.bankerPair')}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
