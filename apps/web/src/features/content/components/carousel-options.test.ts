import { describe, expect, it } from 'vitest';
import { bannerCarouselOptions, promoCarouselOptions } from './carousel-options.ts';

describe('carousel options (spec §4, §9)', () => {
  it('loops and autoplays the banners only when there is more than one', () => {
    for (const count of [0, 1]) {
      const single = bannerCarouselOptions(count);
      expect(single.loop).toBe(false);
      expect(single.autoplay).toBe(false);
      expect(single.pagination).toBe(false);
    }
    expect(bannerCarouselOptions(2)).toEqual({
      speed: 1000,
      spaceBetween: 20.3,
      slidesPerView: 1,
      loop: true,
      autoplay: { delay: 5000, disableOnInteraction: false },
      pagination: { clickable: true },
      allowTouchMove: true,
    });
  });

  it('shows three promotions 20 px apart on desktop and a card and a bit on phones', () => {
    const options = promoCarouselOptions();
    expect(options.slidesPerView).toBe(1.15);
    expect(options.breakpoints?.[1024]).toEqual({ slidesPerView: 3, spaceBetween: 20 });
  });
});
