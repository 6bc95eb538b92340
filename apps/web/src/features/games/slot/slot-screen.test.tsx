import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotTable, SpinResponse } from '@app/contracts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { apiError, stubApi, type RouteAnswer } from '../../../test/fake-api.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { gameFixture, launchFixture } from '../../../test/games-fixtures.ts';
import { systemKeys } from '../../system/index.ts';
import { parseSlotUrl } from './slot-url.ts';
import { fromCents, times, toCents } from './slot-money.ts';

const LOAD = { timeout: 5000 };
const names = (pt: string, en = pt) => ({ pt, en });

function tableFixture(overrides: Partial<SlotTable> = {}): SlotTable {
  return {
    vendor: 'HOUSE',
    vendorName: 'Jogos da Casa',
    gameCode: 'tesouro-do-farao',
    names: names('Tesouro do Faraó', "Pharaoh's Treasure"),
    machine: 'tesouro-do-farao',
    machineNames: names('Tesouro do Faraó', "Pharaoh's Treasure"),
    theme: names('Egito', 'Egypt'),
    rows: 3,
    reels: 5,
    lines: 20,
    paylines: Array.from({ length: 20 }, () => [1, 1, 1, 1, 1]),
    symbols: [
      { id: 'WI', names: names('Máscara'), kind: 'wild', pays: [{ count: 3, pay: 50 }] },
      { id: 'SC', names: names('Pirâmide'), kind: 'scatter', pays: [] },
      { id: 'A', names: names('Ás', 'Ace'), kind: 'regular', pays: [{ count: 3, pay: 10 }] },
      { id: 'K', names: names('Rei', 'King'), kind: 'regular', pays: [{ count: 3, pay: 8 }] },
    ],
    scatter: { symbol: 'SC', pays: [{ count: 3, pay: 2 }], freeSpins: [{ count: 3, spins: 10 }] },
    freeSpins: { multiplier: 3, retrigger: true, maxFreeSpins: 100 },
    wild: 'WI',
    lineBets: ['0.01', '0.02', '0.05'],
    rtp: 96.4261,
    hitFrequency: 46.2,
    minSpinIntervalMs: 0,
    playable: true,
    demoSupported: true,
    ...overrides,
  };
}

function spinFixture(totalWin: string): SpinResponse {
  const spin = { mode: 'base' as const, stops: [0, 0, 0, 0, 0], window: Array.from({ length: 5 }, () => ['K', 'A', 'K']), lineWins: totalWin === '0.00' ? [] : [{ line: 0, symbol: 'A', count: 3, pay: totalWin }], scatter: { count: 0, pay: '0.00' }, freeSpinsAwarded: 0, multiplier: 1, win: totalWin };
  return {
    round: { id: '41', vendor: 'HOUSE', gameCode: 'tesouro-do-farao', lineBet: '0.01', lines: 20, totalBet: '0.20', stops: spin.stops, window: spin.window, lineWins: spin.lineWins, scatter: spin.scatter, base: spin, freeSpins: [], freeSpinsAwarded: 0, totalWin },
    balance: fromCents(5000n - 20n + toCents(totalWin)),
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 0 },
  };
}

function openSlot(path: string, routes: Record<string, RouteAnswer>) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/games/favorites/ids': { ids: [] },
    'GET /api/wallet/balance': { cash: '50.00', bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$' },
    'GET /api/house/games/HOUSE/tesouro-do-farao': tableFixture(),
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.boot(), bootFixture());
  render(
    <Providers queryClient={queryClient} i18n={createI18n('pt')}>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />
    </Providers>,
  );
  return calls;
}

