import { useTranslation } from 'react-i18next';
import type { GameType } from '@app/contracts';
import { GridIcon } from '@app/ui';
import { PlaceholderPage } from '../../../shared/components/page-header.tsx';
import { GameCentreView } from './game-centre-page.tsx';
import { GameListView } from './game-list-page.tsx';
import { PlayerGamesView, type PlayerListKind } from './player-games-page.tsx';
import { SeamlessPage } from './seamless-page.tsx';

/* The catalogue's pages as the router mounts them (one lazy chunk, spec §2 "GameListCenter"). */

export type GameListKind = 'live' | 'fish' | 'rng' | 'pvp' | 'crash' | 'sports';
export type GameCentreKind = 'esports' | 'lott' | 'elott' | 'cockfight';
export type GameLaunchKind = 'seamless' | 'lottert' | 'vnlottery' | 'sealottery';
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

/** /seamless runs catalogue games; the lottery game pages arrive with the lottery issue. */
export function GameLaunchPage({ kind }: { kind: GameLaunchKind }) {
  const { t } = useTranslation('pages');
  if (kind === 'seamless') return <SeamlessPage />;
  return <PlaceholderPage title={t(`${kind}.title`)} icon={<GridIcon />} subtitle={t('common.gamePageSubtitle')} />;
}

/** /favorite and /recent. */
export function PlayerGamesPage({ kind }: { kind: PlayerListKind }) {
  return <PlayerGamesView kind={kind} />;
}

export { SlotPage } from './slot-page.tsx';
