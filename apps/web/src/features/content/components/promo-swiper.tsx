import { Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { PublicPromotion } from '@app/contracts';
import { promoCarouselOptions } from './carousel-options.ts';
import { PromoCard } from './promo-card.tsx';
import 'swiper/css';
import 'swiper/css/pagination';

/** Loaded lazily by promo-carousel.tsx, so Swiper stays out of the first download. */
export function PromoSwiper({ promotions }: { promotions: readonly PublicPromotion[] }) {
  return (
    <Swiper modules={[Pagination]} className="promo-swiper" {...promoCarouselOptions()}>
      {promotions.map((promotion) => (
        <SwiperSlide key={promotion.id}>
          <PromoCard promotion={promotion} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
