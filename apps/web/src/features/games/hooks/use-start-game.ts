import { useNavigate } from 'react-router';
import type { Game } from '@app/contracts';
import { useSession, useAccountModals } from '../../account/index.ts';
import { LOBBY_GAME_CODE, seamlessPath } from '../game-types.ts';

export interface StartGame {
  /** Spec §4: visitor → login; trial → refused unless the game has a demo; member → /seamless. */
  start: (game: Pick<Game, 'nodeId' | 'demoSupported'>) => void;
  /** A vendor tile whose isGame is GAME, and the BGS entry: the vendor's lobby game. */
  startLobby: (vendor: string) => void;
}

export function useStartGame(): StartGame {
  const navigate = useNavigate();
  const { token, isTrial } = useSession();
  const { open } = useAccountModals();

  return {
    start: (game) => {
      if (!token) return open({ kind: 'login' });
      if (isTrial) {
        if (game.demoSupported) navigate(seamlessPath({ gameId: game.nodeId }, true));
        else open({ kind: 'trialRefused' });
        return;
      }
      navigate(seamlessPath({ gameId: game.nodeId }));
    },
    startLobby: (vendor) => {
      if (!token) return open({ kind: 'login' });
      if (isTrial) return open({ kind: 'trialRefused' });
      navigate(seamlessPath({ vendor, gameCode: LOBBY_GAME_CODE }));
    },
  };
}
