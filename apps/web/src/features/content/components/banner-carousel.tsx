import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicBanner } from '@app/contracts';
import { useBanners } from '../api/content.queries.ts';
import { BannerSlide } from './banner-slide.tsx';
import { BANNER_CAROUSEL } from './carousel-options.ts';
import { requestCarousels, useCarouselsRequested } from './carousel-upgrade.ts';
import { FallbackBoundary } from './fallback-boundary.tsx';
import './banner-carousel.css';

// Swiper and its CSS are their own chunk, fetched when the carousel first has to move
// (carousel-upgrade.ts); the largest paint, the first banner, never waits for it.
const BannerSwiper = lazy(() => import('./banner-swiper.tsx').then((module) => ({ default: module.BannerSwiper })));

/** Home banners (group w_home), spec §2, §4 and §9. Nothing at all when the operator has none. */
export function BannerCarousel() {
  const { t } = useTranslation('content');
  const banners = useBanners('w_home');
  const isUpgraded = useCarouselsRequested();
  const isCarousel = banners.length > 1;
  // When the first autoplay step is due before the player touched anything, Swiper arrives then
  // and takes that step at once, keeping the 5 s rhythm.
  const [isStepDue, setStepDue] = useState(false);

  useEffect(() => {
    if (!isCarousel || isUpgraded) return;
    const timer = window.setTimeout(() => {
      setStepDue(true);
      requestCarousels();
    }, BANNER_CAROUSEL.autoplayDelay);
    return () => window.clearTimeout(timer);
  }, [isCarousel, isUpgraded]);

  const first = banners[0];
  if (!first) return null;
  const staticBanners = <StaticBanners banners={banners} />;
  const reachFor = isCarousel && !isUpgraded ? requestCarousels : undefined;
  return (
    <section
      className="banner-carousel"
      aria-label={t('banners.label')}
      aria-roledescription="carousel"
      data-testid="banner-carousel"
      data-count={banners.length}
      // The box takes the first banner's ratio before any image arrives: no layout shift.
      style={{ aspectRatio: `${first.width} / ${first.height}` }}
      onPointerEnter={reachFor}
      onTouchStart={reachFor}
      onFocus={reachFor}
    >
      {isCarousel && isUpgraded ? (
        <FallbackBoundary fallback={staticBanners}>
          <Suspense fallback={staticBanners}>
            <BannerSwiper banners={banners} isStepDue={isStepDue} />
          </Suspense>
        </FallbackBoundary>
      ) : (
        staticBanners
      )}
    </section>
  );
}

/** Every banner in the page (their links work at once), the first shown; the rest wait, unloaded. */
function StaticBanners({ banners }: { banners: readonly PublicBanner[] }) {
  return (
    <div className="banner-static">
      {banners.map((banner, index) => (
        <BannerSlide key={banner.id} banner={banner} isPriority={index === 0} />
      ))}
    </div>
  );
}
