import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { promotionFixture, siteContentFixture } from '../../../test/content-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

describe('/promotions', () => {
  it('shows each promotion teaser as its own #<id> section', async () => {
    stubApi({ 'GET /api/content/site': siteContentFixture({ promotions: [promotionFixture({ id: '11', title: 'Cashback' }), promotionFixture({ id: '12', title: 'Torneio' })] }) });
    renderApp('/promotions#12');
    const section = await screen.findByTestId('promotion-12', {}, LOAD);
    expect(section.id).toBe('12');
    expect(within(section).getByRole('heading', { name: 'Torneio' })).toBeTruthy();
    const image = within(section).getByRole('presentation');
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual(['800', '450', 'lazy']);
    expect(screen.getByTestId('promotion-11')).toBeTruthy();
  });

  it('says so when there is none', async () => {
    stubApi({ 'GET /api/content/site': siteContentFixture() });
    renderApp('/promotions');
    expect(await screen.findByTestId('promotions-empty', {}, LOAD)).toBeTruthy();
  });
});
