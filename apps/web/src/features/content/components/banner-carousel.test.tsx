import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { bannerFixture, siteContentFixture } from '../../../test/content-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

const banners = [
  bannerFixture({ id: '1', title: 'Rota', linkageType: 'ROUTE', target: '/rng?vassalage=WW', width: 1600, height: 500 }),
  bannerFixture({ id: '2', title: 'Promo', linkageType: 'PROMOTION', target: '42' }),
  bannerFixture({ id: '3', title: 'Jogo', linkageType: 'GAME', target: '1001' }),
  bannerFixture({ id: '4', title: 'Fora', linkageType: 'URL', target: 'https://example.com/campanha' }),
  bannerFixture({ id: '5', title: 'Só imagem', linkageType: 'NONE', target: null }),
  bannerFixture({ id: '6', groupName: 'w_leftmenu', title: 'Lateral', linkageType: 'ROUTE', target: '/promotions' }),
];

function slideOf(title: string): HTMLElement {
  const image = screen.getByRole('img', { name: title });
  const slide = image.closest<HTMLElement>('[data-testid="banner-slide"]');
  if (!slide) throw new Error(`no slide around ${title}`);
  return slide;
}

describe('home banner carousel', () => {
  it('shows the w_home banners, each following its link type, the first one fetched first', async () => {
    stubApi({ 'GET /api/content/site': siteContentFixture({ banners }) });
    renderApp('/');
    const carousel = await screen.findByTestId('banner-carousel', {}, LOAD);
    expect(carousel.style.aspectRatio).toBe('1600 / 500');
    // Before the carousel has to move, Swiper is not loaded: every banner is in the page, statically.
    expect(carousel.querySelector('.swiper')).toBeNull();
    expect(within(carousel).getAllByTestId('banner-slide')).toHaveLength(5);
    expect(within(carousel).queryByRole('img', { name: 'Lateral' })).toBeNull();

    const first = within(slideOf('Rota')).getByRole('img');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['1600', '500']);
    expect(within(slideOf('Promo')).getByRole('img').getAttribute('loading')).toBe('lazy');

    // Reaching for it brings Swiper in, with the same slides.
    fireEvent.pointerEnter(carousel);
    await waitFor(() => expect(carousel.querySelector('.swiper')).not.toBeNull(), LOAD);
    expect(within(carousel).getAllByTestId('banner-slide')).toHaveLength(5);

    expect(slideOf('Rota').getAttribute('href')).toBe('/rng?vassalage=WW');
    expect(slideOf('Rota').dataset.linkageType).toBe('ROUTE');
    expect(slideOf('Promo').getAttribute('href')).toBe('/promotions#42');
    const external = slideOf('Fora');
    expect([external.getAttribute('href'), external.getAttribute('target'), external.getAttribute('rel')]).toEqual(['https://example.com/campanha', '_blank', 'noopener noreferrer']);
    expect(slideOf('Só imagem').tagName).toBe('DIV');
    expect(slideOf('Só imagem').dataset.linkageType).toBe('NONE');

    // A game banner starts the game like a tile: a visitor is asked to log in.
    const game = slideOf('Jogo');
    expect([game.tagName, game.dataset.target]).toEqual(['BUTTON', '1001']);
    fireEvent.click(game);
    expect(await screen.findByTestId('modal-login')).toBeTruthy();
    // Loading the home and carousel chunks cold can take seconds under a full run.
  }, 20_000);

  it('draws nothing without banners, and the side-menu banner only in the side menu', async () => {
    stubApi({ 'GET /api/content/site': siteContentFixture({ banners: [banners[5]!], notices: [{ id: 'n1', title: 'Aviso um' }] }) });
    renderApp('/');
    await screen.findByTestId('notice-marquee', {}, LOAD);
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(screen.queryByTestId('promo-carousel')).toBeNull();
    const sideBanner = within(screen.getByTestId('side-menu')).getByTestId('side-banner');
    expect(sideBanner.getAttribute('href')).toBe('/promotions');
    expect(within(sideBanner).getByRole('img').getAttribute('loading')).toBe('lazy');
  });

  it('opens the notice modal with every notice from the marquee', async () => {
    stubApi({ 'GET /api/content/site': siteContentFixture({ notices: [{ id: 'n1', title: 'Aviso um' }, { id: 'n2', title: 'Aviso dois' }] }) });
    renderApp('/');
    fireEvent.click(await screen.findByTestId('notice-marquee', {}, LOAD));
    const modal = await screen.findByTestId('modal-notice');
    expect(within(modal).getAllByTestId('notice-item').map((item) => item.textContent)).toEqual(['Aviso um', 'Aviso dois']);
  });
});
