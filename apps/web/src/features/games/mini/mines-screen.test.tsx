import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MinesPlayResponse, MinesRound, MinesTable } from '@app/contracts';
import type { Language } from '@app/i18n';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { systemKeys } from '../../system/index.ts';

const LOAD = { timeout: 5000 };
const MINES = [0, 3, 12, 18, 24];

function roundFixture(overrides: Partial<MinesRound> = {}): MinesRound {
  return {
    id: '91',
    bet: '1.00',
    mineCount: 5,
    revealed: [],
    hit: null,
    mines: null,
    state: 'playing',
    multiplier: '0.0000',
    nextMultiplier: '1.2375',
    cashOut: null,
    win: '0.00',
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 4 },
    ...overrides,
  };
}

/** After one safe cell (7) of five mines: 0.99 × 25/20. */
const ONE_GEM = { revealed: [7], multiplier: '1.2375', nextMultiplier: '1.5631', cashOut: '1.23' };

function tableFixture(current: MinesRound | null = null): MinesTable {
  return { gameCode: 'mines', names: { pt: 'Mines', en: 'Mines' }, minBet: '0.10', maxBet: '1000.00', rtp: 99, mineCounts: { min: 1, max: 24 }, cells: 25, minSpinIntervalMs: 0, playable: true, current };
}

const answer = (round: MinesRound, balance: string | null = null): MinesPlayResponse => ({ round, balance });

function openMines(routes: Record<string, RouteAnswer>, options: { language?: Language; memberType?: number; path?: string } = {}) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({
    'GET /api/member/info': memberFixture(options.memberType === undefined ? {} : { type: options.memberType }),
    'GET /api/games/favorites/ids': { ids: [] },
    'GET /api/wallet/balance': { cash: '50.00', bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$' },
    'GET /api/house/mines': tableFixture(),
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.boot(), bootFixture());
  render(
    <Providers queryClient={queryClient} i18n={createI18n(options.language ?? 'pt')}>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [options.path ?? '/slot/HOUSE/mines'] })} />
    </Providers>,
  );
  return calls;
}

const posts = (calls: ApiCall[], action: string) => calls.filter((call) => call.method === 'POST' && call.path === `/api/house/mines/${action}`);
const text = (testId: string) => screen.getByTestId(testId).textContent;
const cell = (index: number) => screen.getByTestId(`mines-cell-${index}`);

