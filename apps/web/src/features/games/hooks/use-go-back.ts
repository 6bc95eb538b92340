import { useNavigate } from 'react-router';
import type { GameType } from '@app/contracts';
import { gameTypePath } from '../game-types.ts';

/** Back where the player came from, or to the game's list when the page was opened directly. */
export function useGoBack(gameType: GameType | undefined): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(gameType ? gameTypePath(gameType) : '/', { replace: true });
  };
}
