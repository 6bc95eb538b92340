import type { GameType } from '@app/contracts';
import { GameCentreView } from './game-centre-page.tsx';
import { GameListView } from './game-list-page.tsx';
import { PlayerGamesView, type PlayerListKind } from './player-games-page.tsx';
import { SeamlessPage } from './seamless-page.tsx';

/* The catalogue's pages as the router mounts them (one lazy chunk, spec §2 "GameListCenter"). */

export type GameListKind = 'live' | 'fish' | 'rng' | 'pvp' | 'crash' | 'sports';
export type GameCentreKind = 'esports' | 'lott' | 'elott' | 'cockfight';
/** The lottery's game pages (/lottert, /vnlottery, /sealottery) are the lottery feature's (issue 24). */
export type GameLaunchKind = 'seamless';
export type { PlayerListKind };

const typeOf = (kind: GameListKind | GameCentreKind) => kind.toUpperCase() as GameType;

/** /live, /fish, /rng, /pvp, /crash, /sports. */
export function GameListPage({ kind }: { kind: GameListKind }) {
  return <GameListView gameType={typeOf(kind)} />;
}

/** /esports, /lott, /elott, /cockfight. */
export function GameCentrePage({ kind }: { kind: GameCentreKind }) {
  return <GameCentreView gameType={typeOf(kind)} />;
}

/** /seamless runs catalogue games. */
export function GameLaunchPage(_props: { kind: GameLaunchKind }) {
  return <SeamlessPage />;
}

/** /favorite and /recent. */
export function PlayerGamesPage({ kind }: { kind: PlayerListKind }) {
  return <PlayerGamesView kind={kind} />;
}

export { SlotPage } from './slot-page.tsx';
