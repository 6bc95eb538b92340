import { useId } from 'react';
import type { CrashPhase } from '@app/contracts';

/**
 * The rising curve: the shared multiplier curve e^(0.00006·t) drawn from the start to `elapsedMs`,
 * on axes that grow with it, so the line always climbs toward the upper right. SVG stretched to
 * the board (strokes keep their width); labels and the tip are HTML placed in percent, so they
 * are not stretched with it.
 */
const WIDTH = 1000;
const HEIGHT = 500;
const SAMPLES = 64;
/** The board shows at least 8 s and 1.8× before the axes start to grow. */
const MIN_SPAN_MS = 8_000;
const MIN_TOP = 1.8;
const Y_STEPS = [0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500];
const X_STEPS_S = [2, 5, 10, 20, 30, 60, 120];

const curve = (ms: number) => Math.exp(0.00006 * ms);

interface Scale {
  spanMs: number;
  top: number;
}

function scaleFor(elapsedMs: number): Scale {
  const now = curve(elapsedMs);
  return { spanMs: Math.max(MIN_SPAN_MS, elapsedMs * 1.18), top: Math.max(MIN_TOP, 1 + (now - 1) * 1.3) };
}

const xOf = (ms: number, scale: Scale) => (ms / scale.spanMs) * WIDTH;
const yOf = (multiplier: number, scale: Scale) => HEIGHT - ((multiplier - 1) / (scale.top - 1)) * HEIGHT;

function gridValues(top: number): number[] {
  const step = Y_STEPS.find((candidate) => (top - 1) / candidate <= 4) ?? Y_STEPS[Y_STEPS.length - 1]!;
  const values: number[] = [];
  for (let value = Math.ceil(1.0001 / step) * step; value < top; value += step) values.push(Math.round(value * 100) / 100);
  return values;
}

function timeValues(spanMs: number): number[] {
  const step = X_STEPS_S.find((candidate) => spanMs / 1000 / candidate <= 5) ?? X_STEPS_S[X_STEPS_S.length - 1]!;
  const values: number[] = [];
  // Labels stop short of the right edge, where they would be cut.
  for (let seconds = step; seconds * 1000 < spanMs * 0.92; seconds += step) values.push(seconds);
  return values;
}

interface CrashGraphProps {
  phase: CrashPhase | null;
  elapsedMs: number;
  /** "2×" and "4 s" in the player's language. */
  multiplierLabel: (value: number) => string;
  secondsLabel: (value: number) => string;
}

export function CrashGraph({ phase, elapsedMs, multiplierLabel, secondsLabel }: CrashGraphProps) {
  // useId's characters are not all valid in a url(#…) reference.
  const fillId = `crash-fill-${useId().replace(/[^\w-]/g, '')}`;
  const scale = scaleFor(elapsedMs);
  const points = Array.from({ length: SAMPLES + 1 }, (_, index) => {
    const ms = (elapsedMs * index) / SAMPLES;
    return `${xOf(ms, scale).toFixed(1)},${yOf(curve(ms), scale).toFixed(1)}`;
  });
  const line = `M${points.join(' L')}`;
  const tipX = (xOf(elapsedMs, scale) / WIDTH) * 100;
  const tipY = (yOf(curve(elapsedMs), scale) / HEIGHT) * 100;
  const showCurve = phase === 'running' || phase === 'crashed';

  return (
    <div className={`crash-graph crash-graph--${phase ?? 'idle'}`} aria-hidden="true">
      <svg className="crash-graph__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none">
        <defs>
          <linearGradient id={fillId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" className="crash-graph__fill-top" />
            <stop offset="100%" className="crash-graph__fill-bottom" />
          </linearGradient>
        </defs>
        {gridValues(scale.top).map((value) => (
          <line key={value} className="crash-graph__grid" x1="0" x2={WIDTH} y1={yOf(value, scale)} y2={yOf(value, scale)} vectorEffect="non-scaling-stroke" />
        ))}
        {showCurve ? (
          <>
            <path className="crash-graph__area" d={`${line} L${xOf(elapsedMs, scale).toFixed(1)},${HEIGHT} L0,${HEIGHT} Z`} fill={`url(#${fillId})`} />
            <path className="crash-graph__line" d={line} vectorEffect="non-scaling-stroke" />
          </>
        ) : null}
      </svg>
      {gridValues(scale.top).map((value) => (
        <span key={value} className="crash-graph__label crash-graph__label--y" style={{ top: `${(yOf(value, scale) / HEIGHT) * 100}%` }}>
          {multiplierLabel(value)}
        </span>
      ))}
      {timeValues(scale.spanMs).map((seconds) => (
        <span key={seconds} className="crash-graph__label crash-graph__label--x" style={{ left: `${(xOf(seconds * 1000, scale) / WIDTH) * 100}%` }}>
          {secondsLabel(seconds)}
        </span>
      ))}
      {showCurve ? <span className="crash-graph__tip" style={{ left: `${tipX}%`, top: `${tipY}%` }} /> : null}
    </div>
  );
}
