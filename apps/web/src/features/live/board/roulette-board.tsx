import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRouletteSpot, ROULETTE_PAYOUTS, rouletteColour } from '@app/house-games';
import type { RouletteBetType } from '@app/contracts';
import { cellOf, gridSize, insideZones, type Orientation } from './roulette-geometry.ts';
import { SpotStack } from './spot-stack.tsx';
import type { LiveBoardControl } from './use-live-board.ts';

const NUMBERS = Array.from({ length: 36 }, (_, k) => k + 1);

/**
 * The European layout: 0–36, the columns (2:1), dozens and even-money spots; splits, corners,
 * streets and six lines on the borders between numbers (small round targets); a "neighbours"
 * mode turns a click on a number into N and two either side of it on the wheel.
 */
export function RouletteBoard({ control, winning, orientation }: { control: LiveBoardControl; winning: number | null; orientation: Orientation }) {
  const { t } = useTranslation('live');
  const [neighbours, setNeighbours] = useState(false);
  const zones = useMemo(() => insideZones(orientation), [orientation]);
  const size = gridSize(orientation);
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  const wins = (spot: string) => winning !== null && (parseRouletteSpot(spot)?.numbers.includes(winning) ?? false);
  const stack = (spot: string) => <SpotStack confirmed={control.confirmedTotals.get(spot)} pending={control.pendingTotals.get(spot)} />;
  const pays = (type: RouletteBetType) => `${ROULETTE_PAYOUTS[type]}:1`;
  const spotButton = (spot: string, label: string, className: string, title?: string) => (
    <button
      key={spot}
      type="button"
      className={`live-spot ${className}${wins(spot) ? ' is-winning' : ''}`}
      data-testid={`spot-${spot}`}
      disabled={!control.canEdit}
      onClick={() => control.place(spot)}
      title={title}
    >
      <span className="live-spot__name">{label}</span>
      {stack(spot)}
    </button>
  );
  const numberSpot = (n: number) => (neighbours ? `neighbours:${n}` : `straight:${n}`);
  const numberLabel = (n: number) => (neighbours ? t('roulette.neighboursOf', { number: n }) : t('roulette.straightOn', { number: n }));

  return (
    <div className={`live-roulette live-roulette--${orientation}`} data-testid="live-board" data-mode={neighbours ? 'neighbours' : 'straight'}>
      <div className="live-roulette__modes">
        <button type="button" className={`live-mode${neighbours ? '' : ' is-active'}`} aria-pressed={!neighbours} onClick={() => setNeighbours(false)} data-testid="mode-straight">
          {t('roulette.modes.straight')}
        </button>
        <button type="button" className={`live-mode${neighbours ? ' is-active' : ''}`} aria-pressed={neighbours} onClick={() => setNeighbours(true)} data-testid="mode-neighbours">
          {t('roulette.modes.neighbours')}
        </button>
        <span className="live-muted live-roulette__hint">{neighbours ? t('roulette.neighboursHint') : t('roulette.bordersHint')}</span>
      </div>
      <div className="live-roulette__table">
        <button
          type="button"
          className={`live-spot live-num live-num--green live-roulette__zero${wins('straight:0') ? ' is-winning' : ''}`}
          data-testid={`spot-${numberSpot(0)}`}
          disabled={!control.canEdit}
          onClick={() => control.place(numberSpot(0))}
          aria-label={numberLabel(0)}
        >
          <span className="live-spot__name">0</span>
          {stack(numberSpot(0))}
        </button>
        <div className="live-roulette__grid" style={orientation === 'horizontal' ? { aspectRatio: `${size.columns} / ${size.rows}` } : undefined}>
          {NUMBERS.map((n) => {
            const cell = cellOf(n, orientation);
            const spot = numberSpot(n);
            return (
              <button
                key={n}
                type="button"
                className={`live-spot live-num live-num--${rouletteColour(n)}${winning === n ? ' is-winning' : ''}`}
                style={{ left: pct(cell.x, size.columns), top: pct(cell.y, size.rows), width: pct(1, size.columns), height: pct(1, size.rows) }}
                data-testid={`spot-${spot}`}
                disabled={!control.canEdit}
                onClick={() => control.place(spot)}
                aria-label={numberLabel(n)}
              >
                <span className="live-spot__name">{n}</span>
                {stack(spot)}
              </button>
            );
          })}
          {neighbours
            ? null
            : zones.map((zone) => {
                const placed = control.confirmedTotals.has(zone.spot) || control.pendingTotals.has(zone.spot);
                return (
                  <button
                    key={zone.spot}
                    type="button"
                    className={`live-zone live-zone--${zone.type}${placed ? ' has-chips' : ''}`}
                    style={{ left: pct(zone.x, size.columns), top: pct(zone.y, size.rows) }}
                    data-testid={`spot-${zone.spot}`}
                    disabled={!control.canEdit}
                    onClick={() => control.place(zone.spot)}
                    aria-label={t(`roulette.zone.${zone.type as 'split' | 'corner' | 'street' | 'line'}`, { numbers: zone.numbers.join(', ') })}
                    title={`${t(`roulette.types.${zone.type as RouletteBetType}`)} ${zone.numbers.join('-')} · ${pays(zone.type as RouletteBetType)}`}
                  >
                    {placed ? stack(zone.spot) : null}
                  </button>
                );
              })}
        </div>
        <div className="live-roulette__columns">
          {(orientation === 'horizontal' ? [3, 2, 1] : [1, 2, 3]).map((k) => spotButton(`column:${k}`, '2:1', 'live-roulette__column', t('roulette.columnName', { number: k })))}
        </div>
        <div className="live-roulette__dozens">
          {[1, 2, 3].map((k) => spotButton(`dozen:${k}`, t('roulette.dozen', { number: k }), 'live-roulette__outside'))}
        </div>
        <div className="live-roulette__even">
          {(['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((spot) => spotButton(spot, t(`roulette.even.${spot}`), `live-roulette__outside live-roulette__outside--${spot}`))}
        </div>
      </div>
      <p className="live-muted live-roulette__payouts" data-testid="roulette-payouts">
        {(['straight', 'split', 'street', 'corner', 'line', 'dozen', 'red'] as const).map((type) => `${t(`roulette.types.${type}`)} ${pays(type)}`).join(' · ')}
      </p>
    </div>
  );
}
