import { useTranslation } from 'react-i18next';
import type { LiveResult } from '@app/contracts';
import { cardFace } from './live-text.ts';

function Cards({ cards }: { cards: readonly string[] }) {
  return (
    <>
      {cards.map((card, index) => {
        const face = cardFace(card);
        return (
          <span key={`${card}-${index}`} className={`lv-card${face.red ? ' lv-card--red' : ''}`} title={card}>
            {face.rank}
            {face.symbol}
          </span>
        );
      })}
    </>
  );
}

/** A round's result as people read it: the two baccarat hands with their cards and totals, or the roulette number in its colour. */
export function ResultView({ result }: { result: LiveResult | null }) {
  const { t } = useTranslation('admin-live');
  if (!result) return <span className="bo-muted">{t('rounds.noResult')}</span>;
  if (result.game === 'roulette') {
    return (
      <span className="lv-nowrap" data-testid="lv-result">
        <span className={`lv-number lv-number--${result.colour}`}>{result.number}</span> <span className="lv-small">{t(`colour.${result.colour}`)}</span>
      </span>
    );
  }
  const extras = [result.natural ? t('round.natural') : null, result.playerPair || result.bankerPair ? t('round.pair') : null].filter(Boolean).join(' · ');
  return (
    <span className="lv-cards" data-testid="lv-result">
      <span className={`lv-hand${result.winner === 'player' ? ' lv-hand--won' : ''}`}>
        <span className="lv-hand__label">{t('round.playerHand', { total: result.playerTotal })}</span>
        <Cards cards={result.playerCards} />
      </span>
      <span className={`lv-hand${result.winner === 'banker' ? ' lv-hand--won' : ''}`}>
        <span className="lv-hand__label">{t('round.bankerHand', { total: result.bankerTotal })}</span>
        <Cards cards={result.bankerCards} />
      </span>
      <strong className="lv-small lv-nowrap">{t(`winner.${result.winner}`)}{extras ? ` · ${extras}` : ''}</strong>
    </span>
  );
}

/** A bet type ("straight", "player_pair") or a roulette spot ("split:1-2") in words. */
export function useSpotName() {
  const { t } = useTranslation('admin-live');
  return (spot: string) => {
    const [type, detail] = spot.split(':') as [string, string | undefined];
    const known = t(`betType.${type as 'player'}`, { defaultValue: type });
    return detail ? `${known} ${detail}` : known;
  };
}