describe('mines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts a board, reveals a gem, cashes out once on a double click, then shows every mine', async () => {
    let release: () => void = () => undefined;
    const calls = openMines({
      'POST /api/house/mines/start': () => new Promise((resolve) => (release = () => resolve(answer(roundFixture(), '49.00')))),
      'POST /api/house/mines/reveal': answer(roundFixture(ONE_GEM)),
      'POST /api/house/mines/cashout': answer(roundFixture({ ...ONE_GEM, state: 'cashed_out', mines: MINES, nextMultiplier: null, cashOut: null, win: '1.23' }), '50.23'),
    });
    const gameScreen = await screen.findByTestId('mini-screen', {}, LOAD);
    expect(gameScreen.getAttribute('data-game')).toBe('mines');
    expect(text('page-title')).toBe('Mines');
    expect(text('mini-rtp')).toBe('RTP 99%');
    expect(text('mines-next-multiplier')).toBe('1,125×');
    expect(text('mines-next-chance')).toBe('88,00%');
    expect(screen.getByTestId('mines-grid').querySelectorAll('[data-state="closed"]')).toHaveLength(25);
    expect(cell(0).tagName).toBe('DIV');

    fireEvent.change(screen.getByTestId('mines-count'), { target: { value: '5' } });
    expect(text('mines-next-multiplier')).toBe('1,2375×');
    expect(text('mines-next-chance')).toBe('80,00%');
    await waitFor(() => expect((screen.getByTestId('mines-start') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('mines-start'));
    fireEvent.click(screen.getByTestId('mines-start'));
    await act(async () => release());
    expect(posts(calls, 'start')).toHaveLength(1);
    expect(posts(calls, 'start')[0]?.body).toEqual({ amount: '1.00', mines: 5, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const cashOut = await screen.findByTestId('mines-cashout', {}, LOAD);
    expect((cashOut as HTMLButtonElement).disabled).toBe(true);
    expect(cashOut.textContent).toBe('Abra uma casa para sacar');
    expect((screen.getByTestId('mines-count') as HTMLSelectElement).disabled).toBe(true);
    expect(text('mini-balance-value')).toBe('R$ 49,00');
    expect(cell(7).tagName).toBe('BUTTON');

    fireEvent.click(cell(7));
    await waitFor(() => expect(cell(7).getAttribute('data-state')).toBe('gem'));
    expect(posts(calls, 'reveal')[0]?.body).toEqual({ roundId: '91', cell: 7 });
    expect(text('mines-multiplier')).toBe('1,2375×');
    expect(text('mines-next-multiplier')).toBe('1,5631×');
    expect(text('mines-gems-pill')).toContain('1/20 diamantes');
    expect(text('mines-cashout')).toBe('Sacar R$ 1,23');

    fireEvent.click(screen.getByTestId('mines-cashout'));
    fireEvent.click(screen.getByTestId('mines-cashout'));
    const result = await screen.findByTestId('mini-result', {}, LOAD);
    expect(posts(calls, 'cashout')).toHaveLength(1);
    expect(result.getAttribute('data-won')).toBe('true');
    expect(result.textContent).toContain('Você sacou a 1,2375×');
    expect(result.textContent).toContain('Você ganhou R$ 1,23');
    expect(text('mini-balance-value')).toBe('R$ 50,23');
    expect(cell(0).getAttribute('data-state')).toBe('mine');
    expect(cell(1).getAttribute('data-state')).toBe('spare');
    expect(cell(7).getAttribute('data-state')).toBe('gem');
    expect(text('mini-history')).toBe('1,2375×');
    expect(screen.getByTestId('mines-start')).toBeTruthy();
  });

  it('ends the round on a mine, in English: the mine hit in red, the others shown', async () => {
    openMines(
      {
        'POST /api/house/mines/start': answer(roundFixture(), '49.00'),
        'POST /api/house/mines/reveal': answer(roundFixture({ state: 'lost', hit: 12, mines: MINES, nextMultiplier: null }), '49.00'),
      },
      { language: 'en' },
    );
    await screen.findByTestId('mini-screen', {}, LOAD);
    await waitFor(() => expect((screen.getByTestId('mines-start') as HTMLButtonElement).disabled).toBe(false));
    expect(text('mines-start')).toBe('Bet');
    fireEvent.click(screen.getByTestId('mines-start'));
    await screen.findByTestId('mines-cashout', {}, LOAD);
    fireEvent.click(cell(12));
    const result = await screen.findByTestId('mini-result', {}, LOAD);
    expect(result.getAttribute('data-won')).toBe('false');
    expect(result.textContent).toContain('Boom! You hit a mine.');
    expect(cell(12).getAttribute('data-state')).toBe('hit');
    expect(cell(12).getAttribute('aria-label')).toBe('Tile 13 (row 3, column 3): the mine you hit');
    expect(cell(24).getAttribute('data-state')).toBe('mine');
    expect(text('mini-history')).toBe('0×');
  });

  it('resumes the round in progress on opening, and offers its cash-out at once', async () => {
    const calls = openMines({
      'GET /api/house/mines': tableFixture(roundFixture({ ...ONE_GEM, revealed: [3] })),
      'POST /api/house/mines/cashout': answer(roundFixture({ ...ONE_GEM, revealed: [3], state: 'cashed_out', mines: [0, 2, 12, 18, 24], nextMultiplier: null, cashOut: null, win: '1.23' }), '51.23'),
    });
    const cashOut = await screen.findByTestId('mines-cashout', {}, LOAD);
    expect(cashOut.textContent).toBe('Sacar R$ 1,23');
    expect((screen.getByTestId('mines-count') as HTMLSelectElement).value).toBe('5');
    expect(cell(3).getAttribute('data-state')).toBe('gem');
    expect(screen.queryByTestId('mines-start')).toBeNull();
    fireEvent.click(cashOut);
    expect((await screen.findByTestId('mini-result', {}, LOAD)).getAttribute('data-state')).toBe('cashed_out');
    expect(posts(calls, 'cashout')[0]?.body).toEqual({ roundId: '91' });
  });

  it('says in words why a start was refused, and picks up the round the server says is in progress', async () => {
    openMines({
      'GET /api/house/mines': (_call: ApiCall, index: number) => tableFixture(index === 0 ? null : roundFixture({ id: '92' })),
      'POST /api/house/mines/start': apiError(409, 'house.round_in_progress', { roundId: '92' }),
    });
    await screen.findByTestId('mini-screen', {}, LOAD);
    await waitFor(() => expect((screen.getByTestId('mines-start') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('mines-start'));
    expect((await screen.findByTestId('mini-error-message', {}, LOAD)).textContent).toBe('Você tem uma rodada de Mines em andamento: termine-a ou saque antes de continuar.');
    expect(await screen.findByTestId('mines-cashout', {}, LOAD)).toBeTruthy();
    expect(cell(0).tagName).toBe('BUTTON');
  });

  it('shows the multipliers of the chosen number of mines in the rules', async () => {
    openMines({});
    await screen.findByTestId('mini-screen', {}, LOAD);
    fireEvent.change(screen.getByTestId('mines-count'), { target: { value: '24' } });
    fireEvent.click(screen.getByTestId('mini-rules-open'));
    const table = await screen.findByTestId('mines-multiplier-table', {}, LOAD);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toBe('124,75×4,00%99,00%');
    expect(screen.getByTestId('mini-rules').textContent).toContain('0,99 × C(25, k) ÷ C(25 − m, k)');
  });

  it('has no demo: a trial account is told why and nothing is asked of the game server', async () => {
    const calls = openMines({}, { memberType: 4, path: '/slot/HOUSE/mines?demo=1' });
    expect((await screen.findByTestId('mini-demo-unavailable', {}, LOAD)).textContent).toContain('Mines');
    expect(calls.some((call) => call.path.startsWith('/api/house/'))).toBe(false);
  });
});
