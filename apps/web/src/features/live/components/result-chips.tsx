import { useTranslation } from 'react-i18next';
import { rouletteColour } from '@app/house-games';
import type { LiveGame } from '@app/contracts';

/** A roulette number in its pocket's colour. */
export function RouletteNumber({ number, size = 'md', testId }: { number: number; size?: 'sm' | 'md' | 'lg'; testId?: string }) {
  const colour = rouletteColour(number);
  return (
    <span className={`live-number live-number--${colour} live-number--${size}`} data-colour={colour} data-testid={testId}>
      {number}
    </span>
  );
}

/** A baccarat bead: P (blue), B (red), T (green), lettered in the player's language. */
export function BaccaratBead({ winner, size = 'md', testId }: { winner: 'P' | 'B' | 'T'; size?: 'sm' | 'md'; testId?: string }) {
  const { t } = useTranslation('live');
  return (
    <span className={`live-bead live-bead--${winner} live-bead--${size}`} data-winner={winner} data-testid={testId} title={t(`beads.name.${winner}`)}>
      {t(`beads.letter.${winner}`)}
    </span>
  );
}

/** A lobby's lastResults (latest first): numbers or P/B/T beads. */
export function LastResults({ game, results, limit = 12, testId }: { game: LiveGame; results: readonly string[]; limit?: number; testId?: string }) {
  const { t } = useTranslation('live');
  if (results.length === 0) return <p className="live-muted" data-testid={testId}>{t('lobby.noResults')}</p>;
  return (
    <div className="live-last" data-testid={testId} aria-label={t('lobby.lastResults')}>
      {results.slice(0, limit).map((token, index) =>
        game === 'roulette' ? <RouletteNumber key={index} number={Number(token)} size="sm" /> : <BaccaratBead key={index} winner={token === 'B' ? 'B' : token === 'T' ? 'T' : 'P'} size="sm" />,
      )}
    </div>
  );
}
