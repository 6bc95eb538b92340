import type { BannerGroup } from '@app/contracts';
import { useBanners } from '../api/content.queries.ts';
import { BannerSlide } from './banner-slide.tsx';
import './banner-carousel.css';

interface GroupBannerProps {
  group: Exclude<BannerGroup, 'w_home'>;
  className: string;
  testId: string;
  onFollow?: () => void;
}

/**
 * The first banner of a small group (side menu, login, register, forgotten password): one
 * image at its own ratio, lazily loaded, clickable per its link. Nothing when there is none.
 */
export function GroupBanner({ group, className, testId, onFollow }: GroupBannerProps) {
  const banner = useBanners(group)[0];
  if (!banner) return null;
  return (
    <div className={`group-banner ${className}`} style={{ aspectRatio: `${banner.width} / ${banner.height}` }}>
      <BannerSlide banner={banner} testId={testId} onFollow={onFollow} />
    </div>
  );
}
