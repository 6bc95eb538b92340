import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { PublicBanner } from '@app/contracts';
import { bannerCarouselOptions } from './carousel-options.ts';
import { BannerSlide } from './banner-slide.tsx';
import 'swiper/css';
import 'swiper/css/pagination';

interface BannerSwiperProps {
  banners: readonly PublicBanner[];
  /** The static first banner has already been up for an autoplay delay: move on at once. */
  isStepDue: boolean;
}

/** Loaded lazily by banner-carousel.tsx: this module is the one that pulls in Swiper. */
export function BannerSwiper({ banners, isStepDue }: BannerSwiperProps) {
  return (
    <Swiper
      modules={[Autoplay, Pagination]}
      className="banner-swiper"
      {...bannerCarouselOptions(banners.length)}
      onSwiper={(swiper) => {
        if (isStepDue) swiper.slideNext();
      }}
    >
      {banners.map((banner, index) => (
        <SwiperSlide key={banner.id}>
          <BannerSlide banner={banner} isPriority={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
