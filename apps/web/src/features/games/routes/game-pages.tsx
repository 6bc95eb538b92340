import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BallIcon, CardsIcon, ClockIcon, FishIcon, GridIcon, StarIcon } from '@app/ui';
import { PlaceholderPage } from '../../../shared/components/page-header.tsx';

/*
 * Game pages whose lists, centres and launchers arrive with the catalogue and wallet issues.
 * Each renders its real title and the shared "not available yet" notice; no games are invented.
 */

export type GameListKind = 'live' | 'fish' | 'rng' | 'pvp' | 'crash' | 'sports';
export type GameCentreKind = 'esports' | 'lott' | 'elott' | 'cockfight';
export type GameLaunchKind = 'seamless' | 'lottert' | 'vnlottery' | 'sealottery';
export type PlayerListKind = 'favorite' | 'recent';

const LIST_ICONS: Record<GameListKind, ReactNode> = {
  live: <CardsIcon />,
  fish: <FishIcon />,
  rng: <GridIcon />,
  pvp: <CardsIcon />,
  crash: <GridIcon />,
  sports: <BallIcon />,
};

/** /live, /fish, /rng, /pvp, /crash, /sports. ?vassalage pre-selects a vendor (rng and fish). */
export function GameListPage({ kind }: { kind: GameListKind }) {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const vendor = kind === 'rng' || kind === 'fish' ? params.get('vassalage') : null;
  return (
    <PlaceholderPage
      title={t(`${kind}.title`)}
      icon={LIST_ICONS[kind]}
      subtitle={vendor ? t('common.vendor', { vendor }) : t(`${kind}.subtitle`)}
    />
  );
}

/** /esports, /lott, /elott, /cockfight. */
export function GameCentrePage({ kind }: { kind: GameCentreKind }) {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t(`${kind}.title`)} icon={<GridIcon />} subtitle={t(`${kind}.subtitle`)} />;
}

/** /seamless, /lottert, /vnlottery, /sealottery: where a launched game will run. */
export function GameLaunchPage({ kind }: { kind: GameLaunchKind }) {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t(`${kind}.title`)} icon={<GridIcon />} subtitle={t('common.gamePageSubtitle')} />;
}

/** /favorite and /recent: the player's own lists. */
export function PlayerGamesPage({ kind }: { kind: PlayerListKind }) {
  const { t } = useTranslation('pages');
  return (
    <PlaceholderPage
      title={t(`${kind}.title`)}
      icon={kind === 'favorite' ? <StarIcon /> : <ClockIcon />}
      subtitle={t(`${kind}.subtitle`)}
    />
  );
}
