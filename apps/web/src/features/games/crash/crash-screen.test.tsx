import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrashMyBet, CrashRoundView, CrashState } from '@app/contracts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { RootView } from '../../../app/root-view.tsx';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { AccountModalsProvider } from '../../account/index.ts';
import { CrashScreen } from './crash-screen.tsx';

const LOAD = { timeout: 5000 };
const T0 = Date.parse('2025-03-01T12:00:00.000Z');
const HASH = 'c'.repeat(64);

function roundView(phase: CrashRoundView['phase'], overrides: Partial<CrashRoundView> = {}): CrashRoundView {
  return {
    id: '7',
    phase,
    bettingEndsAt: new Date(T0 + 4_200).toISOString(),
    startedAt: phase === 'betting' ? null : new Date(T0 + 4_200).toISOString(),
    crashPoint: null,
    hash: null,
    ...overrides,
  };
}

function stateFixture(overrides: Partial<CrashState> = {}): CrashState {
  return {
    round: roundView('betting'),
    players: [],
    history: [
      { id: '6', crashPoint: '1.35', hash: 'b'.repeat(64) },
      { id: '5', crashPoint: '12.80', hash: 'a'.repeat(64) },
    ],
    serverTime: T0,
    limits: { minBet: '0.10', maxBet: '1000.00', minAutoCashOut: '1.01', maxMultiplier: '1000.00' },
    chain: { terminatingHash: 'd'.repeat(64), salt: 'salt-0001' },
    tickMs: 100,
    playable: true,
    ...overrides,
  };
}

function betFixture(overrides: Partial<CrashMyBet> = {}): CrashMyBet {
  return { id: '31', roundId: '7', amount: '1.00', autoCashOut: null, status: 'placed', cashOut: null, win: null, createdAt: new Date(T0).toISOString(), ...overrides };
}

