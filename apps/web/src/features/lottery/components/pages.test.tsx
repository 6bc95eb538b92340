import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LotteryDraw } from '@app/contracts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/fake-api.ts';
import { resetServerClock } from '../api/server-clock.ts';
import { drawFixture, drawnFast, fastGame, lotteryApi, southGame, ticketFixture } from './lottery-test-fixtures.ts';
import { digitTrend, endingTrend } from './trend.ts';

/** The page is a lazy chunk with a lazy namespace: on a busy machine its first render can take seconds. */
const SLOW = { timeout: 8000 };

afterEach(() => {
  vi.unstubAllGlobals();
  resetServerClock();
  sessionStorage.clear();
});

const southDraw = (id: string, special: string, eighth: string): LotteryDraw =>
  drawFixture({ id, gameCode: 'VN_HCM', drawNo: `2026-11-${id}`, status: 'settled', commitHash: null, result: { family: 'vn_south', prizes: [{ tier: 'special', numbers: [special] }, { tier: '8', numbers: [eighth] }] } });

describe('trend maths', () => {
  it('counts each digit per ball position and how long it has been missing', () => {
    const trend = digitTrend([drawnFast('3', [1, 0, 0, 0, 0]), drawnFast('2', [2, 0, 0, 0, 0]), drawnFast('1', [1, 9, 0, 0, 0])]);
    expect(trend.frequency[0]!.slice(0, 3)).toEqual([0, 2, 1]);
    expect(trend.missing[0]!.slice(0, 3)).toEqual([3, 0, 1]);
    expect(trend.missing[1]![9]).toBe(2);
  });

  it('counts the 2-digit endings of every opened number', () => {
    const trend = endingTrend([southDraw('29', '123456', '56'), southDraw('28', '000007', '07')]);
    expect(trend.draws).toBe(2);
    expect(trend.counts[56]).toBe(2);
    expect(trend.counts[7]).toBe(2);
  });
});

describe('lottery pages', () => {
  it('lists the next draws grouped (south Vietnam, fast by interval) with countdowns, and opens a game', async () => {
    lotteryApi({ 'GET /api/lottery/recent': { games: [{ code: 'VN_HCM' }] } });
    const { router } = renderApp('/lottery');
    const lobby = await screen.findByTestId('lt-lobby', {}, SLOW);
    expect(within(screen.getByTestId('lt-group-vn_south')).getByText('TP. Hồ Chí Minh')).toBeTruthy();
    expect(within(screen.getByTestId('lt-group-fast_1')).getByText('Rápida 1 min')).toBeTruthy();
    expect(within(lobby).getAllByTestId('lt-countdown')[0]!.textContent).toMatch(/^\d+:\d\d(:\d\d)?$/);
    await screen.findByTestId('lt-recent', {}, SLOW);
    fireEvent.click(within(screen.getByTestId('lt-group-fast_1')).getByTestId('lt-game-tile'));
    await screen.findByTestId('lt-board', {}, SLOW);
    expect(router.state.location.search).toBe('?gameCode=FAST1');
  });

  it('narrows /seaLottery to its area', async () => {
    const calls = lotteryApi({ 'GET /api/lottery/games': { games: [] } });
    renderApp('/seaLottery');
    await screen.findByTestId('lt-lobby-empty', {}, SLOW);
    expect(calls.find((call) => call.path === '/api/lottery/games')!.query.get('area')).toBe('SEA');
  });

  it('shows the results history as the family shapes it, with the trend chart', async () => {
    lotteryApi({ 'GET /api/lottery/results': { draws: [southDraw('29', '123456', '56'), southDraw('28', '000007', '07')], nextBefore: null } });
    renderApp('/vnLottery?gameCode=VN_HCM&tab=results');
    const history = await screen.findByTestId('lt-history', {}, SLOW);
    expect(within(history).getAllByTestId('lt-history-draw')).toHaveLength(2);
    expect(within(history).getAllByText('Especial').length).toBeGreaterThan(0);
    const cell = history.querySelector('[data-testid="lt-trend-cell"][data-ending="56"]')!;
    expect(cell.getAttribute('data-count')).toBe('2');
  });

  it('verifies a fast draw: commitment, secret, recomputed result and both checks', async () => {
    lotteryApi({
      'GET /api/lottery/draws/500': drawnFast('500', [1, 2, 3, 4, 5]),
      'GET /api/lottery/draws/500/verify': { drawId: '500', commitHash: 'ab'.repeat(32), secret: 'cd'.repeat(32), hashMatches: true, recomputed: { family: 'fast_5d', balls: [1, 2, 3, 4, 5] }, resultMatches: true, algorithm: 'balls = HMAC-SHA256(secret, drawNo)' },
    });
    renderApp('/lottery?gameCode=FAST1');
    fireEvent.click(await screen.findByTestId('lt-verify-link', {}, SLOW));
    const proof = await screen.findByTestId('lt-verify', {}, SLOW);
    expect(within(proof).getByTestId('lt-verify-hash').textContent).toBe('ab'.repeat(32));
    expect(within(proof).getByTestId('lt-verify-hash-matches').textContent).toBe('Confere');
    expect(within(proof).getByTestId('lt-verify-result-matches').getAttribute('data-state')).toBe('match');
    expect(within(proof).getByTestId('lt-verify-algorithm').textContent).toContain('HMAC');
  });

  it('lists my open and settled orders with status, hits and return', async () => {
    const calls = lotteryApi({
      'GET /api/lottery/tickets': (call: { query: URLSearchParams }) =>
        call.query.get('status') === 'settled' ? { tickets: [ticketFixture({ id: '2', status: 'won', hits: 1, return: '9.80', settledAt: '2026-11-29T09:31:05.000Z' })] } : { tickets: [ticketFixture()] },
    });
    renderApp('/lottery?tab=orders');
    expect((await screen.findByTestId('lt-ticket-status', {}, SLOW)).textContent).toBe('Em aberto');
    fireEvent.click(screen.getByTestId('lt-orders-settled'));
    await waitFor(() => expect(screen.getByTestId('lt-ticket-status').textContent).toBe('Ganhou'));
    expect(screen.getByTestId('lt-ticket-hits').textContent).toBe('1');
    expect(screen.getByTestId('lt-ticket-return').textContent).toBe('R$\u00a09,80');
    expect(calls.some((call) => call.query.get('status') === 'settled')).toBe(true);
  });

  it('sends a visitor on /vnLottery or /vnlottery to the login (/login opens the login popup on /)', async () => {
    stubApi({ 'GET /api/lottery/games': { games: [fastGame(), southGame()] } });
    const { router } = renderApp('/vnlottery?gameCode=VN_HCM');
    await screen.findByTestId('modal-login');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByTestId('lt-board')).toBeNull();
  });

  it('shows the house lottery above the vendors on /elott, open to visitors', async () => {
    stubApi({ 'GET /api/lottery/games': { games: [fastGame(), southGame()] }, 'GET /api/lottery/results': { draws: [], nextBefore: null } });
    renderApp('/elott');
    const lobby = await screen.findByTestId('lt-lobby', {}, SLOW);
    expect(within(lobby).queryByText('TP. Hồ Chí Minh')).toBeNull();
    expect(within(lobby).getByText('Rápida 1 min')).toBeTruthy();
    expect(screen.getByTestId('lt-vendors')).toBeTruthy();
  });
});
