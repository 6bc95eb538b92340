import { useTranslation } from 'react-i18next';
import { CRASH_GAME_CODE } from '@app/contracts';
import { useSession } from '../../account/index.ts';
import { CrashScreen } from '../crash/crash-screen.tsx';
import { SlotScreen } from '../slot/slot-screen.tsx';
import { MiniGameScreen } from './mini-game-screen.tsx';
import { miniGameCodeOf, type HouseMiniCode } from './mini-math.ts';
import { MinesScreen } from './mines-game.tsx';
import { MiniLoading } from './mini-table-gate.tsx';
import './mini.css';

interface HouseGameScreenProps {
  vendor: string;
  gameCode: string;
  demo: boolean;
  /** Inside the game stage, whose toolbar already names the game. */
  embedded?: boolean;
}

/** A game the house game server plays: HOUSE crash and mini games on their own screens, every other one on the slot screen. */
export function HouseGameScreen({ vendor, gameCode, demo, embedded = false }: HouseGameScreenProps) {
  // Crash has no demo either; anyone may watch it, so it answers a demo request itself.
  if (vendor === 'HOUSE' && gameCode === CRASH_GAME_CODE) return <CrashScreen embedded={embedded} demoRequested={demo} />;
  const mini = miniGameCodeOf(vendor, gameCode);
  if (!mini) return <SlotScreen vendor={vendor} gameCode={gameCode} demo={demo} embedded={embedded} />;
  if (!demo) return <MiniScreen gameCode={mini} embedded={embedded} />;
  return <MiniDemoGate gameCode={mini} embedded={embedded} />;
}

/** Mines (several steps) has its own screen; the one-step games share MiniGameScreen. */
function MiniScreen({ gameCode, embedded, demoRequested = false }: { gameCode: HouseMiniCode; embedded: boolean; demoRequested?: boolean }) {
  if (gameCode === 'mines') return <MinesScreen embedded={embedded} demoRequested={demoRequested} />;
  return <MiniGameScreen gameCode={gameCode} embedded={embedded} demoRequested={demoRequested} />;
}

/**
 * Mini games have no demo mode (no fun credits, nothing to replay): a real member who asked for
 * demo plays for real, told so on screen; a trial account gets an explanation instead.
 */
function MiniDemoGate({ gameCode, embedded }: { gameCode: HouseMiniCode; embedded: boolean }) {
  const { t } = useTranslation('games');
  const session = useSession();
  if (session.isResolving) return <MiniLoading />;
  if (session.isLoggedIn && !session.isTrial) return <MiniScreen gameCode={gameCode} embedded={embedded} demoRequested />;
  return (
    <div className="mini-screen">
      <div className="mini-demo-off" role="status" data-testid="mini-demo-unavailable">
        <h2 className="mini-demo-off__title">{t('mini.demo.unavailableTitle')}</h2>
        <p className="mini-demo-off__text">{t('mini.demo.unavailable')}</p>
      </div>
    </div>
  );
}