/** The whole app (so the shared socket and its topic handler run) on the crash game's page. */
function openCrash(routes: Record<string, RouteAnswer> = {}, options: { memberType?: number; language?: 'pt' | 'en' } = {}) {
  // The wallet and /api/crash/me answer with what the last bet or cash-out left, as the server would.
  let cash = '50.00';
  let current: CrashMyBet | null = null;
  const track = (route: RouteAnswer): RouteAnswer =>
    typeof route === 'function'
      ? async (call: ApiCall, index: number) => {
          const answer: unknown = await (route as (c: ApiCall, i: number) => unknown)(call, index);
          if (!(answer instanceof Response)) ({ balance: cash, bet: current } = answer as { balance: string; bet: CrashMyBet });
          return answer;
        }
      : route;
  const tracked = Object.fromEntries(Object.entries(routes).map(([key, route]) => [key, key.startsWith('POST') ? track(typeof route === 'function' ? route : () => route) : route]));
  sessionStorage.setItem('token', 'tok-1');
  vi.stubGlobal('WebSocket', FakeSocket);
  const calls = stubApi({
    'GET /api/system/boot': bootFixture(),
    'GET /api/member/info': memberFixture(options.memberType === undefined ? {} : { type: options.memberType }),
    'GET /api/games/favorites/ids': { ids: [] },
    'GET /api/wallet/balance': () => ({ cash, bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$' }),
    'GET /api/crash': stateFixture(),
    'GET /api/crash/me': () => ({ current, recent: [] }),
    ...tracked,
  });
  render(
    <Providers queryClient={createQueryClient()} i18n={createI18n(options.language ?? 'pt')}>
      <RootView createRouter={() => createMemoryRouter(appRoutes, { initialEntries: ['/slot/HOUSE/crash'] })} />
    </Providers>,
  );
  return calls;
}

function socket(): FakeSocket {
  if (!FakeSocket.last) throw new Error('no socket opened');
  return FakeSocket.last;
}

/** The server's clock moves on and a push arrives. */
function push(message: unknown, at?: number) {
  if (at !== undefined) vi.setSystemTime(at);
  act(() => socket().push(message));
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const posts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

describe('crash screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes to the topic and follows a round: countdown, rising multiplier, players, crash and history', async () => {
    openCrash();
    await screen.findByTestId('crash-screen', {}, LOAD);
    expect(text('page-title')).toBe('Crash');
    expect(text('crash-phase')).toBe('Apostas abertas — começa em 4,2 s');
    expect(text('crash-multiplier')).toBe('1,00×');
    expect(screen.getAllByTestId('crash-history-item').map((chip) => [chip.textContent, chip.getAttribute('href'), chip.className])).toEqual([
      ['1,35×', '/fairness?crash=6', 'crash-chip crash-chip--low'],
      ['12,80×', '/fairness?crash=5', 'crash-chip crash-chip--high'],
    ]);

    act(() => socket().open());
    expect(socket().sent).toContainEqual({ type: 'subscribe', topic: 'crash' });

    push({ type: 'crash.player', roundId: '7', player: { betId: '40', name: 'ma***', amount: '20.00', cashOut: null, win: null } });
    push({ type: 'crash.round', round: roundView('running') }, T0 + 4_200);
    await waitFor(() => expect(text('crash-phase')).toBe('Subindo! Retire antes do estouro'));
    push({ type: 'crash.tick', roundId: '7', multiplier: '1.12', elapsedMs: 2_000, at: T0 + 6_200 }, T0 + 6_200);
    await waitFor(() => expect(text('crash-multiplier')).toBe('1,12×'));

    push({ type: 'crash.player', roundId: '7', player: { betId: '40', name: 'ma***', amount: '20.00', cashOut: '1.10', win: '22.00' } });
    // The query cache tells its readers on a later task, hence waitFor after each push.
    await waitFor(() => expect(screen.getByTestId('crash-player').getAttribute('data-state')).toBe('cashed'));
    const row = within(screen.getByTestId('crash-players')).getByTestId('crash-player');
    expect(row.textContent).toContain('1,10×');
    expect(row.textContent).toContain('R$\u00a022,00');
    expect(text('crash-players-summary')).toBe('1 jogador · R$\u00a020,00');

    push({ type: 'crash.round', round: roundView('crashed', { crashPoint: '2.37', hash: HASH }) });
    await waitFor(() => expect(text('crash-phase')).toBe('Estourou em 2,37×'));
    expect(text('crash-multiplier')).toBe('2,37×');
    expect(screen.getByTestId('crash-screen').getAttribute('data-phase')).toBe('crashed');
    const first = screen.getAllByTestId('crash-history-item')[0]!;
    expect([first.textContent, first.getAttribute('href'), first.className]).toEqual(['2,37×', '/fairness?crash=7', 'crash-chip crash-chip--mid']);

    // The next round opens with nobody in it.
    push({ type: 'crash.round', round: roundView('betting', { id: '8', bettingEndsAt: new Date(T0 + 20_000).toISOString() }) }, T0 + 15_000);
    await waitFor(() => expect(text('crash-phase')).toBe('Apostas abertas — começa em 5,0 s'));
    await waitFor(() => expect(screen.getByTestId('crash-players').textContent).toContain('Ninguém apostou nesta rodada ainda.'));
  });

  it('places one bet on a double click, then cashes out once for the live amount and shows the win and balance', async () => {
    let release: () => void = () => undefined;
    const calls = openCrash({
      'POST /api/crash/bet': () => new Promise((resolve) => (release = () => resolve({ bet: betFixture(), balance: '49.00' }))),
      'POST /api/crash/cashout': { bet: betFixture({ status: 'cashed', cashOut: '1.12', win: '1.12' }), balance: '50.12' },
    });
    await waitFor(() => expect(text('crash-balance-value')).toBe('R$\u00a050,00'), LOAD);
    const bet = screen.getByTestId('crash-bet-button') as HTMLButtonElement;
    expect(bet.textContent).toBe('Apostar');
    fireEvent.click(bet);
    fireEvent.click(bet);
    await waitFor(() => expect(bet.getAttribute('aria-busy')).toBe('true'));
    await act(async () => release());
    await waitFor(() => expect(text('crash-balance-value')).toBe('R$\u00a049,00'));
    expect(posts(calls, '/api/crash/bet')).toHaveLength(1);
    expect(posts(calls, '/api/crash/bet')[0]?.body).toEqual({ amount: '1.00', autoCashOut: null, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(text('crash-bet-button')).toBe('Aposta feita');
    expect((screen.getByTestId('crash-bet-button') as HTMLButtonElement).disabled).toBe(true);
    expect(text('crash-bet-status')).toContain('Aposta de R$\u00a01,00 feita');

    act(() => socket().open());
    push({ type: 'crash.round', round: roundView('running') }, T0 + 4_200);
    push({ type: 'crash.tick', roundId: '7', multiplier: '1.12', elapsedMs: 2_000, at: T0 + 6_200 }, T0 + 6_200);
    const cashOut = await screen.findByTestId('crash-cashout-button');
    await waitFor(() => expect(cashOut.textContent).toContain('Retirar R$\u00a01,12'));
    fireEvent.click(cashOut);
    fireEvent.click(cashOut);
    await waitFor(() => expect(text('crash-bet-status')).toBe('Você retirou em 1,12× e ganhou R$\u00a01,12!'));
    expect(posts(calls, '/api/crash/cashout').map((call) => call.body)).toEqual([{ betId: '31' }]);
    expect(text('crash-balance-value')).toBe('R$\u00a050,12');
    expect(screen.queryByTestId('crash-cashout-button')).toBeNull();
    expect(text('crash-stage-cashed')).toBe('Você retirou em 1,12×');
  });

  it('sends the automatic target, and says why the server refused a bet or a late cash-out', async () => {
    const calls = openCrash({
      'POST /api/crash/bet': (_call: ApiCall, index: number) =>
        index === 0 ? apiError(400, 'house.bet_invalid', { field: 'autoCashOut' }) : index === 1 ? apiError(409, 'crash.betting_closed') : { bet: betFixture({ autoCashOut: '2.50' }), balance: '49.00' },
      'POST /api/crash/cashout': apiError(409, 'crash.too_late'),
    });
    await waitFor(() => expect((screen.getByTestId('crash-bet-button') as HTMLButtonElement).disabled).toBe(false), LOAD);
    const auto = screen.getByTestId('crash-auto');
    fireEvent.change(auto, { target: { value: '1' } });
    expect(text('crash-auto-error')).toBe('A retirada automática vai de 1,01× a 1.000,00×.');
    expect((screen.getByTestId('crash-bet-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(auto, { target: { value: '2,5' } });
    expect(screen.queryByTestId('crash-auto-error')).toBeNull();

    fireEvent.click(screen.getByTestId('crash-bet-button'));
    expect((await screen.findByTestId('crash-error')).textContent).toBe('Esta retirada automática não foi aceita. Confira os limites da mesa.');
    fireEvent.click(screen.getByTestId('crash-bet-button'));
    await waitFor(() => expect(text('crash-error')).toBe('As apostas desta rodada já fecharam. Aposte na próxima.'));
    fireEvent.click(screen.getByTestId('crash-bet-button'));
    expect((await screen.findByTestId('crash-bet-status')).textContent).toContain('Retirada automática em 2,50×.');
    expect(screen.queryByTestId('crash-error')).toBeNull();
    expect(posts(calls, '/api/crash/bet').map((call) => (call.body as { autoCashOut: string }).autoCashOut)).toEqual(['2.50', '2.50', '2.50']);

    act(() => socket().open());
    push({ type: 'crash.round', round: roundView('running') }, T0 + 4_200);
    fireEvent.click(await screen.findByTestId('crash-cashout-button'));
    await waitFor(() => expect(text('crash-error')).toBe('Tarde demais: a rodada estourou antes da retirada.'));
    expect(screen.getByTestId('crash-bet-status').getAttribute('data-status')).toBe('lost');
    expect(text('crash-bet-status')).toBe('Estourou antes da retirada: você perdeu R$\u00a01,00.');
  });

  it('resubscribes and reads the round again after a reconnect, and unsubscribes on leaving', async () => {
    const calls = openCrash();
    await screen.findByTestId('crash-screen', {}, LOAD);
    const first = socket();
    act(() => first.open());
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/crash').length).toBeGreaterThanOrEqual(2));
    const reads = calls.filter((call) => call.path === '/api/crash').length;
    act(() => first.onclose?.());
    await waitFor(() => expect(FakeSocket.last).not.toBe(first), { timeout: 3000 });
    act(() => socket().open());
    expect(socket().sent).toContainEqual({ type: 'subscribe', topic: 'crash' });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/crash').length).toBeGreaterThan(reads));

    // Leaving the game stops the ticks: the last watcher unsubscribes.
    fireEvent.click(screen.getByTestId('game-back'));
    await waitFor(() => expect(socket().sent).toContainEqual({ type: 'unsubscribe', topic: 'crash' }));
  });

  it('lets a trial account watch, with a prompt to register instead of the bet panel', async () => {
    const calls = openCrash({}, { memberType: 4 });
    expect((await screen.findByTestId('crash-trial-prompt', {}, LOAD)).textContent).toContain('Contas de teste podem assistir, mas não apostar.');
    expect(screen.queryByTestId('crash-bet-button')).toBeNull();
    expect(screen.getByTestId('crash-multiplier')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/crash/me')).toBe(false);
  });

  it('speaks English', async () => {
    openCrash({}, { language: 'en' });
    await screen.findByTestId('crash-screen', {}, LOAD);
    expect(text('crash-phase')).toBe('Betting open — starts in 4.2 s');
    await waitFor(() => expect(text('crash-bet-button')).toBe('Bet'));
  });
});

describe('crash screen for a visitor', () => {
  it('shows the live round with a prompt to log in', async () => {
    stubApi({ 'GET /api/crash': stateFixture({ round: roundView('crashed', { crashPoint: '1.00', hash: HASH }) }) });
    const router = createMemoryRouter([{ path: '/', element: <CrashScreen /> }]);
    render(
      <Providers queryClient={createQueryClient()} i18n={createI18n('pt')}>
        <AccountModalsProvider>
          <RouterProvider router={router} />
        </AccountModalsProvider>
      </Providers>,
    );
    expect((await screen.findByTestId('crash-login-prompt', {}, LOAD)).textContent).toContain('Entre na sua conta para apostar.');
    expect(text('crash-phase')).toBe('Estourou em 1,00×');
    fireEvent.click(screen.getByTestId('crash-rules-open'));
    const rules = await screen.findByTestId('crash-rules');
    expect(within(rules).getByTestId('crash-rules-edge').textContent).toBe('1%');
    expect(within(rules).getByTestId('crash-rules-max').textContent).toBe('1.000,00×');
    expect(within(rules).getByTestId('crash-rules-terminating-hash').textContent).toBe('d'.repeat(64));
    expect(within(rules).getByTestId('crash-rules-salt').textContent).toBe('salt-0001');
    expect(within(rules).getByTestId('crash-rules-verify').getAttribute('href')).toBe('/fairness?crash=6');
  });
});
