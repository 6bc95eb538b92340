import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AccountModalsProvider } from '../../account/index.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { createI18n } from '../../../shared/i18n.ts';
import { bannerFixture, siteContentFixture } from '../../../test/content-fixtures.ts';
import { contentKeys } from '../api/content.queries.ts';
import { BannerCarousel } from './banner-carousel.tsx';

function renderCarousel(count: number) {
  const queryClient = createQueryClient();
  const banners = Array.from({ length: count }, (_, index) => bannerFixture({ id: String(index + 1), title: `Banner ${index + 1}` }));
  queryClient.setQueryData(contentKeys.site('pt'), siteContentFixture({ banners }));
  return render(
    <I18nextProvider i18n={createI18n('pt')}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AccountModalsProvider>
            <BannerCarousel />
          </AccountModalsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => vi.useRealTimers());

// Module state (whether Swiper was asked for) lasts for the file: the single banner goes first.
describe('when the banner carousel loads Swiper', () => {
  it('never, for a single banner: there is nothing to move', () => {
    vi.useFakeTimers();
    renderCarousel(1);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('banner-carousel').querySelector('.banner-static')).not.toBeNull();
  });

  it('when the first autoplay step is due (spec §9: 5000 ms), with several banners', async () => {
    vi.useFakeTimers();
    renderCarousel(3);
    const carousel = screen.getByTestId('banner-carousel');
    act(() => vi.advanceTimersByTime(4_999));
    expect(carousel.querySelector('.swiper')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(carousel.querySelector('.swiper')).not.toBeNull(), { timeout: 5000 });
    expect(carousel.querySelectorAll('[data-testid="banner-slide"]')).toHaveLength(3);
  }, 20_000);
});
