import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryDraw, LotteryFamily } from '@app/contracts';
import { Chips } from '@app/ui';
import { digitTrend, endingTrend } from './trend.ts';

/** Shade of a cell: 0 → faint, the largest count → full accent. */
const shade = (value: number, max: number) => (max === 0 ? 0.06 : 0.08 + (0.85 * value) / max);

/**
 * Fast draws: for one ball position, each digit's frequency (bar) and how many draws it has been
 * missing (figure under the bar) over the draws shown.
 */
function DigitChart({ draws }: { draws: readonly LotteryDraw[] }) {
  const { t } = useTranslation('lottery');
  const [position, setPosition] = useState('1');
  const trend = digitTrend(draws);
  const index = Number(position) - 1;
  const frequency = trend.frequency[index] ?? [];
  const missing = trend.missing[index] ?? [];
  const max = Math.max(1, ...frequency);
  const width = 320;
  const height = 150;
  const slot = width / 10;
  return (
    <div className="lt-trend" data-testid="lt-trend-digits">
      <Chips label={t('trend.position')} value={position} onChange={setPosition} items={['1', '2', '3', '4', '5'].map((id) => ({ id, label: t('trend.ball', { position: id }), testId: `lt-trend-position-${id}` }))} />
      <svg viewBox={`0 0 ${width} ${height}`} className="lt-trend__svg" role="img" aria-label={t('trend.digitsLabel', { position, count: trend.draws })}>
        {frequency.map((count, digit) => {
          const barHeight = (count / max) * 78;
          const x = digit * slot + 6;
          return (
            <g key={digit} data-testid="lt-trend-bar" data-digit={digit} data-count={count} data-missing={missing[digit]}>
              <rect x={x} y={100 - barHeight} width={slot - 12} height={barHeight} rx={3} className="lt-trend__bar" />
              <text x={x + (slot - 12) / 2} y={96 - barHeight} className="lt-trend__count">{count}</text>
              <text x={x + (slot - 12) / 2} y={118} className="lt-trend__digit">{digit}</text>
              <text x={x + (slot - 12) / 2} y={140} className="lt-trend__missing">{missing[digit]}</text>
            </g>
          );
        })}
      </svg>
      <p className="lt-trend__legend">{t('trend.digitsLegend', { count: trend.draws })}</p>
    </div>
  );
}

/** VN and 4D: a 10 × 10 map of the 2-digit endings 00–99, darker the more often opened. */
function EndingChart({ draws }: { draws: readonly LotteryDraw[] }) {
  const { t } = useTranslation('lottery');
  const trend = endingTrend(draws);
  const max = Math.max(0, ...trend.counts);
  const cell = 32;
  return (
    <div className="lt-trend" data-testid="lt-trend-endings">
      <svg viewBox={`0 0 ${cell * 10} ${cell * 10}`} className="lt-trend__svg lt-trend__svg--square" role="img" aria-label={t('trend.endingsLabel', { count: trend.draws })}>
        {trend.counts.map((count, ending) => {
          const x = (ending % 10) * cell;
          const y = Math.floor(ending / 10) * cell;
          return (
            <g key={ending} data-testid="lt-trend-cell" data-ending={String(ending).padStart(2, '0')} data-count={count}>
              <rect x={x + 1} y={y + 1} width={cell - 2} height={cell - 2} rx={4} className="lt-trend__cell" style={{ fillOpacity: shade(count, max) }} />
              <text x={x + cell / 2} y={y + 14} className="lt-trend__ending">{String(ending).padStart(2, '0')}</text>
              <text x={x + cell / 2} y={y + 26} className="lt-trend__times">{count}</text>
            </g>
          );
        })}
      </svg>
      <p className="lt-trend__legend">{t('trend.endingsLegend', { count: trend.draws })}</p>
    </div>
  );
}

export function TrendChart({ family, draws }: { family: LotteryFamily; draws: readonly LotteryDraw[] }) {
  return family === 'fast_5d' ? <DigitChart draws={draws} /> : <EndingChart draws={draws} />;
}
