import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MiniGameCode, MiniPlayResponse, MiniTable } from '@app/contracts';
import { plinko, PLINKO_ROWS, PLINKO_TABLES } from '@app/house-games';
import type { Language } from '@app/i18n';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { gameFixture, launchFixture } from '../../../test/games-fixtures.ts';
import { systemKeys } from '../../system/index.ts';

const LOAD = { timeout: 5000 };
const NAMES: Record<MiniGameCode, { pt: string; en: string }> = { dados: { pt: 'Dados', en: 'Dice' }, limbo: { pt: 'Limbo', en: 'Limbo' }, plinko: { pt: 'Plinko', en: 'Plinko' } };
const RISKS = ['low', 'medium', 'high'] as const;

function tableFixture(gameCode: MiniGameCode, overrides: Partial<MiniTable> = {}): MiniTable {
  const options =
    gameCode === 'plinko'
      ? PLINKO_ROWS.flatMap((rows) => RISKS.map((risk) => ({ rows, risk, rtp: Math.round(plinko.rtp({ rows, risk }) * 1_000_000) / 10_000, multipliers: PLINKO_TABLES[rows][risk].map((value) => value.toFixed(2)) })))
      : undefined;
  return {
    gameCode,
    names: NAMES[gameCode],
    minBet: '0.10',
    maxBet: '1000.00',
    rtp: options ? Math.max(...options.map((option) => option.rtp)) : 99,
    ...(options ? { plinko: options } : {}),
    minSpinIntervalMs: 0,
    playable: true,
    ...overrides,
  };
}

function playFixture(gameCode: MiniGameCode, round: Omit<MiniPlayResponse['round'], 'id' | 'gameCode' | 'kind'>, balance: string): MiniPlayResponse {
  return { round: { id: '77', gameCode, kind: gameCode, ...round }, balance, fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 3 } };
}

