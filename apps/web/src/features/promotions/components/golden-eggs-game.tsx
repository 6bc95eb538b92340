import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOLDEN_EGGS, type GameDraw, type PromotionGame } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { formatMoney } from '../../../shared/format/money.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { useContentLanguage } from '../../content/index.ts';
import { newRequestId, useGameDraw, useGameRefresh } from '../api/promotion-games.api.ts';
import { GameResult } from './game-result.tsx';

const CRACK_MS = 1100;

function Egg({ cracked }: { cracked: boolean }) {
  return (
    <svg className="egg__art" viewBox="0 0 100 130" aria-hidden="true">
      <defs>
        <radialGradient id="egg-gold" gradientUnits="userSpaceOnUse" cx="38" cy="40" r="95">
          <stop offset="0%" stopColor="#fff6c2" />
          <stop offset="45%" stopColor="#f5c518" />
          <stop offset="100%" stopColor="#a86b00" />
        </radialGradient>
      </defs>
      {/* The lower shell stays; the upper one lifts off along the zigzag when cracked. */}
      <path className="egg__bottom" d="M 8 72 L 20 62 L 32 74 L 44 60 L 56 74 L 68 60 L 80 74 L 92 64 C 96 100 76 126 50 126 C 24 126 4 100 8 72 Z" fill="url(#egg-gold)" />
      <path className={cracked ? 'egg__top egg__top--off' : 'egg__top'} d="M 8 72 L 20 62 L 32 74 L 44 60 L 56 74 L 68 60 L 80 74 L 92 64 C 90 30 72 4 50 4 C 28 4 10 30 8 72 Z" fill="url(#egg-gold)" />
      {cracked ? null : <ellipse cx="36" cy="36" rx="8" ry="14" fill="#fff" opacity="0.35" />}
    </svg>
  );
}

/**
 * Golden eggs: a row of eggs; tapping one plays a ticket. The server draws the prize (whichever
 * egg — the egg is only where it is shown); the tapped egg wobbles while it is asked, then cracks
 * open on the prize. With reduced motion it opens at once.
 */
export function GoldenEggsGame({ game, canPlay }: { game: PromotionGame; canPlay: boolean }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const errorMessage = useErrorMessage();
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const draw = useGameDraw(game.promotionId);
  const refresh = useGameRefresh();
  const [picked, setPicked] = useState<number | null>(null);
  // Set at once on a tap (state is not): a double tap plays one egg.
  const tapped = useRef(false);
  const [opened, setOpened] = useState<GameDraw | null>(null);
  const [shown, setShown] = useState<GameDraw | null>(null);
  const available = canPlay ? (game.me?.tickets.available ?? 0) : 0;
  const busy = draw.isPending || (opened !== null && shown === null);

  async function tap(index: number) {
    if (busy || picked !== null || tapped.current) return;
    tapped.current = true;
    setPicked(index);
    let result: GameDraw;
    try {
      result = await draw.mutateAsync({ choice: index, requestId: newRequestId() });
    } catch {
      tapped.current = false;
      setPicked(null);
      return;
    }
    setOpened(result);
    const reveal = () => {
      setShown(result);
      void refresh();
    };
    if (reduced) reveal();
    else window.setTimeout(reveal, CRACK_MS);
  }

  function again() {
    tapped.current = false;
    setPicked(null);
    setOpened(null);
    setShown(null);
  }

  const state = shown ? 'done' : opened ? 'cracking' : picked !== null ? 'asking' : 'idle';
  return (
    <div className="eggs-game" data-testid={`eggs-${game.promotionId}`} data-state={state}>
      <div className="eggs" role="group" aria-label={t('promotionGames.eggs.pick')}>
        {Array.from({ length: GOLDEN_EGGS }, (_, index) => {
          const mine = picked === index;
          const cracked = mine && opened !== null;
          const prize = cracked ? opened.prize : null;
          return (
            <button
              key={index}
              type="button"
              className={`egg${mine ? ' egg--picked' : ''}${mine && !opened ? ' egg--asking' : ''}${cracked ? ' egg--cracked' : ''}${reduced ? ' egg--still' : ''}`}
              onClick={() => void tap(index)}
              disabled={available < 1 || (picked !== null && !mine)}
              aria-label={t('promotionGames.eggs.egg', { n: index + 1 })}
              data-testid={`egg-${game.promotionId}-${index}`}
            >
              <Egg cracked={cracked} />
              {prize ? (
                <span className={`egg__prize egg__prize--${prize.kind}`} data-testid="egg-prize">
                  {prize.kind === 'nothing' ? prize.label : `R$ ${formatMoney(prize.amount, language)}`}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {draw.isError ? <Alert tone="error">{errorMessage(draw.error)}</Alert> : null}
      <p className="promotion__note">{t('promotionGames.eggs.hint')}</p>
      <div aria-live="polite">{shown ? <GameResult draw={shown} /> : null}</div>
      {shown && available > 0 ? (
        <div>
          <Button variant="outline" size="sm" onClick={again} data-testid={`game-${game.promotionId}-again`}>
            {t('promotionGames.eggs.again')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
