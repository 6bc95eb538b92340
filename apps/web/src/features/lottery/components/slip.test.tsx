import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api-client.ts';
import { apiError, type ApiCall } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { resetServerClock, sampleServerDate, serverNow } from '../api/server-clock.ts';
import { Countdown, formatRemaining } from './countdown.tsx';
import { drawFixture, fastGame, lotteryApi, southGame, ticketFixture } from './lottery-test-fixtures.ts';
import { refusalMessage } from './placement.ts';
import { quickPick } from './quick-pick.ts';
import { slipFigures } from './slip-math.ts';
import { betTypeRule } from '@app/contracts';

/** The page is a lazy chunk with a lazy namespace: on a busy machine its first render can take seconds. */
const SLOW = { timeout: 8000 };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetServerClock();
  sessionStorage.clear();
});

const slip = () => screen.getByTestId('lt-slip-column');
const key = (value: string) => document.querySelector<HTMLButtonElement>(`[data-testid="lt-pad-key"][data-value="${value}"]`)!;

describe('slip maths', () => {
  it('counts combinations, cost units and the total with the shared rules', () => {
    // Bao lô 2 số in the south covers 18 prize numbers: 3 numbers × 18 units × R$ 2,00.
    expect(slipFigures('vn_south', 'bao_lo_2', ['07', '18', '99'], '2')).toMatchObject({ combinations: 3, costUnits: 18, totalCents: 10_800n, problem: null });
    // The north covers 27.
    expect(slipFigures('vn_north', 'bao_lo_2', ['07'], '1').totalCents).toBe(2_700n);
    // Xiên 2 with 4 numbers makes C(4,2) = 6 pairs.
    expect(slipFigures('vn_south', 'xien_2', ['01', '02', '03', '04'], '1,50')).toMatchObject({ combinations: 6, costUnits: 1, totalCents: 900n });
    expect(slipFigures('fast_5d', 'position', ['p1:7', 'p2:3'], '0.5')).toMatchObject({ combinations: 2, totalCents: 100n });
  });

  it('names what stops the slip: too few picks, no stake, a bad stake', () => {
    expect(slipFigures('vn_south', 'xien_3', ['01', '02'], '1').problem).toBe('pickMore');
    expect(slipFigures('vn_south', 'bao_lo_2', ['01'], '').problem).toBe('stakeRequired');
    expect(slipFigures('vn_south', 'bao_lo_2', ['01'], '1.234').problem).toBe('stakeInvalid');
    expect(slipFigures('vn_south', 'bao_lo_2', ['01'], '0').problem).toBe('stakeTooSmall');
    expect(slipFigures('vn_south', 'nonsense', ['01'], '1').problem).toBe('unavailable');
  });

  it('quick-picks distinct valid selections the rule accepts', () => {
    const rule = betTypeRule('vn_south', 'xien_4')!;
    const picks = quickPick(rule, 4);
    expect(new Set(picks).size).toBe(4);
    picks.forEach((value) => expect(value).toMatch(/^\d{2}$/));
    expect(quickPick(betTypeRule('sea_4d', 'big')!, 3).every((value) => /^\d{4}$/.test(value))).toBe(true);
    expect(quickPick(betTypeRule('fast_5d', 'big_small')!, 2, ['p1:big']).includes('p1:big')).toBe(false);
  });
});

describe('countdown', () => {
  it('counts down on the server clock, then shows the draw closed and says so once', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T09:30:00.000Z') });
    // The server is 20 s ahead of this device.
    sampleServerDate(new Headers({ date: new Date(Date.parse('2026-11-29T09:30:20.000Z')).toUTCString() }), Date.now(), Date.now());
    expect(Math.round((serverNow() - Date.now()) / 1000)).toBe(21);
    const onClosed = vi.fn();
    render(
      <Providers queryClient={createQueryClient()} i18n={createTestI18n('pt')}>
        <Countdown closesAt="2026-11-29T09:30:25.000Z" onClosed={onClosed} />
      </Providers>,
    );
    expect(screen.getByTestId('lt-countdown').textContent).toBe('Fecha em 0:05');
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByTestId('lt-countdown').textContent).toBe('Fechado');
    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(formatRemaining(3_725_000)).toBe('1:02:05');
  });
});

describe('refusal messages', () => {
  it('translates the lottery refusal codes with their figures, and other failures through the app errors', () => {
    const i18n = createTestI18n('pt');
    expect(refusalMessage(i18n, new ApiError(409, 'lottery.draw_closed', 'closed'))).toContain('O sorteio fechou antes da sua aposta chegar');
    expect(refusalMessage(i18n, new ApiError(409, 'lottery.number_limit_reached', 'limit', { numbers: ['07', '18'] }))).toContain('Números no limite: 07, 18.');
    expect(refusalMessage(i18n, new ApiError(400, 'lottery.stake_below_min', 'min', { minimum: '0.50' }))).toContain('Mínimo: R$ 0,50.');
    expect(refusalMessage(i18n, 'insufficient_funds')).toBe('Saldo insuficiente para este total.');
    const en = createTestI18n('en');
    expect(refusalMessage(en, new ApiError(409, 'lottery.total_mismatch', 'total'))).toContain('The total changed');
    expect(refusalMessage(en, new ApiError(0, 'network.failed', 'down'))).not.toContain('lottery');
  });
});

