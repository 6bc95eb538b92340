import type { PublicBanner } from '@app/contracts';
import { ContentLink } from './content-link.tsx';

interface BannerSlideProps {
  banner: PublicBanner;
  /**
   * The first home banner is the page's largest paint: fetched at once and first. Every other
   * banner waits until it is near the screen.
   */
  isPriority?: boolean;
  className?: string;
  testId?: string;
  onFollow?: () => void;
}

/** One banner: its image at its own size (the box keeps the ratio, so nothing shifts) and its link. */
export function BannerSlide({ banner, isPriority = false, className = 'banner-slide', testId = 'banner-slide', onFollow }: BannerSlideProps) {
  return (
    <ContentLink linkageType={banner.linkageType} target={banner.target} className={className} label={banner.title} testId={testId} onFollow={onFollow}>
      <img
        className="banner-slide__image"
        src={banner.url}
        width={banner.width}
        height={banner.height}
        alt={banner.title}
        loading={isPriority ? 'eager' : 'lazy'}
        fetchPriority={isPriority ? 'high' : undefined}
        decoding={isPriority ? 'sync' : 'async'}
      />
    </ContentLink>
  );
}
