import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { gameFixture, gamePageFixture, menuFixture } from '../../../test/games-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const noContent = () => new Response(null, { status: 204 });
const favoriteCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/games/favorites') && call.method !== 'GET');

function openSlots(games = [gameFixture()], routes: Record<string, unknown> = {}, member: 'member' | 'trial' | null = 'member') {
  if (member) sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({
    'GET /api/member/info': memberFixture({ type: member === 'trial' ? 4 : 0 }),
    'GET /api/games/menu': menuFixture(),
    'GET /api/games/classifies': { classifies: [] },
    'GET /api/games': gamePageFixture(games),
    'GET /api/games/favorites/ids': { ids: [] },
    ...routes,
  });
  const { router } = renderApp('/rng');
  return { calls, router };
}

async function cardOf(nodeId: number) {
  // The first render of a test file also loads the page's lazy chunk.
  return (await screen.findAllByTestId('game-card', {}, { timeout: 5000 })).find((card) => card.getAttribute('data-node-id') === String(nodeId)) as HTMLElement;
}

describe('game card', () => {
  afterEach(() => vi.useRealTimers());

  it('takes its accent from nodeId modulo 4 (skyblue, green, purple, red) and shows badges, RTP and vendor', async () => {
    openSlots([8, 9, 10, 11].map((nodeId) => gameFixture({ nodeId, isHot: nodeId === 8, isNew: nodeId === 9, maintenance: nodeId === 10, rtp: nodeId === 11 ? null : '96.50' })));
    const cards = await screen.findAllByTestId('game-card', {}, { timeout: 5000 });
    expect(cards.map((card) => card.getAttribute('data-accent'))).toEqual(['skyblue', 'green', 'purple', 'red']);
    expect(within(cards[0]!).getByTestId('badge-hot').textContent).toContain('Popular');
    expect(within(cards[1]!).getByTestId('badge-new').textContent).toContain('Novo');
    expect(within(cards[2]!).getByTestId('badge-maintenance').textContent).toContain('Manutenção');
    expect(within(cards[0]!).getByTestId('game-rtp').textContent).toBe('RTP 96,50%');
    expect(within(cards[3]!).queryByTestId('game-rtp')).toBeNull();
    expect(within(cards[0]!).getByTestId('game-vendor').textContent).toBe('Aurora Spins (Demo)');
  });

  it('stars at once, tells the server, and ignores a second click within a second (leading edge)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
    let release: (response: Response) => void = () => undefined;
    const { calls } = openSlots([gameFixture({ nodeId: 21 })], {
      'POST /api/games/favorites': () => new Promise<Response>((resolve) => (release = resolve)),
      'DELETE /api/games/favorites/21': noContent,
    });
    const star = within(await cardOf(21)).getByTestId('favorite-toggle');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/games/favorites/ids')).toBe(true));

    fireEvent.click(star);
    // Optimistic: pressed while the server has not answered yet.
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    expect(star.getAttribute('aria-label')).toBe('Remover Jogo 21 dos favoritos');
    await waitFor(() => expect(favoriteCalls(calls)).toHaveLength(1));
    expect(favoriteCalls(calls)[0]?.body).toEqual({ nodeId: 21 });

    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    release(noContent());

    vi.setSystemTime(new Date('2025-03-01T12:00:01Z'));
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(favoriteCalls(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/games/favorites', 'DELETE /api/games/favorites/21']));
  });

  it('puts the star back and says why when the server refuses', async () => {
    let release: (response: Response) => void = () => undefined;
    openSlots([gameFixture({ nodeId: 31 })], { 'POST /api/games/favorites': () => new Promise<Response>((resolve) => (release = resolve)) });
    const star = within(await cardOf(31)).getByTestId('favorite-toggle');
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    release(apiError(500, 'system.internal'));
    expect((await screen.findByTestId('game-toast')).textContent).toContain('Ocorreu um erro no servidor. Tente novamente.');
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it('gives a visitor the login modal for the star and for play, and calls nothing', async () => {
    const { calls } = openSlots([gameFixture({ nodeId: 41 })], {}, null);
    const card = await cardOf(41);
    fireEvent.click(within(card).getByTestId('favorite-toggle'));
    expect(await screen.findByTestId('modal-login')).toBeTruthy();
    expect(favoriteCalls(calls)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('modal-close'));
    fireEvent.click(within(card).getByTestId('game-start'));
    expect(await screen.findByTestId('modal-login')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/games/launch')).toBe(false);
  });

  it('sends a trial account to demo play when the game has one, else to the refusal', async () => {
    const { router } = openSlots([gameFixture({ nodeId: 51 }), gameFixture({ nodeId: 52, demoSupported: true })], {}, 'trial');
    fireEvent.click(within(await cardOf(51)).getByTestId('game-start'));
    expect(await screen.findByTestId('trial-refused-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    fireEvent.click(within(await cardOf(52)).getByTestId('game-start'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/seamless?gameId=52&demo=1'));
  });

  it('sends a member to /seamless?gameId', async () => {
    const { router } = openSlots([gameFixture({ nodeId: 71 })]);
    fireEvent.click(within(await cardOf(71)).getByTestId('game-start'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/seamless?gameId=71'));
  });

  it('falls back to the generic picture, then to an icon, when images fail', async () => {
    openSlots([gameFixture({ nodeId: 61 })]);
    const image = within(await cardOf(61)).getByTestId('game-image');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/media/fallback/game.svg');
    fireEvent.error(image);
    expect(within(await cardOf(61)).getByTestId('game-image-icon')).toBeTruthy();
  });
});