describe('slot screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens from a launch in the page (no frame), shows the RTP, and spins once per click with its own request id', async () => {
    let release: () => void = () => undefined;
    const calls = openSlot('/seamless?gameId=7', {
      'POST /api/games/launch': launchFixture({ url: '/slot/HOUSE/tesouro-do-farao', game: gameFixture({ nodeId: 7, gameName: 'Tesouro do Faraó' }) }),
      'POST /api/house/games/HOUSE/tesouro-do-farao/spin': () => new Promise((resolve) => (release = () => resolve(spinFixture('0.50')))),
    });
    expect((await screen.findByTestId('slot-rtp', {}, LOAD)).textContent).toBe('RTP 96,43%');
    expect(screen.queryByTestId('game-frame')).toBeNull();
    expect(screen.getByTestId('slot-total-bet').textContent).toBe('R$ 0,20');
    await waitFor(() => expect(screen.getByTestId('slot-balance-value').textContent).toBe('R$ 50,00'));

    const spin = screen.getByTestId('slot-spin');
    fireEvent.click(spin);
    fireEvent.click(spin);
    await waitFor(() => expect(spin.getAttribute('aria-busy')).toBe('true'));
    await act(async () => release());
    expect((await screen.findByTestId('slot-win-amount', {}, LOAD)).textContent).toBe('R$ 0,50');
    expect(screen.getByTestId('slot-balance-value').textContent).toBe('R$ 50,30');
    const spins = calls.filter((call) => call.path.endsWith('/spin'));
    expect(spins).toHaveLength(1);
    expect(spins[0]?.body).toMatchObject({ lineBet: '0.01', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('raises the bet within the offered line bets and explains a refused spin in words', async () => {
    openSlot('/slot/HOUSE/tesouro-do-farao', { 'POST /api/house/games/HOUSE/tesouro-do-farao/spin': apiError(429, 'house.too_fast') });
    await screen.findByTestId('slot-screen', {}, LOAD);
    fireEvent.click(screen.getByTestId('slot-bet-up'));
    fireEvent.click(screen.getByTestId('slot-bet-up'));
    expect(screen.getByTestId('slot-total-bet').textContent).toBe('R$ 1,00');
    expect((screen.getByTestId('slot-bet-up') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect((screen.getByTestId('slot-spin') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('slot-spin'));
    expect((await screen.findByTestId('slot-error-message', {}, LOAD)).textContent).toBe('Vá com calma: aguarde um instante antes do próximo giro.');
  });

  it('demo mode plays with fun credits through demo-spin', async () => {
    const calls = openSlot('/slot/HOUSE/tesouro-do-farao?demo=1', {
      'POST /api/house/games/HOUSE/tesouro-do-farao/demo-spin': () => {
        const { round } = spinFixture('0.00');
        return { round: { ...round, id: undefined }, fairness: { serverSeed: 'b'.repeat(64), serverSeedHash: 'c'.repeat(64), clientSeed: 'x', nonce: 0 } };
      },
    });
    expect((await screen.findByTestId('slot-balance-value', {}, LOAD)).textContent).toBe('R$ 2.000,00');
    fireEvent.click(screen.getByTestId('slot-spin'));
    await waitFor(() => expect(screen.getByTestId('slot-balance-value').textContent).toBe('R$ 1.999,80'), LOAD);
    expect(screen.getByTestId('slot-status').textContent).toContain('Sem prêmio');
    expect(calls.some((call) => call.path.endsWith('/spin'))).toBe(false);
  });
});

describe('slot helpers', () => {
  it('parses only slot launch URLs', () => {
    expect(parseSlotUrl('/slot/HOUSE/tesouro-do-farao')).toEqual({ vendor: 'HOUSE', gameCode: 'tesouro-do-farao', demo: false });
    expect(parseSlotUrl('/slot/TSLOT/a%3Ab?demo=1')).toEqual({ vendor: 'TSLOT', gameCode: 'a:b', demo: true });
    for (const url of ['/sandbox-vendor/play?token=x', '/slot/HOUSE', '/slot/<b>/x', 'https://x/slot/A/b', '/slot/A/b?demo=1&x=2']) expect(parseSlotUrl(url), url).toBeNull();
  });

  it('adds money in centavos, never floats', () => {
    expect(times('0.01', 20)).toBe('0.20');
    expect(fromCents(toCents('0.10') + toCents('0.20'))).toBe('0.30');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(toCents('abc')).toBe(0n);
  });
});
