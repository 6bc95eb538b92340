import type { ReactNode } from 'react';
import type { MiniSession } from './use-mini-session.ts';

/** What MiniGameScreen hands each game. */
export interface MiniGameProps {
  session: MiniSession;
  /** Inside the game stage, whose toolbar already names the game. */
  embedded: boolean;
  notice?: ReactNode;
}
