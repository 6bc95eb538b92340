import { useEffectEvent, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { currentLanguage } from '../../../shared/i18n.ts';

/** Board units (the SVG's user space): peg spacing, row height, sizes. */
const SPACING = 40;
const ROW_HEIGHT = 34;
const TOP = 38;
const PAD = 12;
const PEG_RADIUS = 4;
const BALL_RADIUS = 8;
/** Part of a bounce spent rising after a peg, and how high the ball hops. */
const RISE = 0.35;
const HOP = 10;

/** The ball's fall: 1.0 s on 8 rows, 1.25 s on 12, 1.5 s on 16 (never longer). */
export function dropMs(rows: number): number {
  return Math.min(1500, 500 + Math.round(rows * 62.5));
}

export interface PlinkoGeometry {
  rows: number;
  width: number;
  height: number;
  /** Peg centres, row by row (row r has r + 3 pegs). */
  pegs: { x: number; y: number }[][];
}

export function plinkoGeometry(rows: number): PlinkoGeometry {
  const width = (rows + 1) * SPACING;
  const centre = width / 2;
  const pegs = Array.from({ length: rows }, (_, row) => Array.from({ length: row + 3 }, (_, index) => ({ x: centre + (index - (row + 2) / 2) * SPACING, y: TOP + row * ROW_HEIGHT })));
  return { rows, width, height: TOP + (rows - 1) * ROW_HEIGHT + 24, pegs };
}

/**
 * Where the ball touches each row on its way down `path` (0 = left, 1 = right): the peg under
 * it is the one after the rights taken so far; then the slot numbered by all the rights.
 */
export function ballStops(geometry: PlinkoGeometry, path: readonly number[]): { x: number; y: number }[] {
  const stops = [{ x: geometry.width / 2, y: BALL_RADIUS }];
  let rights = 0;
  geometry.pegs.forEach((row, index) => {
    const peg = row[rights + 1]!;
    stops.push({ x: peg.x, y: peg.y - PEG_RADIUS - BALL_RADIUS });
    rights += path[index] ?? 0;
  });
  stops.push({ x: (rights + 0.5) * SPACING, y: geometry.height - BALL_RADIUS });
  return stops;
}

/** The pegs the ball touches: [row, index] for each row. */
function touchedPegs(path: readonly number[]): [number, number][] {
  let rights = 0;
  return path.map((bit, row) => {
    const peg: [number, number] = [row, rights + 1];
    rights += bit;
    return peg;
  });
}

const translate = (point: { x: number; y: number }) => `translate(${point.x}px, ${point.y}px)`;

/**
 * Keyframes for the fall: a drop onto the first peg, then for every row a small hop off the peg
 * (rising, easing out) and a fall onto the next peg or into the slot (easing in).
 */
function dropKeyframes(stops: { x: number; y: number }[]): Keyframe[] {
  const segments = stops.length - 1;
  const frames: Keyframe[] = [{ transform: translate(stops[0]!), offset: 0, easing: 'ease-in' }];
  for (let index = 1; index <= segments; index += 1) {
    const from = stops[index - 1]!;
    const to = stops[index]!;
    if (index > 1) {
      const apex = { x: from.x + (to.x - from.x) * RISE, y: from.y - HOP };
      frames.push({ transform: translate(apex), offset: (index - 1 + RISE) / segments, easing: 'ease-in' });
    }
    frames.push({ transform: translate(to), offset: index / segments, easing: 'ease-out' });
  }
  return frames;
}

interface PlinkoBoardProps {
  rows: number;
  /** Multipliers left to right, as the table sends them ("0.20"). */
  multipliers: readonly string[];
  /** The round to show on this board (same rows and risk), or null. */
  drop: { id: string; path: readonly number[]; slot: number } | null;
  /** The ball has landed: light its slot. */
  landed: boolean;
  animate: boolean;
}

/** The peg board (SVG) with the ball's fall animated along the round's path, over the slot row. */
export function PlinkoBoard({ rows, multipliers, drop, landed, animate }: PlinkoBoardProps) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const geometry = plinkoGeometry(rows);
  const ballRef = useRef<SVGCircleElement>(null);
  const stops = drop ? ballStops(geometry, drop.path) : null;
  const final = stops ? stops[stops.length - 1]! : null;
  const duration = dropMs(rows);
  const dropId = drop?.id ?? null;

  // Reads this render's path and timing without making them reasons to replay the fall.
  const playFall = useEffectEvent(() => {
    const ball = ballRef.current;
    if (!ball || !stops || !animate || typeof ball.animate !== 'function') return undefined;
    const animation = ball.animate(dropKeyframes(stops), { duration, fill: 'forwards' });
    return () => animation.cancel();
  });
  // Started before paint, so the ball never flashes in its slot before it falls. Only a new round
  // (or a change of motion preference) replays the fall, not a re-render.
  useLayoutEffect(() => playFall(), [dropId, animate]);

  const viewWidth = geometry.width + PAD * 2;
  const touched = drop ? touchedPegs(drop.path) : [];
  const segmentMs = duration / (rows + 1);
  const half = rows / 2;
  const number = new Intl.NumberFormat(intlLocaleOf(language), { maximumFractionDigits: 2, useGrouping: false });
  // 17 slots share a phone's width: 1000 reads "1k" there (the rules table has the full figure).
  const slotLabel = (value: number) => (value >= 1000 ? `${number.format(value / 1000)}k` : number.format(value));

  return (
    <div className={`plinko-board plinko-board--${rows}`} style={{ '--slots': rows + 1 } as CSSProperties}>
      <svg
        className="plinko-board__pegs"
        viewBox={`${-PAD} 0 ${viewWidth} ${geometry.height}`}
        role="img"
        aria-label={t('mini.plinko.board', { rows })}
        data-testid="plinko-board"
        data-rows={rows}
      >
        {geometry.pegs.map((row, rowIndex) =>
          row.map((peg, index) => <circle key={`${rowIndex}-${index}`} className="plinko-peg" cx={peg.x} cy={peg.y} r={PEG_RADIUS} />),
        )}
        {drop ? (
          <g key={drop.id} className={animate ? 'plinko-trail is-animated' : 'plinko-trail'}>
            {touched.map(([row, index]) => {
              const peg = geometry.pegs[row]![index]!;
              return <circle key={row} className="plinko-peg is-touched" cx={peg.x} cy={peg.y} r={PEG_RADIUS} style={{ animationDelay: `${Math.round((row + 1) * segmentMs)}ms` }} />;
            })}
          </g>
        ) : null}
        <circle ref={ballRef} className={final ? 'plinko-ball' : 'plinko-ball is-waiting'} cx={0} cy={0} r={BALL_RADIUS} style={{ transform: translate(final ?? { x: geometry.width / 2, y: BALL_RADIUS }) }} data-testid="plinko-ball" />
      </svg>
      <ol className="plinko-slots" style={{ paddingInline: `${(PAD / viewWidth) * 100}%` }} aria-label={t('mini.plinko.slots')}>
        {multipliers.map((value, slot) => {
          const heat = half === 0 ? 0 : Math.abs(slot - half) / half;
          const hit = landed && drop?.slot === slot;
          return (
            <li key={slot} className={`plinko-slot${hit ? ' is-hit' : ''}`} style={{ '--heat': heat.toFixed(3) } as CSSProperties} data-testid={hit ? 'plinko-slot-hit' : undefined}>
              {slotLabel(Number(value))}
              <span className="plinko-slot__x">×</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
