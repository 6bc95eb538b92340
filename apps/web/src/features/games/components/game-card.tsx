import { useTranslation } from 'react-i18next';
import type { Game } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { StarIcon, WrenchIcon } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { gameAccent } from '../accent.ts';
import { FlameIcon, GameTypeIcon, PlayIcon, SparkleIcon } from './game-icons.tsx';
import { GameImage } from './game-image.tsx';
import { formatPercent } from './rtp-text.ts';
import './accent.css';
import './game-card.css';

interface GameCardProps {
  game: Game;
  isFavorite: boolean;
  onToggleFavorite: (nodeId: number) => void;
  onStart: (game: Game) => void;
}

/** Spec §2/§4 game card: accent by nodeId, badges, image with fallback, favourite star, start. */
export function GameCard({ game, isFavorite, onToggleFavorite, onStart }: GameCardProps) {
  const { t, i18n } = useTranslation('games');
  const rtp = game.rtp ? formatPercent(game.rtp, intlLocaleOf(currentLanguage(i18n))) : null;
  const name = game.gameName;
  return (
    <article
      className={`tile game-card accent-${gameAccent(game.nodeId)}`}
      data-testid="game-card"
      data-node-id={game.nodeId}
      data-accent={gameAccent(game.nodeId)}
      aria-label={name}
    >
      <div className="game-card__media">
        <button type="button" className="game-card__cover" onClick={() => onStart(game)} tabIndex={-1} aria-hidden="true">
          <GameImage src={game.iconUrl} className="game-card__image" fallbackIcon={<GameTypeIcon type={game.gameType} size={40} />} />
          <span className="game-card__play">
            <PlayIcon size={22} />
          </span>
        </button>
        <div className="game-card__badges">
          {game.isHot ? (
            <span className="game-badge game-badge--hot" data-testid="badge-hot">
              <FlameIcon size={12} /> {t('card.hot')}
            </span>
          ) : null}
          {game.isNew ? (
            <span className="game-badge game-badge--new" data-testid="badge-new">
              <SparkleIcon size={12} /> {t('card.new')}
            </span>
          ) : null}
          {game.maintenance ? (
            <span className="game-badge game-badge--maintenance" data-testid="badge-maintenance">
              <WrenchIcon size={12} /> {t('card.maintenance')}
            </span>
          ) : null}
        </div>
        {rtp ? (
          <span className="game-card__rtp" data-testid="game-rtp">
            {t('card.rtp', { value: rtp })}
          </span>
        ) : null}
        <button
          type="button"
          className={isFavorite ? 'game-card__favorite is-on' : 'game-card__favorite'}
          aria-pressed={isFavorite}
          aria-label={isFavorite ? t('card.removeFavorite', { name }) : t('card.addFavorite', { name })}
          title={isFavorite ? t('card.removeFavoriteShort') : t('card.addFavoriteShort')}
          onClick={() => onToggleFavorite(game.nodeId)}
          data-testid="favorite-toggle"
        >
          <StarIcon size={18} fill={isFavorite ? 'currentColor' : 'none'} />
        </button>
      </div>
      <div className="game-card__body">
        <h3 className="game-card__name" title={name} data-testid="game-name">
          {name}
        </h3>
        <p className="game-card__vendor" data-testid="game-vendor" title={game.vendorName}>
          {game.vendorName}
        </p>
        <button type="button" className="game-card__start" onClick={() => onStart(game)} aria-label={t('card.playNamed', { name })} data-testid="game-start">
          <PlayIcon size={14} />
          {t('card.play')}
        </button>
      </div>
    </article>
  );
}
