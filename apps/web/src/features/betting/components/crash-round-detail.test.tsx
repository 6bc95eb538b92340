import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BettingRecordPage, BettingRound, CrashRoundDetail } from '@app/contracts';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const HASH = '7'.repeat(64);

function rowFixture(overrides: Partial<BettingRound> = {}): BettingRound {
  return {
    vendor: 'HOUSE',
    vendorName: 'Casa',
    gameCode: 'crash',
    gameName: 'Crash',
    gameType: 'CRASH',
    product: null,
    roundId: 'crash-7',
    bet: '10.00',
    win: '18.50',
    net: '8.50',
    status: 'settled',
    openedAt: '2025-03-01T15:04:05.000Z',
    closedAt: '2025-03-01T15:04:15.000Z',
    ...overrides,
  };
}

function pageFixture(content: BettingRound[]): BettingRecordPage {
  return { content, pageNum: 1, total: content.length, totalPages: 1, totals: { bet: '10.00', win: '18.50', net: '8.50' }, timeZone: 'America/Sao_Paulo' };
}

function roundFixture(): CrashRoundDetail {
  const player = { betId: '31', name: 'pl***', amount: '10.00', cashOut: '1.85', win: '18.50' };
  return { id: '7', crashPoint: '2.37', hash: HASH, previousHash: '6'.repeat(64), salt: 'salt-0001', terminatingHash: '0'.repeat(64), position: 41, startedAt: '2025-03-01T15:04:10.000Z', crashedAt: '2025-03-01T15:04:15.000Z', players: [player, { ...player, betId: '32', cashOut: null, win: null }] };
}

function openRecord(rows: BettingRound[], round: RouteAnswer = roundFixture()) {
  sessionStorage.setItem('token', 'tok-1');
  const recent = [{ id: '31', roundId: '7', amount: '10.00', autoCashOut: null, status: 'cashed', cashOut: '1.85', win: '18.50', createdAt: '2025-03-01T15:04:05.000Z' }];
  const calls = stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/member/betting-record': pageFixture(rows),
    'GET /api/crash/rounds/7': round,
    'GET /api/crash/me': { current: null, recent },
  });
  return { calls, ...renderApp('/member?tab=personalHistoryCopy') };
}

const roundCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/crash/rounds/'));

describe('betting record: crash round detail', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-02T01:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('opens a crash round: crash point, the member’s bet, win and cash-out, the hash, and the link to verify it', async () => {
    const { calls, router } = openRecord([rowFixture(), rowFixture({ roundId: 'crash-x' })]);
    const rows = await screen.findAllByTestId('betting-row');
    expect(within(rows[1]!).queryByTestId('round-details')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    await within(dialog).findByTestId('round-detail-content');
    expect(roundCalls(calls).map((call) => call.path)).toEqual(['/api/crash/rounds/7']);
    expect(dialog.textContent).toContain('Crash — rodada 7');
    expect(within(dialog).getByTestId('crash-detail-point').textContent).toBe('2,37×');
    expect(within(dialog).getByTestId('round-detail-bet').textContent).toBe('R$\u00a010,00');
    expect(within(dialog).getByTestId('round-detail-win').textContent).toBe('R$\u00a018,50');
    await waitFor(() => expect(within(dialog).getByTestId('crash-detail-cashout').textContent).toBe('1,85×'));
    expect(within(dialog).getByTestId('crash-detail-hash').textContent).toBe(HASH);
    expect(within(dialog).getByTestId('crash-detail-salt').textContent).toBe('salt-0001');
    const link = within(dialog).getByTestId('round-verify-link');
    expect(link.textContent).toBe('Verificar');
    expect(link.getAttribute('href')).toBe('/fairness?crash=7');

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?crash=7'));
    expect(await screen.findByTestId('crash-verifier')).toBeTruthy();
  });

  it('says when the round cannot be loaded', async () => {
    openRecord([rowFixture()], apiError(404, 'crash.round_not_found'));
    fireEvent.click(await screen.findByTestId('round-details'));
    expect((await screen.findByTestId('round-detail-failed')).textContent).toContain('Não foi possível carregar os detalhes da rodada. Rodada não encontrada ou ainda em andamento.');
  });
});
