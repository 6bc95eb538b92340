import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { appRoutes } from '../../../app/routes.tsx';
import { systemKeys } from '../../system/index.ts';
import { createI18n } from '../../../shared/i18n.ts';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { gameFixture, launchFixture } from '../../../test/games-fixtures.ts';

const LOAD = { timeout: 5000 };

/** The real app under StrictMode (as main.tsx mounts it), so effects run twice on mount. */
function openGame(path: string, launch: RouteAnswer, routes: Record<string, RouteAnswer> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/games/favorites/ids': { ids: [] },
    'POST /api/games/launch': launch,
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.boot(), bootFixture());
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <StrictMode>
      <Providers queryClient={queryClient} i18n={createI18n('pt')}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  const launches = () => calls.filter((call) => call.path === '/api/games/launch');
  return { calls, router, launches };
}

describe('/seamless', () => {
  afterEach(() => vi.restoreAllMocks());

  it('launches once, even under strict mode, and runs the game in a frame with the menu collapsed and no balance', async () => {
    const { launches } = openGame('/seamless?gameId=7', launchFixture());
    const frame = await screen.findByTestId('game-frame', {}, LOAD);
    expect(frame.getAttribute('src')).toBe('/sandbox-vendor/play?token=abc');
    expect(screen.getByTestId('page-title').textContent).toBe('Fortuna do Tigre');
    expect(launches()).toHaveLength(1);
    expect(launches()[0]?.body).toEqual({ gameId: 7, language: 'pt' });
    expect(screen.getByTestId('side-menu').getAttribute('data-state')).toBe('collapsed');
    expect(screen.queryByTestId('balance')).toBeNull();
  });

  it('refuses a launch URL that is neither http(s) nor a same-origin path', async () => {
    openGame('/seamless?gameId=7', launchFixture({ url: 'javascript:alert(1)' }));
    expect((await screen.findByTestId('launch-message', {}, LOAD)).textContent).toBe('URL inválida, entre em contato com o atendimento');
    expect(screen.queryByTestId('game-frame')).toBeNull();
  });

  it('says so when the browser blocks the new window, and opens it otherwise', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openGame('/seamless?vendor=WW&gameCode=lobby', launchFixture({ url: 'https://vendor.example/play?t=1' }));
    fireEvent.click(await screen.findByTestId('game-new-window', {}, LOAD));
    expect(open).toHaveBeenCalledWith('https://vendor.example/play?t=1', '_blank');
    expect(screen.getByTestId('popup-blocked').textContent).toBe('Pop-up bloqueado. Permita pop-ups e tente novamente.');

    const opened = { opener: window } as unknown as Window;
    open.mockReturnValue(opened);
    fireEvent.click(screen.getByTestId('game-new-window'));
    expect(screen.queryByTestId('popup-blocked')).toBeNull();
    expect(opened.opener).toBeNull();
  });

  it('offers the alternatives of a game under maintenance, and one of them starts', async () => {
    const alternatives = [gameFixture({ nodeId: 81, gameName: 'Outro Jogo' }), gameFixture({ nodeId: 82 })];
    const { router, launches } = openGame('/seamless?gameId=80', (_call: ApiCall, index: number) =>
      index === 0 ? apiError(409, 'catalogue.game_maintenance', { alternatives }) : launchFixture({ game: alternatives[0] }),
    );
    const dialog = await screen.findByTestId('maintenance-dialog', {}, LOAD);
    expect(dialog.textContent).toContain('Jogo em manutenção. Experimente um destes:');
    const cards = within(dialog).getAllByTestId('game-card');
    expect(cards.map((card) => card.getAttribute('data-node-id'))).toEqual(['81', '82']);
    fireEvent.click(within(cards[0]!).getByTestId('game-start'));
    await waitFor(() => expect(router.state.location.search).toBe('?gameId=81'));
    expect(await screen.findByTestId('game-frame')).toBeTruthy();
    expect(launches().map((call) => call.body)).toEqual([{ gameId: 80, language: 'pt' }, { gameId: 81, language: 'pt' }]);
  });

  it('translates other launch errors', async () => {
    openGame('/seamless?gameId=9', apiError(404, 'catalogue.game_not_found'));
    expect((await screen.findByTestId('launch-message', {}, LOAD)).textContent).toBe('Jogo não encontrado');
  });

  it('refuses an address without a usable game', async () => {
    const { launches } = openGame('/seamless?gameId=abc', launchFixture());
    expect((await screen.findByTestId('launch-message', {}, LOAD)).textContent).toBe('Escolha um jogo para iniciar');
    expect(launches()).toHaveLength(0);
  });

  it('brings transfer-mode money back once when the player leaves', async () => {
    const game = gameFixture({ nodeId: 90, vassalage: 'DEMOTRANSFER' });
    const { calls, router } = openGame('/seamless?gameId=90', launchFixture({ mode: 'transfer', game, transferred: '100.00' }), {
      'POST /api/games/vendors/DEMOTRANSFER/transfer': { vendor: 'DEMOTRANSFER', moved: '100.00', cash: '1234.50', vendorBalance: '0.00' },
    });
    await screen.findByTestId('game-frame', {}, LOAD);
    const transfers = () => calls.filter((call) => call.path === '/api/games/vendors/DEMOTRANSFER/transfer');
    expect(transfers()).toHaveLength(0);
    await act(() => router.navigate('/rng'));
    await waitFor(() => expect(transfers()).toHaveLength(1));
    expect(transfers()[0]?.body).toMatchObject({ direction: 'out' });
    expect(String((transfers()[0]?.body as { requestId: string }).requestId)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
