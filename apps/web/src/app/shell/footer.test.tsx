import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fake-api.ts';
import { siteContentFixture } from '../../test/content-fixtures.ts';
import { menuFixture, vendorFixture } from '../../test/games-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { footerVendorsOf } from './footer-vendors.tsx';

const LOAD = { timeout: 5000 };

describe('footer', () => {
  it('lists the help articles the operator put in the footer, each at /help#<tag>', async () => {
    stubApi({
      'GET /api/content/site': siteContentFixture({
        help: [
          { tag: 'term', title: 'Termos e condições', inFooter: true },
          { tag: 'faq', title: 'Perguntas frequentes', inFooter: false },
          { tag: 'privacy', title: 'Privacidade', inFooter: true },
        ],
      }),
    });
    renderApp('/');
    const footer = screen.getByTestId('footer');
    const terms = await within(footer).findByTestId('footer-help-term', {}, LOAD);
    expect([terms.textContent, terms.getAttribute('href')]).toEqual(['Termos e condições', '/help#term']);
    expect(within(footer).getByTestId('footer-help-privacy').getAttribute('href')).toBe('/help#privacy');
    expect(within(footer).queryByTestId('footer-help-faq')).toBeNull();
    expect(within(footer).getByTestId('footer-help-centre').getAttribute('href')).toBe('/help');
  });

  it('shows each game vendor once, as a lazy logo of known size', async () => {
    stubApi({ 'GET /api/games/menu': menuFixture() });
    renderApp('/');
    const vendors = await screen.findByTestId('footer-vendors', {}, LOAD);
    const logos = within(vendors).getAllByRole('img');
    expect(logos.length).toBeGreaterThan(0);
    expect([logos[0]!.getAttribute('loading'), logos[0]!.getAttribute('width'), logos[0]!.getAttribute('height')]).toEqual(['lazy', '120', '40']);
  });

  it('lists a vendor that serves several game types once', () => {
    const aurora = vendorFixture({ vassalage: 'AURORA' });
    const other = vendorFixture({ vassalage: 'OTHER' });
    const menu = { types: [{ gameType: 'RNG' as const, vendors: [aurora, other] }, { gameType: 'FISH' as const, vendors: [aurora] }] };
    expect(footerVendorsOf(menu).map((vendor) => vendor.vassalage)).toEqual(['AURORA', 'OTHER']);
    expect(footerVendorsOf(undefined)).toEqual([]);
  });
});
