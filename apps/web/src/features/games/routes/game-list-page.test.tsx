import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { gamePageFixture, gamesFixture, menuFixture, vendorFixture } from '../../../test/games-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/games').map((call) => Object.fromEntries(call.query));
const addressOf = (router: ReturnType<typeof renderApp>['router']) => `${router.state.location.pathname}${router.state.location.search}`;
const LOAD = { timeout: 5000 };

function openList(path: string, games: (call: ApiCall, index: number) => unknown) {
  const calls = stubApi({
    'GET /api/games/menu': menuFixture({
      RNG: [vendorFixture(), vendorFixture({ vassalage: 'ONYX', displayName: 'Onyx Owl (Demo)', maintenance: true })],
    }),
    'GET /api/games/classifies': { classifies: ['classic', 'jackpot', 'slots'] },
    'GET /api/games': games,
  });
  return { calls, ...renderApp(path) };
}

describe('game list page', () => {
  it('writes the vendor, classify, search and Novos/Populares filters into the address and the query', async () => {
    const { calls, router } = openList('/rng', () => gamePageFixture(gamesFixture(3)));
    await screen.findAllByTestId('game-card', {}, LOAD);
    expect(listCalls(calls)[0]).toEqual({ gameType: 'RNG', pageNo: '1', pageSize: '20', language: 'pt' });
    expect(screen.getByTestId('games-count').textContent).toBe('3 jogos');

    const onyx = screen.getAllByTestId('vendor-chip').find((chip) => chip.getAttribute('data-vendor') === 'ONYX') as HTMLElement;
    expect(within(onyx).getByTestId('vendor-maintenance')).toBeTruthy();
    fireEvent.click(onyx);
    await waitFor(() => expect(addressOf(router)).toBe('/rng?vassalage=ONYX'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ vassalage: 'ONYX', pageNo: '1' }));
    expect(screen.getByTestId('vendor-maintenance-notice').textContent).toContain('Onyx Owl (Demo) está em manutenção');

    fireEvent.click(await screen.findByText('Jackpot'));
    await waitFor(() => expect(addressOf(router)).toBe('/rng?vassalage=ONYX&classify=jackpot'));

    fireEvent.change(screen.getByTestId('games-search'), { target: { value: '  fortuna ' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=fortuna'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ gameName: 'fortuna', gameClassify: 'jackpot', vassalage: 'ONYX' }));

    fireEvent.click(screen.getByTestId('filter-new'));
    fireEvent.click(screen.getByTestId('filter-hot'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ isNew: 'true', isHot: 'true' }));
    expect(screen.getByTestId('filter-new').getAttribute('aria-pressed')).toBe('true');
    expect(new URLSearchParams(router.state.location.search).get('new')).toBe('1');

    // Another vendor has other classifies: choosing one drops the classify filter.
    fireEvent.click(screen.getByTestId('vendor-chip-all'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('vassalage')).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('classify')).toBeNull();
  });

  it('reads its filters from the address (a shared link, the header vendor menu)', async () => {
    const { calls } = openList('/rng?vassalage=AURORA&q=tigre&hot=1', () => gamePageFixture(gamesFixture(1)));
    await screen.findAllByTestId('game-card', {}, LOAD);
    expect(listCalls(calls)[0]).toMatchObject({ vassalage: 'AURORA', gameName: 'tigre', isHot: 'true' });
    expect((screen.getByTestId('games-search') as HTMLInputElement).value).toBe('tigre');
    const aurora = screen.getAllByTestId('vendor-chip').find((chip) => chip.getAttribute('data-vendor') === 'AURORA');
    expect(aurora?.getAttribute('aria-pressed')).toBe('true');
  });

  it('appends the next page (20 a page) below the first', async () => {
    const { calls } = openList('/fish', (call) => {
      const pageNo = Number(call.query.get('pageNo'));
      return gamePageFixture(gamesFixture(pageNo === 1 ? 20 : 5, pageNo === 1 ? 1 : 21, { gameType: 'FISH' }), { pageNum: pageNo, total: 25, totalPages: 2 });
    });
    expect(await screen.findAllByTestId('game-card', {}, LOAD)).toHaveLength(20);
    expect(screen.getByTestId('games-count').textContent).toBe('25 jogos');
    fireEvent.click(screen.getByTestId('games-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(25));
    expect(listCalls(calls).map((query) => query.pageNo)).toEqual(['1', '2']);
    expect(screen.getAllByTestId('game-card')[0]?.getAttribute('data-node-id')).toBe('1');
    expect(screen.queryByTestId('games-load-more')).toBeNull();
  });

  it('says when nothing matches, with a way to clear the filters', async () => {
    const { router } = openList('/rng?q=zzz', () => gamePageFixture([]));
    expect((await screen.findByTestId('games-empty', {}, LOAD)).textContent).toContain('Nada encontrado para “zzz”');
    fireEvent.click(screen.getByTestId('games-clear-filters'));
    await waitFor(() => expect(addressOf(router)).toBe('/rng'));
  });

  it('shows a failed load in words and retries', async () => {
    openList('/pvp', (_call: ApiCall, index: number) => (index === 0 ? apiError(400, 'catalogue.vendor_invalid') : gamePageFixture(gamesFixture(2, 1, { gameType: 'PVP' }))));
    const error = await screen.findByTestId('games-load-error', {}, LOAD);
    expect(error.textContent).toContain('Não foi possível carregar os jogos. Código de provedor inválido');
    fireEvent.click(screen.getByTestId('games-retry'));
    expect(await screen.findAllByTestId('game-card')).toHaveLength(2);
  });
});
