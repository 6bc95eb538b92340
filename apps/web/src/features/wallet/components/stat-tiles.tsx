import type { ReactNode } from 'react';

export interface StatTile {
  key: string;
  label: string;
  value: ReactNode;
  /** On the value; a value that is a component with its own test id leaves this out. */
  valueTestId?: string;
  hint?: ReactNode;
  /** The figure the period comes to (the net result): drawn larger. */
  highlight?: boolean;
}

/** A period's figures at a glance, one tile each (the wallet's profit, the betting record's totals). */
export function StatTiles({ label, testId, tiles }: { label: string; testId: string; tiles: readonly StatTile[] }) {
  return (
    <section className="stat-tiles" aria-label={label} data-testid={testId}>
      {tiles.map((tile) => (
        <div key={tile.key} className={tile.highlight ? 'stat-tile stat-tile--highlight' : 'stat-tile'}>
          <span className="stat-tile__label">{tile.label}</span>
          <span className="stat-tile__value" data-testid={tile.valueTestId}>
            {tile.value}
          </span>
          {tile.hint === undefined ? null : <span className="stat-tile__hint">{tile.hint}</span>}
        </div>
      ))}
    </section>
  );
}
