import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMyBet, LiveRoundView, LiveTableState, LiveTableSummary } from '@app/contracts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { RootView } from '../../../app/root-view.tsx';
import { appRoutes } from '../../../app/routes.tsx';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';

/** The pages are a lazy chunk with a lazy namespace: on a busy machine the first render takes seconds. */
const SLOW = { timeout: 8000 };
const T0 = Date.parse('2026-03-01T12:00:00.000Z');

function roundView(overrides: Partial<LiveRoundView> = {}): LiveRoundView {
  return { id: '70', tableCode: 'bacara-rio', number: 70, phase: 'betting', bettingEndsAt: new Date(T0 + 9_500).toISOString(), commitment: 'a'.repeat(64), handInShoe: 12, result: null, resultAt: null, ...overrides };
}

const roulette: LiveTableSummary = {
  code: 'roleta-copacabana',
  game: 'roulette',
  name: 'Roleta Copacabana',
  status: 'open',
  round: roundView({ id: '80', tableCode: 'roleta-copacabana', handInShoe: null, phase: 'dealing', result: { game: 'roulette', number: 32, colour: 'red' } }),
  lastResults: ['0', '17', '32'],
  players: 3,
  minBet: '0.50',
  maxBet: '5000.00',
  bettingSeconds: 15,
};
const baccarat: LiveTableSummary = { code: 'bacara-rio', game: 'baccarat', name: 'Bacará Rio', status: 'open', round: roundView(), lastResults: ['B', 'P', 'T'], players: 0, minBet: '1.00', maxBet: '5000.00', bettingSeconds: 15 };

function tableState(): LiveTableState {
  return {
    table: {
      code: 'bacara-rio',
      game: 'baccarat',
      name: 'Bacará Rio',
      status: 'open',
      limits: { perType: { player: { min: '1.00', max: '5000.00' }, banker: { min: '1.00', max: '5000.00' }, tie: { min: '1.00', max: '1000.00' }, player_pair: { min: '1.00', max: '500.00' }, banker_pair: { min: '1.00', max: '500.00' } }, roundMax: '20000.00' },
      chips: ['0.50', '1.00', '5.00', '10.00'],
      bettingSeconds: 15,
    },
    round: roundView(),
    history: [],
    shoe: { id: '3', hash: 'b'.repeat(64), handsPlayed: 11, cardsLeft: 350 },
    players: 2,
    chat: [{ id: 'c1', name: 'jo***', text: 'Boa sorte!', at: new Date(T0).toISOString() }],
    serverTime: T0,
  };
}

function myBet(overrides: Partial<LiveMyBet> = {}): LiveMyBet {
  return { id: 'b1', roundId: '70', chips: [{ spot: 'player', amount: '2.00', win: null }], amount: '2.00', status: 'placed', win: null, createdAt: new Date(T0).toISOString(), ...overrides };
}

/** The wallet answers with what the last accepted bet left, as the server would. */
let cash = '50.00';

