import './vip.css';

/** A level's badge: a built-in colour (colour:gold) as a medal with the rank, or the operator's image. */
export function VipBadge({ badge, rank, name, size = 'md' }: { badge: string | null; rank: number; name: string; size?: 'sm' | 'md' | 'lg' }) {
  if (badge && !badge.startsWith('colour:')) {
    return <img className={`vip-badge vip-badge--${size} vip-badge--image`} src={badge} alt={name} data-testid="vip-badge" />;
  }
  const colour = badge ? badge.slice('colour:'.length) : 'bronze';
  return (
    <span className={`vip-badge vip-badge--${size} vip-badge--${colour}`} role="img" aria-label={name} data-testid="vip-badge" data-colour={colour}>
      {rank}
    </span>
  );
}
