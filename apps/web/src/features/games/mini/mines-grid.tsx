import { useTranslation } from 'react-i18next';
import { MINES_CELLS, MINES_COLUMNS } from '@app/house-games';
import './mines.css';

/** What a cell shows: closed, a gem the player found, a mine, the mine that ended the round, or a gem left unfound. */
export type MinesCellState = 'closed' | 'gem' | 'mine' | 'hit' | 'spare';

export interface MinesBoardView {
  /** Known once the round is over; null while it is played (the server never sends them before). */
  mines: number[] | null;
  revealed: number[];
  hit: number | null;
}

export function cellState(board: MinesBoardView, cell: number): MinesCellState {
  if (board.revealed.includes(cell)) return 'gem';
  if (board.hit === cell) return 'hit';
  if (board.mines === null) return 'closed';
  return board.mines.includes(cell) ? 'mine' : 'spare';
}

interface MinesGridProps {
  board: MinesBoardView;
  /** Makes closed cells buttons (a round in progress); without it the board is a picture. */
  onPick?: (cell: number) => void;
  /** The cell being opened (its request is under way). */
  pendingCell?: number | null;
  disabled?: boolean;
  /** 'game' on the game screen; 'compact' in the round detail and the verifier. */
  size?: 'game' | 'compact';
  /** Animate cells as they open (not with reduced motion, not in a detail view). */
  animate?: boolean;
  testId?: string;
}

/**
 * The 5×5 Mines board, cells 0–24 row by row (as the server and the verifier number them):
 * gems and mines drawn in SVG, the mine that ended the round in red, gems left unfound dimmed.
 */
export function MinesGrid({ board, onPick, pendingCell = null, disabled = false, size = 'game', animate = false, testId = 'mines-grid' }: MinesGridProps) {
  const { t } = useTranslation('games');
  const describe = (cell: number, state: MinesCellState) => {
    const position = t('mini.mines.cell', { cell: cell + 1, row: Math.floor(cell / MINES_COLUMNS) + 1, column: (cell % MINES_COLUMNS) + 1 });
    return state === 'closed' ? position : `${position}: ${t(`mini.mines.cellStates.${state}`)}`;
  };
  return (
    <div className={`mines-grid mines-grid--${size}${animate ? ' is-animated' : ''}`} role="group" aria-label={t('mini.mines.board')} data-testid={testId}>
      {Array.from({ length: MINES_CELLS }, (_, cell) => {
        const state = cellState(board, cell);
        const content = <CellFace state={state} />;
        const className = `mines-cell is-${state}${pendingCell === cell ? ' is-pending' : ''}`;
        if (onPick && state === 'closed') {
          return (
            <button
              key={cell}
              type="button"
              className={className}
              onClick={() => onPick(cell)}
              disabled={disabled}
              aria-label={describe(cell, state)}
              aria-busy={pendingCell === cell || undefined}
              data-testid={`mines-cell-${cell}`}
              data-state={state}
            >
              {content}
            </button>
          );
        }
        return (
          <div key={cell} className={className} role="img" aria-label={describe(cell, state)} data-testid={`mines-cell-${cell}`} data-state={state}>
            {content}
          </div>
        );
      })}
    </div>
  );
}

function CellFace({ state }: { state: MinesCellState }) {
  if (state === 'gem' || state === 'spare') return <GemIcon />;
  if (state === 'mine' || state === 'hit') return <MineIcon />;
  return <span className="mines-cell__cap" aria-hidden="true" />;
}

/** A cut emerald: table, crown and pavilion facets in five shades (no gradients, so no ids to clash). */
export function GemIcon() {
  return (
    <svg className="mines-icon mines-icon--gem" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <polygon points="16,10 48,10 40,26 24,26" fill="#a7f3d0" />
      <polygon points="16,10 24,26 4,26" fill="#6ee7b7" />
      <polygon points="48,10 60,26 40,26" fill="#10b981" />
      <polygon points="4,26 24,26 32,58" fill="#34d399" />
      <polygon points="24,26 40,26 32,58" fill="#6ee7b7" />
      <polygon points="40,26 60,26 32,58" fill="#059669" />
      <polyline points="16,10 48,10 60,26 32,58 4,26 16,10" fill="none" stroke="#ecfdf5" strokeOpacity="0.55" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M21 14 L26 14 L23 20 Z" fill="#ffffff" opacity="0.8" />
    </svg>
  );
}

const SPIKES = [0, 45, 90, 135, 180, 225, 270, 315];

/** A sea mine: a slate sphere with eight spikes, a red core and a highlight (readable on the dark board). */
export function MineIcon() {
  return (
    <svg className="mines-icon mines-icon--mine" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <g stroke="#94a3b8" strokeWidth="5" strokeLinecap="round">
        {SPIKES.map((angle) => {
          const radians = (angle * Math.PI) / 180;
          const x = (radius: number) => (32 + radius * Math.cos(radians)).toFixed(2);
          const y = (radius: number) => (32 + radius * Math.sin(radians)).toFixed(2);
          return <line key={angle} x1={x(14)} y1={y(14)} x2={x(27)} y2={y(27)} />;
        })}
      </g>
      <circle cx="32" cy="32" r="17" fill="#334155" stroke="#e2e8f0" strokeWidth="2" />
      <circle cx="32" cy="32" r="7" fill="#f87171" stroke="#fecaca" strokeWidth="1.5" />
      <circle cx="25" cy="25" r="4.5" fill="#ffffff" opacity="0.6" />
    </svg>
  );
}