function openMini(path: string, routes: Record<string, RouteAnswer>, options: { language?: Language; memberType?: number } = {}) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({
    'GET /api/member/info': memberFixture(options.memberType === undefined ? {} : { type: options.memberType }),
    'GET /api/games/favorites/ids': { ids: [] },
    'GET /api/wallet/balance': { cash: '50.00', bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$' },
    'GET /api/house/mini/dados': tableFixture('dados'),
    'GET /api/house/mini/limbo': tableFixture('limbo'),
    'GET /api/house/mini/plinko': tableFixture('plinko'),
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.boot(), bootFixture());
  render(
    <Providers queryClient={queryClient} i18n={createI18n(options.language ?? 'pt')}>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />
    </Providers>,
  );
  return calls;
}

const plays = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/play'));
const text = (testId: string) => screen.getByTestId(testId).textContent;

/** Reduced motion: the round is shown at once (no ball fall, no count-up). */
function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

describe('mini games', () => {
  afterEach(() => vi.restoreAllMocks());

  it('dados: the target and direction drive the live odds; a double click rolls once, the roll lands on the track and pays', async () => {
    let release: () => void = () => undefined;
    const calls = openMini('/slot/HOUSE/dados', {
      'POST /api/house/mini/dados/play': () =>
        new Promise((resolve) => (release = () => resolve(playFixture('dados', { bet: '1.00', multiplier: '3.9603', win: '3.96', result: { direction: 'under', target: '25.00', roll: '12.34', won: true } }, '52.96')))),
    });
    const gameScreen = await screen.findByTestId('mini-screen', {}, LOAD);
    expect(gameScreen.getAttribute('data-game')).toBe('dados');
    expect(screen.getByTestId('page-title').textContent).toBe('Dados');
    expect(text('mini-rtp')).toBe('RTP 99%');
    expect(text('dice-multiplier')).toBe('1,9801×');
    expect(text('dice-chance')).toBe('50,00%');
    expect(text('mini-status')).toContain('acima ou abaixo');
    await waitFor(() => expect(text('mini-balance-value')).toBe('R$ 50,00'));

    fireEvent.change(screen.getByTestId('dice-target'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('dice-direction-under'));
    expect(screen.getByTestId('dice-direction-under').getAttribute('aria-pressed')).toBe('true');
    expect(text('dice-multiplier')).toBe('3,9603×');
    expect(text('dice-chance')).toBe('25,00%');
    expect(text('mini-payout')).toBe('R$ 3,96');

    const play = screen.getByTestId('mini-play');
    fireEvent.click(play);
    fireEvent.click(play);
    await waitFor(() => expect(play.getAttribute('aria-busy')).toBe('true'));
    await act(async () => release());
    const result = await screen.findByTestId('mini-result', {}, LOAD);
    expect(result.getAttribute('data-won')).toBe('true');
    expect(result.textContent).toContain('12,34');
    expect(result.textContent).toContain('Você ganhou R$ 3,96');
    expect(screen.getByTestId('dice-marker').className).toContain('is-won');
    expect(screen.getByTestId('dice-marker').style.left).toBe('12.34%');
    expect(text('mini-balance-value')).toBe('R$ 52,96');
    expect(text('mini-history')).toBe('12,34');

    expect(plays(calls)).toHaveLength(1);
    expect(plays(calls)[0]?.body).toEqual({ amount: '1.00', params: { direction: 'under', target: '25.00' }, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('limbo: the target is validated, the chance follows it, and a losing result is shown in red', async () => {
    const calls = openMini('/slot/HOUSE/limbo', {
      'POST /api/house/mini/limbo/play': playFixture('limbo', { bet: '2.00', multiplier: '0.0000', win: '0.00', result: { target: '3.00', result: '1.52', won: false } }, '48.00'),
    });
    const target = await screen.findByTestId('limbo-target', {}, LOAD);
    expect((target as HTMLInputElement).value).toBe('2,00');
    expect(text('limbo-chance')).toBe('49,50%');

    fireEvent.change(target, { target: { value: '0,5' } });
    expect(text('limbo-target-error')).toBe('Informe um alvo de 1,01 a 1.000.000, com até duas casas decimais.');
    fireEvent.click(screen.getByTestId('mini-play'));
    expect(plays(calls)).toHaveLength(0);

    fireEvent.change(target, { target: { value: '3' } });
    expect(screen.queryByTestId('limbo-target-error')).toBeNull();
    expect(text('limbo-chance')).toBe('33,00%');
    fireEvent.click(screen.getByTestId('mini-amount-double'));
    expect((screen.getByTestId('mini-amount') as HTMLInputElement).value).toBe('2,00');
    expect(text('mini-payout')).toBe('R$ 6,00');

    fireEvent.click(screen.getByTestId('mini-play'));
    const result = await screen.findByTestId('mini-result', {}, LOAD);
    expect(result.getAttribute('data-won')).toBe('false');
    expect(result.textContent).toContain('1,52×');
    expect(result.textContent).toContain('Não foi desta vez');
    expect(text('limbo-value')).toBe('1,52×');
    expect(screen.getByTestId('limbo-board').className).toContain('is-lost');
    expect(text('mini-balance-value')).toBe('R$ 48,00');
    expect(plays(calls)[0]?.body).toMatchObject({ amount: '2.00', params: { target: '3.00' } });
  });

  it('plinko: rows and risk pick the table and its RTP; the ball lands in the played slot, which lights up', async () => {
    preferReducedMotion();
    const path = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1];
    const calls = openMini('/slot/HOUSE/plinko', {
      'POST /api/house/mini/plinko/play': playFixture('plinko', { bet: '1.00', multiplier: '24.0000', win: '24.00', result: { rows: 12, risk: 'high', path, slot: 11, multiplier: '24.00' } }, '73.00'),
    });
    const board = await screen.findByTestId('plinko-board', {}, LOAD);
    expect(board.getAttribute('data-rows')).toBe('8');
    fireEvent.change(screen.getByTestId('plinko-rows'), { target: { value: '12' } });
    fireEvent.change(screen.getByTestId('plinko-risk'), { target: { value: 'high' } });
    expect(screen.getByTestId('plinko-board').getAttribute('data-rows')).toBe('12');
    expect(screen.getByTestId('plinko-board').querySelectorAll('.plinko-peg')).toHaveLength(3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14);
    expect(text('mini-rtp')).toBe(`RTP ${(Math.round(plinko.rtp({ rows: 12, risk: 'high' }) * 10_000) / 100).toLocaleString('pt-BR')}%`);
    expect(text('plinko-top')).toBe('170×');

    fireEvent.click(screen.getByTestId('mini-play'));
    const result = await screen.findByTestId('mini-result', {}, LOAD);
    expect(result.getAttribute('data-won')).toBe('true');
    expect(result.textContent).toContain('A bola caiu na casa de 24×');
    expect(result.textContent).toContain('Você ganhou R$ 24,00');
    expect(text('plinko-slot-hit')).toBe('24×');
    expect(screen.getByTestId('plinko-board').querySelectorAll('.plinko-peg.is-touched')).toHaveLength(12);
    expect(text('mini-balance-value')).toBe('R$ 73,00');
    expect(plays(calls)[0]?.body).toMatchObject({ amount: '1.00', params: { rows: 12, risk: 'high' } });
  });

  it('refuses a stake outside the limits with a translated message, sending nothing', async () => {
    const calls = openMini('/slot/HOUSE/dados', {});
    const amount = await screen.findByTestId('mini-amount', {}, LOAD);
    await waitFor(() => expect((screen.getByTestId('mini-play') as HTMLButtonElement).disabled).toBe(false));

    fireEvent.change(amount, { target: { value: '5000' } });
    expect(text('mini-amount-error')).toBe('A aposta máxima é R$ 1.000,00.');
    fireEvent.click(screen.getByTestId('mini-play'));
    fireEvent.change(amount, { target: { value: '0,05' } });
    expect(text('mini-amount-error')).toBe('A aposta mínima é R$ 0,10.');
    fireEvent.click(screen.getByTestId('mini-play'));
    fireEvent.change(amount, { target: { value: '1,234' } });
    expect(text('mini-amount-error')).toBe('Informe um valor válido, por exemplo 1,50.');
    fireEvent.click(screen.getByTestId('mini-play'));
    expect(document.activeElement).toBe(amount);
    expect(plays(calls)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '0,10' } });
    fireEvent.click(screen.getByTestId('mini-amount-half'));
    expect((amount as HTMLInputElement).value).toBe('0,10');
    expect(screen.queryByTestId('mini-amount-error')).toBeNull();
  });

  it('shows the server’s refusal in words and keeps the balance', async () => {
    openMini('/slot/HOUSE/limbo', { 'POST /api/house/mini/limbo/play': apiError(402, 'house.insufficient_funds') });
    await screen.findByTestId('mini-screen', {}, LOAD);
    await waitFor(() => expect((screen.getByTestId('mini-play') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('mini-play'));
    expect((await screen.findByTestId('mini-error-message', {}, LOAD)).textContent).toBe('Saldo insuficiente para esta aposta.');
    expect(screen.queryByTestId('mini-result')).toBeNull();
    expect(text('mini-balance-value')).toBe('R$ 50,00');
  });

  it('opens from a launch inside the game stage (no frame), in English', async () => {
    preferReducedMotion();
    openMini(
      '/seamless?gameId=9',
      {
        'POST /api/games/launch': launchFixture({ url: '/slot/HOUSE/dados', game: gameFixture({ nodeId: 9, gameName: 'Dados', vassalage: 'HOUSE', gameCode: 'dados' }) }),
        'POST /api/house/mini/dados/play': playFixture('dados', { bet: '1.00', multiplier: '0.0000', win: '0.00', result: { direction: 'over', target: '50.00', roll: '50.00', won: false } }, '49.00'),
      },
      { language: 'en' },
    );
    await screen.findByTestId('mini-screen', {}, LOAD);
    expect(screen.queryByTestId('game-frame')).toBeNull();
    expect(text('dice-multiplier')).toBe('1.9801×');
    expect(text('mini-play')).toBe('Roll');
    await waitFor(() => expect((screen.getByTestId('mini-play') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('mini-play'));
    const result = await screen.findByTestId('mini-result', {}, LOAD);
    expect(result.getAttribute('data-won')).toBe('false');
    expect(result.textContent).toContain('Roll: 50.00');
  });

  it('has no demo mode: a real member plays for real, told so; a trial account gets an explanation', async () => {
    openMini('/slot/HOUSE/plinko?demo=1', {});
    await screen.findByTestId('mini-screen', {}, LOAD);
    expect(text('mini-demo-notice')).toBe('Este jogo não tem modo demonstração: as rodadas usam o saldo real da sua conta.');
  });

  it('shows a trial account why there is no demo', async () => {
    const calls = openMini('/slot/HOUSE/plinko?demo=1', {}, { memberType: 4 });
    expect((await screen.findByTestId('mini-demo-unavailable', {}, LOAD)).textContent).toContain('Sem modo demonstração');
    expect(screen.queryByTestId('mini-screen')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/house/'))).toBe(false);
  });

  it('keeps other house games on the slot screen', async () => {
    openMini('/slot/HOUSE/tesouro-do-farao', { 'GET /api/house/games/HOUSE/tesouro-do-farao': apiError(404, 'house.game_not_found') });
    expect((await screen.findByTestId('slot-error', {}, LOAD)).textContent).toBe('Jogo não encontrado.');
    expect(screen.queryByTestId('mini-screen')).toBeNull();
  });
});
