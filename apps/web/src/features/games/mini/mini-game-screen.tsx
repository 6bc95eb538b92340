import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MiniGameCode } from '@app/contracts';
import { Alert, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { DiceGame } from './dice-game.tsx';
import { LimboGame } from './limbo-game.tsx';
import type { MiniGameProps } from './mini-game-props.ts';
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
  const { t } = useTranslation('games');
  const errorMessage = useErrorMessage();
  const session = useMiniSession(gameCode);

  if (session.table.isPending) {
    return (
      <div className="mini-screen mini-screen--loading" data-testid="mini-loading">
        <Spinner label={t('launch.loading')} size={44} />
      </div>
    );
  }
  if (!session.table.data) {
    return (
      <div className="mini-screen" data-testid="mini-load-error">
        <Alert tone="error">{errorMessage(session.table.error)}</Alert>
      </div>
    );
  }
  const Game = GAMES[gameCode];
  const notice = demoRequested ? (
    <Alert tone="info" data-testid="mini-demo-notice">
      {t('mini.demo.realOnly')}
    </Alert>
  ) : null;
  return <Game session={session} embedded={embedded} notice={notice} />;
}
