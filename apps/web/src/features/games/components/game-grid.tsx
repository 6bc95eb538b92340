import type { Game } from '@app/contracts';
import type { GameActions } from '../hooks/use-game-actions.ts';
import { GameCard } from './game-card.tsx';
import './game-grid.css';

export function GameGrid({ games, actions, testId = 'game-grid' }: { games: readonly Game[]; actions: GameActions; testId?: string }) {
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((game) => (
        <li key={game.nodeId} className="game-grid__item">
          <GameCard game={game} isFavorite={actions.isFavorite(game.nodeId)} onToggleFavorite={actions.toggleFavorite} onStart={actions.start} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders in the cards' shape while the first page loads (no layout jump when it arrives). */
export function GameGridSkeleton({ count = 10, label }: { count?: number; label: string }) {
  return (
    <div className="game-grid game-grid--skeleton" role="status" aria-label={label} data-testid="game-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="game-skeleton" aria-hidden="true">
          <span className="game-skeleton__media" />
          <span className="game-skeleton__line" />
          <span className="game-skeleton__line game-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
