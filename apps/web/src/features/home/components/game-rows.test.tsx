import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HomeRow } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { gamePageFixture, gamesFixture, menuFixture, vendorFixture } from '../../../test/games-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };
const vendors = (count: number, gameType: 'RNG' | 'SPORTS') =>
  Array.from({ length: count }, (_, index) => vendorFixture({ vassalage: `${gameType}${index}`, displayName: `Vendor ${index}`, gameTypes: [gameType] }));

function homeRows(): { rows: HomeRow[] } {
  return {
    rows: [
      { key: 'hot', kind: 'games', gameType: null, games: gamesFixture(13, 1, { isHot: true }), vendors: [] },
      { key: 'rng', kind: 'vendors', gameType: 'RNG', games: [], vendors: vendors(14, 'RNG') },
      { key: 'sports', kind: 'vendors', gameType: 'SPORTS', games: [], vendors: vendors(2, 'SPORTS') },
      { key: 'pvp', kind: 'games', gameType: 'PVP', games: gamesFixture(12, 100, { gameType: 'PVP' }), vendors: [] },
      { key: 'fish', kind: 'games', gameType: 'FISH', games: [], vendors: [] },
    ],
  };
}

describe('home game rows', () => {
  it('splits the hot row (13 games) into pairs, keeps 12 games and vendor rows single, and skips empty rows', async () => {
    stubApi({ 'GET /api/games/home': homeRows(), 'GET /api/games/menu': menuFixture() });
    renderApp('/');
    const hot = await screen.findByTestId('home-row-hot', {}, LOAD);
    expect(hot.getAttribute('data-split')).toBe('true');
    const hotColumns = within(hot).getAllByTestId('home-row-column');
    expect(hotColumns).toHaveLength(7);
    expect(within(hotColumns[0]!).getAllByTestId('game-card')).toHaveLength(2);
    expect(within(hotColumns[6]!).getAllByTestId('game-card')).toHaveLength(1);

    const pvp = screen.getByTestId('home-row-pvp');
    expect(pvp.getAttribute('data-split')).toBe('false');
    expect(within(pvp).getAllByTestId('home-row-column')).toHaveLength(12);

    const rng = screen.getByTestId('home-row-rng');
    expect(rng.getAttribute('data-split')).toBe('false');
    expect(within(rng).getAllByTestId('home-row-column')).toHaveLength(14);
    // Spec §2: the vendor tile's start button is hidden for RNG, shown for sports.
    expect(within(rng).queryByTestId('vendor-start')).toBeNull();
    expect(within(screen.getByTestId('home-row-sports')).getAllByTestId('vendor-start')).toHaveLength(2);

    expect(screen.queryByTestId('home-row-fish')).toBeNull();
    expect(screen.queryByTestId('home-row-favorites')).toBeNull();
    expect(within(hot).getByTestId('home-row-hot-all').textContent).toBe('Ver todos');
    expect(within(pvp).getByTestId('home-row-pvp-all').getAttribute('href')).toBe('/pvp');
  });

  it('shows a member their favourites after the hot row, asked 48 at a time', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const calls = stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/games/home': homeRows(),
      'GET /api/games/menu': menuFixture(),
      'GET /api/games/favorites/ids': { ids: ['500'] },
      'GET /api/games/favorites': gamePageFixture(gamesFixture(1, 500)),
    });
    renderApp('/');
    const favorites = await screen.findByTestId('home-row-favorites', {}, LOAD);
    expect(within(favorites).getByTestId('favorite-toggle').getAttribute('aria-pressed')).toBe('true');
    const rowIds = screen.getAllByTestId(/^home-row-(?!column)[a-z]+$/).map((row) => row.getAttribute('data-testid'));
    expect(rowIds.slice(0, 2)).toEqual(['home-row-hot', 'home-row-favorites']);
    expect(calls.find((call) => call.path === '/api/games/favorites')?.query.get('pageSize')).toBe('48');
  });
});
