import type { SwiperOptions } from 'swiper/types';

/*
 * Carousel settings (spec §9), kept free of Swiper's runtime so the home page can know them
 * (and tests can check them) without loading the carousel chunk.
 */

/** Spec §9 banner carousel: 1000 ms slides, 5000 ms autoplay that outlives a swipe, 20.3 px gap. */
export const BANNER_CAROUSEL = { speed: 1000, autoplayDelay: 5000, spaceBetween: 20.3 } as const;

/** Spec §4: the banner carousel loops and autoplays only with more than one banner. */
export function bannerCarouselOptions(count: number): SwiperOptions {
  const isCarousel = count > 1;
  return {
    speed: BANNER_CAROUSEL.speed,
    spaceBetween: BANNER_CAROUSEL.spaceBetween,
    slidesPerView: 1,
    loop: isCarousel,
    autoplay: isCarousel ? { delay: BANNER_CAROUSEL.autoplayDelay, disableOnInteraction: false } : false,
    // One bullet for one banner says nothing: pagination only when there is somewhere to go.
    pagination: isCarousel ? { clickable: true } : false,
    allowTouchMove: isCarousel,
  };
}

/** Phones see a card and the edge of the next, which tells them the row scrolls. */
export const PROMO_PHONE_SLIDES = 1.15;

/** Spec §9 promotion carousel: 3 slides, 20 px apart, on desktop. */
export const PROMO_DESKTOP_SLIDES = 3;

export function promoCarouselOptions(): SwiperOptions {
  return {
    slidesPerView: PROMO_PHONE_SLIDES,
    spaceBetween: 12,
    pagination: { clickable: true },
    breakpoints: {
      640: { slidesPerView: 2, spaceBetween: 20 },
      1024: { slidesPerView: PROMO_DESKTOP_SLIDES, spaceBetween: 20 },
    },
  };
}
