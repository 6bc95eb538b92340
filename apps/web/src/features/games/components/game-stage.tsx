import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaunchResponse } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { Alert, Button, ExternalIcon, StarIcon } from '@app/ui';
import { useFavorites } from '../hooks/use-favorites.ts';
import { HouseGameScreen } from '../mini/house-game-screen.tsx';
import { parseSlotUrl } from '../slot/slot-url.ts';
import { GameToolbar } from './game-toolbar.tsx';
import { formatPercent } from './rtp-text.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import './game-stage.css';

interface GameStageProps {
  launch: LaunchResponse;
  onBack: () => void;
}

/** The running game: a slim toolbar (name, back, new window, favourite) over a full-height frame. */
export function GameStage({ launch, onBack }: GameStageProps) {
  const { t, i18n } = useTranslation('games');
  const favorites = useFavorites();
  const [popupBlocked, setPopupBlocked] = useState(false);
  const { game } = launch;
  const favorite = favorites.isFavorite(game.nodeId);
  // Games the house game server plays run in the page itself; a vendor's game runs in a frame.
  const slot = parseSlotUrl(launch.url);
  // The vendor's published RTP (issue 27, transparency); house games show their own exact one in the game.
  const rtp = game.rtp ? formatPercent(game.rtp, intlLocaleOf(currentLanguage(i18n))) : null;

  const openInNewWindow = () => {
    // Not "noopener" in the features: with it window.open always returns null, hiding a blocked pop-up.
    const opened = window.open(launch.url, '_blank');
    if (!opened) {
      setPopupBlocked(true);
      return;
    }
    opened.opener = null;
    setPopupBlocked(false);
  };

  return (
    <div className="game-stage" data-testid="game-stage">
      <GameToolbar
        onBack={onBack}
        title={game.gameName}
        details={
          <>
            <span className="game-toolbar__vendor">{game.vendorName}</span>
            {launch.demo ? <span className="game-badge game-badge--new">{t('launch.demo')}</span> : null}
            {rtp ? (
              <span className="game-toolbar__rtp" data-testid="stage-rtp">
                {t('card.rtp', { value: rtp })}
              </span>
            ) : null}
          </>
        }
      >
        <Button
          variant="ghost"
          size="sm"
          icon
          className={favorite ? 'game-toolbar__favorite is-on' : 'game-toolbar__favorite'}
          aria-pressed={favorite}
          aria-label={favorite ? t('card.removeFavorite', { name: game.gameName }) : t('card.addFavorite', { name: game.gameName })}
          title={favorite ? t('card.removeFavoriteShort') : t('card.addFavoriteShort')}
          onClick={() => favorites.toggle(game.nodeId)}
          data-testid="favorite-toggle"
        >
          <StarIcon size={18} fill={favorite ? 'currentColor' : 'none'} />
        </Button>
        <Button variant="ghost" size="sm" onClick={openInNewWindow} data-testid="game-new-window">
          <ExternalIcon size={18} />
          <span className="game-toolbar__label">{t('launch.newWindow')}</span>
        </Button>
      </GameToolbar>
      {popupBlocked ? (
        <Alert data-testid="popup-blocked">
          {t('launch.popupBlocked')}
        </Alert>
      ) : null}
      {slot ? (
        <div className="game-stage__slot">
          <HouseGameScreen vendor={slot.vendor} gameCode={slot.gameCode} demo={slot.demo} embedded />
        </div>
      ) : (
      <iframe
        className="game-stage__frame"
        src={launch.url}
        title={t('launch.frameTitle', { name: game.gameName })}
        allow="autoplay; fullscreen; clipboard-write"
        allowFullScreen
        referrerPolicy="no-referrer"
        data-testid="game-frame"
      />
      )}
    </div>
  );
}
