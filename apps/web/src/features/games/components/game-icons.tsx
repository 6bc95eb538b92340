import { BallIcon, CardsIcon, FishIcon, GridIcon, Icon, type IconProps } from '@app/ui';
import type { GameType } from '@app/contracts';
import type { ReactNode } from 'react';

/* Icons the catalogue needs beyond the shared set, drawn on the same 24-unit grid. */

export const VideoIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m16 10.5 5-3v9l-5-3" />
  </Icon>
);

export const GamepadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 11h4M8 9v4M15 12h.01M18 10h.01" />
    <path d="M17.3 5H6.7a4 4 0 0 0-4 3.6C2.6 9.4 2 14.5 2 16a3 3 0 0 0 3 3c1 0 1.5-.5 2-1l1.4-1.4a2 2 0 0 1 1.4-.6h4.4a2 2 0 0 1 1.4.6L17 18c.5.5 1 1 2 1a3 3 0 0 0 3-3c0-1.5-.6-6.6-.7-7.3A4 4 0 0 0 17.3 5z" />
  </Icon>
);

export const TrendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M22 7 13.5 15.5l-5-5L2 17" />
    <path d="M16 7h6v6" />
  </Icon>
);

export const TicketIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 9a3 3 0 0 1 0 6v2a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-2a3 3 0 0 1 0-6V7a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2z" />
    <path d="M13 5v2M13 11v2M13 17v2" />
  </Icon>
);

export const BoltIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13 2 3 14h9l-1 8 10-12h-9z" />
  </Icon>
);

export const FeatherIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.2 12.2a6 6 0 0 0-8.5-8.5L5 10.5V19h8.5z" />
    <path d="M16 8 2 22M17.5 15H9" />
  </Icon>
);

export const CrownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m2.5 6.5 4.6 3.9a1 1 0 0 0 1.5-.3L12 3.5l3.4 6.6a1 1 0 0 0 1.5.3l4.6-3.9-2.8 10.8a1 1 0 0 1-1 .7H6.3a1 1 0 0 1-1-.7z" />
    <path d="M5 21h14" />
  </Icon>
);

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const FlameIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4.1 2-6 .5 2.5 2 4.9 4 6.5s3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3a2.5 2.5 0 0 0 2.5 2.5z" />
  </Icon>
);

export const SparkleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Icon>
);

export const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 4.5v15a.5.5 0 0 0 .8.4l11.5-7.5a.5.5 0 0 0 0-.8L7.8 4.1a.5.5 0 0 0-.8.4z" fill="currentColor" />
  </Icon>
);

const TYPE_ICONS: Record<GameType, (p: IconProps) => ReactNode> = {
  LIVE: VideoIcon,
  RNG: GridIcon,
  FISH: FishIcon,
  PVP: CardsIcon,
  CRASH: TrendIcon,
  SPORTS: BallIcon,
  ESPORTS: GamepadIcon,
  LOTT: TicketIcon,
  ELOTT: BoltIcon,
  COCKFIGHT: FeatherIcon,
};

export function GameTypeIcon({ type, size }: { type: GameType; size?: number }) {
  const Component = TYPE_ICONS[type];
  return <Component size={size} />;
}
