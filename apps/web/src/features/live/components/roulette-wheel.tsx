import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROULETTE_WHEEL, rouletteColour } from '@app/house-games';
import type { LiveRoundView } from '@app/contracts';
import { RouletteNumber } from './result-chips.tsx';

const POCKET_DEGREES = 360 / ROULETTE_WHEEL.length;
/** Inside the server's reveal (8 s): the number is shown while the round is still dealing. */
export const SPIN_MS = 5_500;
const EXTRA_TURNS = 5;

/** The wheel's rotation (degrees, clockwise) that brings `number`'s pocket under the pointer at the top. */
export function restingRotation(number: number): number {
  const index = ROULETTE_WHEEL.indexOf(number);
  return index < 0 ? 0 : -index * POCKET_DEGREES;
}

/** The next rotation: at least EXTRA_TURNS more whole turns from `from`, ending on `number`. */
export function spinTarget(from: number, number: number): number {
  const rest = restingRotation(number);
  const turns = Math.ceil((from - rest) / 360) + EXTRA_TURNS;
  return rest + turns * 360;
}

function pocketPath(index: number, outer: number, inner: number): string {
  const start = ((index - 0.5) * POCKET_DEGREES - 90) * (Math.PI / 180);
  const end = ((index + 0.5) * POCKET_DEGREES - 90) * (Math.PI / 180);
  const point = (radius: number, angle: number) => `${(100 + radius * Math.cos(angle)).toFixed(2)} ${(100 + radius * Math.sin(angle)).toFixed(2)}`;
  return `M ${point(outer, start)} A ${outer} ${outer} 0 0 1 ${point(outer, end)} L ${point(inner, end)} A ${inner} ${inner} 0 0 0 ${point(inner, start)} Z`;
}

/**
 * The European wheel (pockets in ROULETTE_WHEEL order) as SVG. When a round's spin is known
 * (phase dealing) it turns several times and stops with the number under the pointer; a page
 * opened on a finished spin shows the wheel at rest on it, and the number in the middle.
 */
export function RouletteWheel({ round }: { round: LiveRoundView | null }) {
  const { t } = useTranslation('live');
  const result = round?.result?.game === 'roulette' ? round.result : null;
  const [spin, setSpin] = useState<{ roundId: string; rotation: number } | null>(null);
  const [doneId, setDoneId] = useState<string | null>(null);
  const roundId = round?.id ?? null;
  const target = round?.phase === 'dealing' && result ? result.number : null;

  // The spin starts on the next task so the wheel is drawn at rest first and the transition runs.
  useEffect(() => {
    if (target === null || roundId === null) return undefined;
    const start = window.setTimeout(() => setSpin((old) => (old?.roundId === roundId ? old : { roundId, rotation: spinTarget(old?.rotation ?? 0, target) })), 30);
    const stop = window.setTimeout(() => setDoneId(roundId), SPIN_MS + 30);
    return () => {
      window.clearTimeout(start);
      window.clearTimeout(stop);
    };
  }, [roundId, target]);

  const ownSpin = spin !== null && spin.roundId === roundId;
  const spinning = ownSpin && doneId !== roundId;
  // A spin this tab saw keeps its rotation; a result it did not see is shown at rest.
  const rotation = ownSpin ? spin.rotation : result ? restingRotation(result.number) : (spin?.rotation ?? 0);
  const settled = result !== null && !spinning;
  return (
    <div className="live-stage live-stage--roulette" data-testid="live-stage" data-spinning={spinning} data-number={settled ? result.number : ''}>
      <div className="live-wheel">
        <span className="live-wheel__pointer" aria-hidden="true" />
        <svg viewBox="0 0 200 200" className="live-wheel__svg" role="img" aria-label={settled ? t('roulette.landed', { number: result.number }) : t('roulette.wheel')}>
          <g className="live-wheel__rotor" style={{ transform: `rotate(${rotation}deg)`, transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.6, 0.2, 1)` : 'none' }}>
            <circle cx="100" cy="100" r="98" className="live-wheel__rim" />
            {ROULETTE_WHEEL.map((number, index) => {
              const angle = index * POCKET_DEGREES;
              const highlight = settled && number === result.number;
              return (
                <g key={number}>
                  <path d={pocketPath(index, 94, 66)} className={`live-wheel__pocket live-wheel__pocket--${rouletteColour(number)}${highlight ? ' is-winner' : ''}`} />
                  <text x="100" y="18" className="live-wheel__label" transform={`rotate(${angle} 100 100)`} textAnchor="middle">
                    {number}
                  </text>
                </g>
              );
            })}
            <circle cx="100" cy="100" r="66" className="live-wheel__hub" />
          </g>
        </svg>
        <div className="live-wheel__centre">{settled ? <RouletteNumber number={result.number} size="lg" testId="live-result-number" /> : null}</div>
      </div>
      {settled ? (
        <p className={`live-winner live-winner--${result.colour}`} data-testid="live-result-banner" data-number={result.number}>
          {t('roulette.resultBanner', { number: result.number, colour: t(`roulette.colour.${result.colour}`) })}
        </p>
      ) : null}
    </div>
  );
}
