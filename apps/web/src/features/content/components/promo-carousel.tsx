import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GiftIcon } from '@app/ui';
import { useSiteContent } from '../api/content.queries.ts';
import { requestCarousels, useCarouselsRequested } from './carousel-upgrade.ts';
import { PROMO_DESKTOP_SLIDES } from './carousel-options.ts';
import { FallbackBoundary } from './fallback-boundary.tsx';
import { PromoCard } from './promo-card.tsx';
import './promo-carousel.css';

// Swiper's chunk (shared with the banner carousel) comes when a carousel first has to move
// (carousel-upgrade.ts); until then the cards sit in a row that scrolls natively, same widths.
const PromoSwiper = lazy(() => import('./promo-swiper.tsx').then((module) => ({ default: module.PromoSwiper })));

/** Spec §2 promotion carousel on home: 3 cards 20 px apart on desktop; hidden when there are none. */
export function PromoCarousel() {
  const { t } = useTranslation('content');
  const promotions = useSiteContent()?.promotions ?? [];
  const isUpgraded = useCarouselsRequested();
  if (promotions.length === 0) return null;
  const staticRow = (
    <div className="promo-row" data-count={promotions.length}>
      {promotions.map((promotion, index) => (
        <PromoCard key={promotion.id} promotion={promotion} eager={index < PROMO_DESKTOP_SLIDES} />
      ))}
    </div>
  );
  // A touch is left to the native row: swapping in Swiper under a moving finger would drop the swipe.
  const reachFor = isUpgraded ? undefined : requestCarousels;
  return (
    <section className="home-section promo-carousel" aria-labelledby="home-promotions" data-testid="promo-carousel" onPointerEnter={reachFor} onFocus={reachFor}>
      <div className="promo-carousel__head">
        <h2 className="home-section__title promo-carousel__title" id="home-promotions">
          <GiftIcon size={20} /> {t('promotions.title')}
        </h2>
        <Link to="/promotions" className="pill-link">
          {t('promotions.seeAll')}
        </Link>
      </div>
      {isUpgraded ? (
        <FallbackBoundary fallback={staticRow}>
          <Suspense fallback={staticRow}>
            <PromoSwiper promotions={promotions} />
          </Suspense>
        </FallbackBoundary>
      ) : (
        staticRow
      )}
    </section>
  );
}
