import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '@app/ui';
import { rowColumns, shouldSplitRow } from '../../games/index.ts';
import './game-row.css';

interface GameRowProps<T> {
  id: string;
  title: string;
  icon: ReactNode;
  seeAllTo: string;
  kind: 'games' | 'vendors';
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Shown instead of the track when there is nothing (the member's empty favourites). */
  empty?: ReactNode;
}

/**
 * A home row: title, "see all", and a track that scrolls sideways. Spec §9: a games row of more
 * than 12 splits into pairs (two cards stacked per column); vendor rows never split.
 */
export function GameRow<T>({ id, title, icon, seeAllTo, kind, items, itemKey, renderItem, empty }: GameRowProps<T>) {
  const { t } = useTranslation('games');
  const trackRef = useRef<HTMLDivElement>(null);
  const split = shouldSplitRow(kind, items.length);
  const columns = rowColumns(items, split);
  const titleId = `home-row-${id}`;
  const scroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (track) track.scrollBy({ left: direction * track.clientWidth * 0.85, behavior: 'smooth' });
  };

  return (
    <section className={`stack game-row--${kind}`} aria-labelledby={titleId} data-testid={`home-row-${id}`} data-split={split}>
      <header className="game-row__head">
        <h2 className="game-row__title" id={titleId}>
          <span className="game-row__icon">{icon}</span>
          {title}
        </h2>
        {items.length > 0 ? (
          <div className="game-row__nav">
            <button type="button" className="game-row__arrow" aria-label={t('home.scrollBack', { title })} onClick={() => scroll(-1)}>
              <ChevronLeftIcon size={18} />
            </button>
            <button type="button" className="game-row__arrow game-row__arrow--next" aria-label={t('home.scrollForward', { title })} onClick={() => scroll(1)}>
              <ChevronLeftIcon size={18} />
            </button>
          </div>
        ) : null}
        <Link to={seeAllTo} className="pill-link" aria-label={t('home.seeAllOf', { title })} data-testid={`home-row-${id}-all`}>
          {t('home.seeAll')}
        </Link>
      </header>
      {items.length === 0 ? (
        empty
      ) : (
        <div className="game-row__track" ref={trackRef}>
          {columns.map((column) => (
            <div key={itemKey(column[0] as T)} className="game-row__column" data-testid="home-row-column">
              {column.map((item) => (
                <div key={itemKey(item)} className="game-row__cell">
                  {renderItem(item)}
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
