import { useTranslation } from 'react-i18next';
import type { MiniGameCode } from '@app/contracts';
import { Spinner } from '@app/ui';
import { useSession } from '../../account/api/account.queries.ts';
import { SlotScreen } from '../slot/slot-screen.tsx';
import { MiniGameScreen } from './mini-game-screen.tsx';
import { miniGameCodeOf } from './mini-math.ts';
import './mini.css';

interface HouseGameScreenProps {
  vendor: string;
  gameCode: string;
  demo: boolean;
  /** Inside the game stage, whose toolbar already names the game. */
  embedded?: boolean;
}

/** A game the house game server plays: the HOUSE mini games on their own screen, every other one on the slot screen. */
export function HouseGameScreen({ vendor, gameCode, demo, embedded = false }: HouseGameScreenProps) {
  const mini = miniGameCodeOf(vendor, gameCode);
  if (!mini) return <SlotScreen vendor={vendor} gameCode={gameCode} demo={demo} embedded={embedded} />;
  if (!demo) return <MiniGameScreen gameCode={mini} embedded={embedded} />;
  return <MiniDemoGate gameCode={mini} embedded={embedded} />;
}

/**
 * Mini games have no demo mode (no fun credits, nothing to replay): a real member who asked for
 * demo plays for real, told so on screen; a trial account gets an explanation instead.
 */
function MiniDemoGate({ gameCode, embedded }: { gameCode: MiniGameCode; embedded: boolean }) {
  const { t } = useTranslation('games');
  const session = useSession();
  if (session.isResolving) {
    return (
      <div className="mini-screen mini-screen--loading" data-testid="mini-loading">
        <Spinner label={t('launch.loading')} size={44} />
      </div>
    );
  }
  if (session.isLoggedIn && !session.isTrial) return <MiniGameScreen gameCode={gameCode} embedded={embedded} demoRequested />;
  return (
    <div className="mini-screen">
      <div className="mini-demo-off" role="status" data-testid="mini-demo-unavailable">
        <h2 className="mini-demo-off__title">{t('mini.demo.unavailableTitle')}</h2>
        <p className="mini-demo-off__text">{t('mini.demo.unavailable')}</p>
      </div>
    </div>
  );
}
