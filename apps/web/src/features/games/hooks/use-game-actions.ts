import type { Game } from '@app/contracts';
import { useFavorites } from './use-favorites.ts';
import { useStartGame } from './use-start-game.ts';

export interface GameActions {
  isFavorite: (nodeId: number) => boolean;
  toggleFavorite: (nodeId: number) => void;
  start: (game: Game) => void;
}

/** What every game card needs, read once per list rather than once per card. */
export function useGameActions(): GameActions {
  const favorites = useFavorites();
  const { start } = useStartGame();
  return { isFavorite: favorites.isFavorite, toggleFavorite: favorites.toggle, start };
}