function open(path: string, routes: Record<string, RouteAnswer> = {}, loggedIn = true) {
  cash = '50.00';
  if (loggedIn) sessionStorage.setItem('token', 'tok-1');
  vi.stubGlobal('WebSocket', FakeSocket);
  const calls = stubApi({
    'GET /api/system/boot': bootFixture(),
    'GET /api/member/info': memberFixture(),
    'GET /api/games/favorites/ids': { ids: [] },
    'GET /api/wallet/balance': () => ({ cash, bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$' }),
    'GET /api/live/tables': { tables: [baccarat, roulette], serverTime: T0 },
    'GET /api/live/tables/bacara-rio': tableState(),
    'GET /api/live/tables/bacara-rio/me': { current: [], recent: [] },
    ...routes,
  });
  render(
    <Providers queryClient={createQueryClient()} i18n={createTestI18n('pt')}>
      <RootView createRouter={() => createMemoryRouter(appRoutes, { initialEntries: [path] })} />
    </Providers>,
  );
  return calls;
}

const socket = () => FakeSocket.last!;
const posts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

describe('live tables pages', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows the house tables above the vendors with their live state, and follows live.lobby', async () => {
    const calls = open('/live', {}, false);
    const card = await screen.findByTestId('live-table-bacara-rio', {}, SLOW);
    expect(card.getAttribute('href')).toBe('/live/table/bacara-rio');
    expect(within(card).getByTestId('live-card-phase').textContent).toBe('Apostas abertas');
    expect(within(card).getByTestId('live-card-countdown').getAttribute('data-seconds')).toBe('10');
    expect(within(card).getByTestId('live-card-players').textContent).toBe('0 jogadores na rodada');
    expect(within(card).getByTestId('live-card-limits').textContent).toBe('Aposta R$\u00a01,00 – R$\u00a05.000,00');
    expect([...within(card).getByTestId('live-card-results').children].map((bead) => bead.textContent)).toEqual(['B', 'J', 'E']);

    const wheel = screen.getByTestId('live-table-roleta-copacabana');
    expect(within(wheel).getByTestId('live-card-phase').textContent).toBe('Apostas encerradas');
    expect([...within(wheel).getByTestId('live-card-results').children].map((chip) => [chip.textContent, chip.getAttribute('data-colour')])).toEqual([
      ['0', 'green'],
      ['17', 'black'],
      ['32', 'red'],
    ]);
    expect(screen.getByTestId('live-centre').textContent).toContain('Mesas da Casa');

    act(() => socket().open());
    expect(socket().sent).toContainEqual({ type: 'subscribe', topic: 'live.lobby' });
    // A new socket re-reads the lobby (pushes before it were missed); the push below comes after.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/live/tables')).toHaveLength(2));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    act(() => socket().push({ type: 'live.round', tableCode: 'roleta-copacabana', round: { ...roulette.round!, phase: 'result' }, at: T0 }));
    await waitFor(() => expect(within(wheel).getByTestId('live-card-results').children[0]!.textContent).toBe('32'));
    expect(within(wheel).getByTestId('live-card-phase').textContent).toBe('Resultado');
  });

  it('places chips on the baccarat board, confirms them once on a double click, and shows refusals translated', async () => {
    let release: () => void = () => undefined;
    const calls = open('/live/table/bacara-rio', {
      'POST /api/live/tables/bacara-rio/bets': (_call: ApiCall, index: number) =>
        index === 0
          ? new Promise((resolve) =>
              (release = () => {
                cash = '48.00';
                resolve({ bet: myBet(), balance: '48.00' });
              }),
            ) : apiError(409, 'live.betting_closed'),
    });
    await screen.findByTestId('live-table-page', {}, SLOW);
    await waitFor(() => expect((screen.getByTestId('spot-player') as HTMLButtonElement).disabled).toBe(false), SLOW);
    expect(screen.getByTestId('live-phase').textContent).toBe('Façam suas apostas');
    expect(screen.getByTestId('live-players').textContent).toBe('2 jogadores na rodada');

    fireEvent.click(screen.getByTestId('chip-100'));
    fireEvent.click(screen.getByTestId('spot-player'));
    fireEvent.click(screen.getByTestId('board-double'));
    fireEvent.click(screen.getByTestId('spot-tie'));
    expect(screen.getByTestId('board-pending-total').textContent).toBe('A confirmar: R$\u00a03,00');
    fireEvent.click(screen.getByTestId('board-undo'));
    expect(screen.getByTestId('board-pending-total').textContent).toBe('A confirmar: R$\u00a02,00');

    const confirm = screen.getByTestId('board-confirm');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('board-confirmed-total').textContent).toBe('Confirmado: R$\u00a02,00'));
    expect(posts(calls, '/api/live/tables/bacara-rio/bets')).toHaveLength(1);
    expect(posts(calls, '/api/live/tables/bacara-rio/bets')[0]!.body).toEqual({ roundId: '70', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), chips: [{ spot: 'player', amount: '2.00' }] });
    expect(within(screen.getByTestId('spot-player')).getByTestId('spot-confirmed').textContent).toBe('2');
    await waitFor(() => expect(screen.getByTestId('live-balance').textContent).toBe('Saldo R$\u00a048,00'));

    fireEvent.click(screen.getByTestId('spot-banker'));
    fireEvent.click(screen.getByTestId('board-confirm'));
    expect((await screen.findByTestId('board-error')).textContent).toBe('As apostas desta rodada estão encerradas.');
    expect(screen.getByTestId('chat-messages').textContent).toContain('Boa sorte!');
  });

  it('takes every roulette bet type on the layout (borders for splits, corners, streets, lines; a neighbours mode) and shows the number spun', async () => {
    let wheel: LiveTableState = {
      ...tableState(),
      table: { ...tableState().table, code: 'roleta-copacabana', game: 'roulette', name: 'Roleta Copacabana', limits: { perType: { straight: { min: '0.50', max: '250.00' } }, roundMax: '20000.00' } },
      round: roundView({ id: '80', tableCode: 'roleta-copacabana', handInShoe: null }),
      history: [17, 0, 32].map((number, index) => ({ roundId: String(77 + index), number: 77 + index, handInShoe: null, result: { game: 'roulette' as const, number, colour: number === 0 ? ('green' as const) : number === 32 ? ('red' as const) : ('black' as const) } })),
      shoe: null,
    };
    const calls = open('/live/table/roleta-copacabana', {
      'GET /api/live/tables/roleta-copacabana': () => wheel,
      'GET /api/live/tables/roleta-copacabana/me': { current: [], recent: [] },
      'POST /api/live/tables/roleta-copacabana/bets': { bet: myBet({ roundId: '80' }), balance: '40.00' },
    });
    await waitFor(() => expect((screen.getByTestId('spot-straight:17') as HTMLButtonElement).disabled).toBe(false), SLOW);
    fireEvent.click(screen.getByTestId('chip-100'));
    for (const spot of ['straight:17', 'split:17-20', 'split:0-2', 'street:1', 'corner:1-2-4-5', 'corner:0-1-2-3', 'line:31', 'column:3', 'dozen:2', 'red', 'odd', 'high']) fireEvent.click(screen.getByTestId(`spot-${spot}`));
    fireEvent.click(screen.getByTestId('mode-neighbours'));
    fireEvent.click(screen.getByTestId('spot-neighbours:5'));
    expect(screen.getByTestId('board-pending-total').textContent).toBe('A confirmar: R$\u00a013,00');
    fireEvent.click(screen.getByTestId('board-confirm'));
    await waitFor(() => expect(posts(calls, '/api/live/tables/roleta-copacabana/bets')).toHaveLength(1));
    expect((posts(calls, '/api/live/tables/roleta-copacabana/bets')[0]!.body as { chips: Array<{ spot: string }> }).chips.map((chip) => chip.spot)).toEqual([
      'straight:17', 'split:17-20', 'split:0-2', 'street:1', 'corner:1-2-4-5', 'corner:0-1-2-3', 'line:31', 'column:3', 'dozen:2', 'red', 'odd', 'high', 'neighbours:5',
    ]);
    expect(screen.getByTestId('roulette-last').textContent).toBe('32017');
    expect(screen.getByTestId('roulette-hot').textContent).toContain('32');

    act(() => socket().open());
    // The new socket re-reads the table first (what it may have missed); the result comes after.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/live/tables/roleta-copacabana')).toHaveLength(2));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const settled = roundView({ id: '80', tableCode: 'roleta-copacabana', handInShoe: null, phase: 'result', result: { game: 'roulette', number: 32, colour: 'red' } });
    // The server's state from now on (the page reads it again when a round reaches its result).
    wheel = { ...wheel, round: settled };
    act(() => socket().push({ type: 'live.round', tableCode: 'roleta-copacabana', round: settled, at: T0 + 20_000 }));
    await waitFor(() => expect(screen.getByTestId('live-result-banner').textContent).toBe('32 vermelho'));
    expect(screen.getByTestId('live-result-number').getAttribute('data-colour')).toBe('red');
  });
});
