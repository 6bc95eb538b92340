import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { beadPlate, bigEyeBoy, bigRoadGrid, cockroachPig, layoutStreaks, shoeStats, smallRoad, toGrid, type RoadColour } from '@app/house-games';
import type { BaccaratResult, LiveShoeView } from '@app/contracts';

/** Empty columns drawn after the hands so far: the roads read as a board that fills up. */
const MIN_COLUMNS = 30;

function pad<T>(columns: Array<Array<T | null>>, rows = 6): Array<Array<T | null>> {
  const padded = [...columns];
  while (padded.length < MIN_COLUMNS) padded.push(Array.from({ length: rows }, () => null));
  return padded;
}

function Grid<T>({ columns, cell, testId, label, small = false }: { columns: Array<Array<T | null>>; cell: (value: T) => ReactNode; testId: string; label: string; small?: boolean }) {
  return (
    <figure className="live-road" data-testid={testId}>
      <figcaption className="live-road__label">{label}</figcaption>
      <div className={`live-road__grid${small ? ' is-small' : ''}`}>
        {pad(columns).map((column, x) => (
          <div key={x} className="live-road__col">
            {column.map((value, y) => (
              <span key={y} className="live-road__cell">
                {value === null ? null : cell(value)}
              </span>
            ))}
          </div>
        ))}
      </div>
    </figure>
  );
}

function derived(streaks: RoadColour[][]): Array<Array<RoadColour | null>> {
  return toGrid(layoutStreaks(streaks));
}

/** The shoe's five road maps (engine: @app/house-games roads.ts) drawn as small grids of circles, and its statistics. */
export function BaccaratRoads({ results, shoe }: { results: BaccaratResult[]; shoe: LiveShoeView | null }) {
  const { t } = useTranslation('live');
  const stats = shoeStats(results);
  const letter = (winner: 'P' | 'B' | 'T') => t(`beads.letter.${winner}`);
  return (
    <section className="live-panel live-roads" data-testid="live-roads" aria-label={t('roads.title')}>
      <h3 className="live-panel__title">{t('roads.title')}</h3>
      <Grid
        testId="road-bead"
        label={t('roads.bead')}
        columns={beadPlate(results)}
        cell={(bead) => (
          <span className={`live-dot live-dot--fill live-dot--${bead.winner}`} data-winner={bead.winner}>
            {letter(bead.winner)}
            {bead.playerPair ? <i className="live-dot__pair live-dot__pair--P" /> : null}
            {bead.bankerPair ? <i className="live-dot__pair live-dot__pair--B" /> : null}
          </span>
        )}
      />
      <Grid
        testId="road-big"
        label={t('roads.big')}
        columns={bigRoadGrid(results)}
        cell={(entry) => (
          <span className={`live-dot live-dot--ring live-dot--${entry.winner}`} data-winner={entry.winner}>
            {entry.ties > 0 ? <b className="live-dot__ties">{entry.ties}</b> : null}
          </span>
        )}
      />
      <div className="live-roads__derived">
        <Grid testId="road-big-eye" label={t('roads.bigEye')} small columns={derived(bigEyeBoy(results))} cell={(colour) => <span className={`live-dot live-dot--ring live-dot--${colour}`} />} />
        <Grid testId="road-small" label={t('roads.small')} small columns={derived(smallRoad(results))} cell={(colour) => <span className={`live-dot live-dot--fill live-dot--${colour}`} />} />
        <Grid testId="road-cockroach" label={t('roads.cockroach')} small columns={derived(cockroachPig(results))} cell={(colour) => <span className={`live-dot live-dot--slash live-dot--${colour}`} />} />
      </div>
      <dl className="live-stats" data-testid="shoe-stats">
        <div><dt>{t('stats.hands')}</dt><dd data-testid="stats-hands">{stats.hands}</dd></div>
        <div><dt>{t('baccarat.player')}</dt><dd data-testid="stats-player">{stats.player}</dd></div>
        <div><dt>{t('baccarat.banker')}</dt><dd data-testid="stats-banker">{stats.banker}</dd></div>
        <div><dt>{t('baccarat.tie')}</dt><dd data-testid="stats-tie">{stats.tie}</dd></div>
        <div><dt>{t('baccarat.playerPair')}</dt><dd>{stats.playerPair}</dd></div>
        <div><dt>{t('baccarat.bankerPair')}</dt><dd>{stats.bankerPair}</dd></div>
        <div><dt>{t('stats.cardsLeft')}</dt><dd data-testid="stats-cards-left">{shoe ? shoe.cardsLeft : '–'}</dd></div>
      </dl>
      {shoe ? (
        <p className="live-hash" data-testid="shoe-hash">
          <span>{t('stats.shoeHash')}</span> <code>{shoe.hash}</code>
        </p>
      ) : null}
    </section>
  );
}
