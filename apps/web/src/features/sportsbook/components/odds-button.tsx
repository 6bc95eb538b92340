import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayOdds } from './book-names.ts';
import { selectionKey, slipStore, useSlip, type SlipSelection } from './slip-store.ts';

type Move = 'up' | 'down' | null;

/** Remembers the last odds shown and says for a few seconds which way they moved. */
function useOddsMove(odds: string): Move {
  const last = useRef(odds);
  const [move, setMove] = useState<Move>(null);
  useEffect(() => {
    if (last.current === odds) return;
    setMove(Number(odds) > Number(last.current) ? 'up' : 'down');
    last.current = odds;
    const timer = setTimeout(() => setMove(null), 4_000);
    return () => clearTimeout(timer);
  }, [odds]);
  return move;
}

/** True for a few seconds after `value` changed (a new score flashes on the scoreboard and the lists). */
export function useJustChanged(value: string): boolean {
  const last = useRef(value);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (last.current === value) return;
    last.current = value;
    setChanged(true);
    const timer = setTimeout(() => setChanged(false), 3_000);
    return () => clearTimeout(timer);
  }, [value]);
  return changed;
}

/** An outcome's odds: a click adds it to the slip (or takes it off); a suspended outcome is locked. */
export function OddsButton({ selection, label, locked, compact = false }: { selection: SlipSelection; label: string; locked: boolean; compact?: boolean }) {
  const { t } = useTranslation('sportsbook');
  const slip = useSlip();
  const move = useOddsMove(selection.odds);
  const key = selectionKey(selection);
  const picked = slip.selections.some((item) => selectionKey(item) === key);
  const className = ['sb-odds', compact ? 'sb-odds--compact' : '', picked ? 'is-picked' : '', move ? `is-${move}` : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={className}
      disabled={locked}
      aria-pressed={picked}
      data-testid="sb-odds"
      data-selection={key}
      data-move={move ?? undefined}
      onClick={() => slipStore.toggle(selection)}
    >
      <span className="sb-odds__label">{label}</span>
      <span className="sb-odds__value">
        {locked ? <span className="sb-odds__lock" role="img" aria-label={t('event.locked')}>🔒</span> : displayOdds(selection.odds)}
        {move === 'up' ? <span className="sb-odds__arrow sb-odds__arrow--up" aria-label={t('event.oddsUp')}>▲</span> : null}
        {move === 'down' ? <span className="sb-odds__arrow sb-odds__arrow--down" aria-label={t('event.oddsDown')}>▼</span> : null}
      </span>
    </button>
  );
}
