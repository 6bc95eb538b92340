import type { ReactNode } from 'react';
import type { MiniGameCode } from '@app/contracts';
import { DiceGame } from './dice-game.tsx';
import { LimboGame } from './limbo-game.tsx';
import type { MiniGameProps } from './mini-game-props.ts';
import { MiniTableGate } from './mini-table-gate.tsx';
import { PlinkoGame } from './plinko-game.tsx';
import { useMiniSession } from './use-mini-session.ts';
import './mini.css';

const GAMES: Record<MiniGameCode, (props: MiniGameProps) => ReactNode> = { dados: DiceGame, limbo: LimboGame, plinko: PlinkoGame };

interface MiniGameScreenProps {
  gameCode: MiniGameCode;
  /** Inside the game stage, whose toolbar already names the game. */
  embedded?: boolean;
  /** Demo mode was asked for: say plainly that these rounds use the real balance. */
  demoRequested?: boolean;
}

/** A house mini game (dados, limbo, plinko): the table is loaded, then the game plays on it. */
export function MiniGameScreen({ gameCode, embedded = false, demoRequested = false }: MiniGameScreenProps) {
  const session = useMiniSession(gameCode);
  const Game = GAMES[gameCode];
  return (
    <MiniTableGate table={session.table} demoRequested={demoRequested}>
      {(notice) => <Game session={session} embedded={embedded} notice={notice} />}
    </MiniTableGate>
  );
}