describe('betting page', () => {
  it('switches bet-type tabs, shows combinations and total before confirming, and places once on a double click', async () => {
    let answer: (value: Response) => void = () => undefined;
    const calls = lotteryApi({ 'POST /api/lottery/tickets': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/vnLottery?gameCode=VN_HCM');
    await screen.findByTestId('lt-board', {}, SLOW);
    expect(screen.getByTestId('lt-bet-type-bao_lo_2').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('lt-bet-type-xien_2'));
    expect(screen.getByTestId('lt-bet-type-xien_2').getAttribute('aria-selected')).toBe('true');
    const confirm = within(slip()).getByTestId('lt-slip-confirm') as HTMLButtonElement;
    fireEvent.click(key('11'));
    expect(confirm.disabled).toBe(true);
    expect(within(slip()).getByTestId('lt-slip-problem').textContent).toBe('Escolha pelo menos 2.');
    fireEvent.click(key('22'));
    fireEvent.click(key('33'));
    expect(within(slip()).getByTestId('lt-slip-combinations').textContent).toBe('3');
    fireEvent.change(within(slip()).getByTestId('lt-slip-stake'), { target: { value: '2' } });
    expect(within(slip()).getByTestId('lt-slip-total').textContent).toBe('R$\u00a06,00');
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.disabled).toBe(true));
    const posts = () => calls.filter((call) => call.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toMatchObject({ drawId: '601', betType: 'xien_2', prizeMode: 'LOTT', selections: ['11', '22', '33'], unitStake: '2.00', expectedTotal: '6.00' });
    answer(new Response(JSON.stringify(ticketFixture({ id: '77', totalStake: '6.00' })), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect((await within(slip()).findByTestId('lt-slip-placed')).textContent).toContain('Aposta nº 77 aceita');
    expect(within(slip()).getByTestId('lt-slip-empty')).toBeTruthy();
  });

  it('explains a bet refused because the draw closed and asks for the next draw', async () => {
    const calls = lotteryApi({ 'POST /api/lottery/tickets': apiError(409, 'lottery.draw_closed') });
    renderApp('/lottery?gameCode=FAST1');
    await screen.findByTestId('lt-board', {}, SLOW);
    fireEvent.click(key('p1:7'));
    const reads = calls.filter((call) => call.path === '/api/lottery/games/FAST1').length;
    fireEvent.click(within(slip()).getByTestId('lt-slip-confirm'));
    expect((await within(slip()).findByTestId('lt-slip-error')).textContent).toContain('O sorteio fechou antes da sua aposta chegar');
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/lottery/games/FAST1').length).toBeGreaterThan(reads));
  });

  it('keeps the same requestId when the answer was lost and the player confirms again', async () => {
    const calls = lotteryApi({ 'POST /api/lottery/tickets': (_call: ApiCall, index: number) => (index === 0 ? apiError(503, 'unavailable') : ticketFixture()) });
    renderApp('/lottery?gameCode=FAST1');
    await screen.findByTestId('lt-board', {}, SLOW);
    fireEvent.click(key('p2:3'));
    fireEvent.click(within(slip()).getByTestId('lt-slip-confirm'));
    await within(slip()).findByTestId('lt-slip-error');
    fireEvent.click(within(slip()).getByTestId('lt-slip-confirm'));
    await within(slip()).findByTestId('lt-slip-placed');
    const ids = calls.filter((call) => call.method === 'POST').map((call) => (call.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('shows a closed draw as closed and keeps confirm disabled until the next draw arrives', async () => {
    lotteryApi({ 'GET /api/lottery/games/FAST1': fastGame({ nextDraw: drawFixture({ closesAt: new Date(Date.now() - 1_000).toISOString() }) }) });
    renderApp('/lottery?gameCode=FAST1');
    await screen.findByTestId('lt-board', {}, SLOW);
    expect(screen.getAllByTestId('lt-countdown')[0]!.textContent).toBe('Fechado');
    expect(screen.getByTestId('lt-draw-waiting')).toBeTruthy();
    fireEvent.click(key('p1:1'));
    expect((within(slip()).getByTestId('lt-slip-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(within(slip()).getByTestId('lt-slip-closed')).toBeTruthy();
  });

  it('offers the prize modes of a game with two and sends the chosen one', async () => {
    const calls = lotteryApi({ 'GET /api/lottery/games/VN_HCM': (call: ApiCall) => southGame({ betTypes: [{ code: 'bao_lo_2', odds: { hit: call.query.get('prizeMode') === 'ZY' ? 99_000 : 80_000 } }] }) });
    renderApp('/vnLottery?gameCode=VN_HCM');
    await screen.findByTestId('lt-board', {}, SLOW);
    expect(within(slip()).getByTestId('lt-slip-odds').textContent).toBe('80');
    fireEvent.click(within(slip()).getByTestId('lt-prize-mode-ZY'));
    await waitFor(() => expect(within(slip()).getByTestId('lt-slip-odds').textContent).toBe('99'));
    expect(calls.some((call) => call.path === '/api/lottery/games/VN_HCM' && call.query.get('prizeMode') === 'ZY')).toBe(true);
  });
});
