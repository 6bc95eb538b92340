import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameDraw, PromotionGame } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { newRequestId, useGameDraw, useGameRefresh } from '../api/promotion-games.api.ts';
import { GameResult } from './game-result.tsx';

const SPIN_MS = 4600;
const TURNS = 6;
const COLOURS = ['#f5b700', '#e5484d', '#3e63dd', '#30a46c', '#8e4ec6', '#f76b15', '#12a594', '#d6409f'];

/** A point on the circle of radius r at `deg` clockwise from 12 o'clock. */
function point(r: number, deg: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [r * Math.sin(rad), -r * Math.cos(rad)];
}

function segmentPath(from: number, to: number, r: number): string {
  if (to - from >= 359.999) return `M 0 ${-r} A ${r} ${r} 0 1 1 0 ${r} A ${r} ${r} 0 1 1 0 ${-r} Z`;
  const [x1, y1] = point(r, from);
  const [x2, y2] = point(r, to);
  return `M 0 0 L ${x1.toFixed(3)} ${y1.toFixed(3)} A ${r} ${r} 0 ${to - from > 180 ? 1 : 0} 1 ${x2.toFixed(3)} ${y2.toFixed(3)} Z`;
}

/**
 * The prize wheel. Each segment's size is its prize's chance (its range of numbers). The server
 * draws; the wheel then spins with an easing and stops with the pointer on the exact number drawn
 * (the middle of that number's slice), inside the prize's segment. With reduced motion it turns
 * at once.
 */
export function WheelGame({ game, canPlay }: { game: PromotionGame; canPlay: boolean }) {
  const { t } = useTranslation('content');
  const errorMessage = useErrorMessage();
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const draw = useGameDraw(game.promotionId);
  const refresh = useGameRefresh();
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<GameDraw | null>(null);
  const settle = useRef<(() => void) | null>(null);
  const wheelEnd = useRef<(() => void) | null>(null);
  // Set at once on a click (state is not): a double click's second click finds it and plays nothing.
  const busy = useRef(false);
  const total = game.totalWeight;
  const available = canPlay ? (game.me?.tickets.available ?? 0) : 0;

  useEffect(() => () => settle.current?.(), []);

  async function spin() {
    if (busy.current) return;
    busy.current = true;
    setShown(null);
    let result: GameDraw;
    try {
      result = await draw.mutateAsync({ choice: null, requestId: newRequestId() });
    } catch {
      busy.current = false;
      return;
    }
    const angle = ((result.randomValue + 0.5) / result.totalWeight) * 360;
    const finish = () => {
      settle.current = null;
      wheelEnd.current = null;
      busy.current = false;
      setSpinning(false);
      setShown(result);
      void refresh();
    };
    setRotation((current) => current - (current % 360) + (reduced ? 0 : TURNS * 360) + (360 - angle));
    if (reduced) {
      finish();
      return;
    }
    setSpinning(true);
    // transitionend ends it; the timer covers a tab in the background, where it may not fire.
    const timer = window.setTimeout(finish, SPIN_MS + 300);
    settle.current = () => window.clearTimeout(timer);
    wheelEnd.current = () => {
      wheelEnd.current = null;
      window.clearTimeout(timer);
      finish();
    };
  }

  const segments = game.prizes.map((prize, index) => {
    const from = (prize.from / total) * 360;
    const to = (prize.to / total) * 360;
    const middle = (from + to) / 2;
    const [lx, ly] = point(62, middle);
    return (
      <g key={prize.seq} data-testid={`wheel-segment-${prize.seq}`}>
        <path d={segmentPath(from, to, 100)} fill={COLOURS[index % COLOURS.length]} stroke="#1b1b1f" strokeWidth="0.8" />
        {to - from >= 12 ? (
          <text x={lx} y={ly} transform={`rotate(${middle > 180 ? middle + 90 : middle - 90} ${lx} ${ly})`} className="wheel__label" textAnchor="middle" dominantBaseline="middle">
            {prize.label.length > 14 ? `${prize.label.slice(0, 13)}…` : prize.label}
          </text>
        ) : null}
      </g>
    );
  });

  const state = spinning ? 'spinning' : shown ? 'done' : 'idle';
  return (
    <div className="wheel-game" data-testid={`wheel-${game.promotionId}`} data-state={state}>
      <div className="wheel">
        <svg className="wheel__pointer" viewBox="0 0 40 40" aria-hidden="true">
          <path d="M 20 38 L 6 6 L 34 6 Z" />
        </svg>
        <div className="wheel__clip">
          <svg
            className="wheel__disc"
            viewBox="-104 -104 208 208"
            role="img"
            aria-label={t('promotionGames.wheel.label')}
            style={{ transform: `rotate(${rotation}deg)`, transitionDuration: reduced ? '0ms' : `${SPIN_MS}ms` }}
            onTransitionEnd={() => wheelEnd.current?.()}
            data-rotation={rotation}
          >
            <circle r="103" fill="#1b1b1f" />
            {segments}
            <circle r="14" className="wheel__hub" />
          </svg>
        </div>
      </div>
      <div className="stack stack--gap-2 wheel-game__side">
        {draw.isError ? <Alert tone="error">{errorMessage(draw.error)}</Alert> : null}
        <div>
          <Button variant="accent" onClick={() => void spin()} disabled={spinning || draw.isPending || available < 1} data-testid={`game-${game.promotionId}-play`}>
            {spinning || draw.isPending ? t('promotionGames.wheel.spinning') : t('promotionGames.wheel.spin')}
          </Button>
        </div>
        <div aria-live="polite">{shown ? <GameResult draw={shown} /> : null}</div>
      </div>
    </div>
  );
}
