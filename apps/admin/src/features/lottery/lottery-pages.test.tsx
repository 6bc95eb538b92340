import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LotteryAdminDrawDetail, LotteryAdminExposure, LotteryAdminGame, LotteryAdminOddsRow } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import DrawPage from './draw-page.tsx';
import GamesPage from './games-page.tsx';
import OddsPage from './odds-page.tsx';

const game: LotteryAdminGame = {
  code: 'VN_HCM', family: 'vn_south', area: 'VN', region: 'south', namePt: 'TP. Hồ Chí Minh', nameEn: 'Ho Chi Minh City', enabled: true, intervalMinutes: null,
  schedule: [{ weekday: 1, time: '16:15', timeZone: 'Asia/Ho_Chi_Minh' }, { weekday: 6, time: '16:15', timeZone: 'Asia/Ho_Chi_Minh' }],
  closeBeforeSeconds: 900, prizeModes: ['LOTT', 'ZY'], minStake: '1.00', maxStake: '50000.00', numberLiability: '5000000.00', nextDraw: null,
};
const odds: LotteryAdminOddsRow = { gameCode: 'VN_HCM', family: 'vn_south', prizeMode: 'LOTT', betType: 'da', odds: { pair: 28_000, repeat: 12_000 }, enabled: true, updatedBy: null, updatedAt: '2026-11-29T10:00:00.000Z' };
const draw: LotteryAdminDrawDetail = {
  id: '41', gameCode: 'VN_HCM', family: 'vn_south', drawNo: '20261130', status: 'closed', closesAt: '2026-11-30T09:00:00.000Z', drawAt: '2026-11-30T09:15:00.000Z',
  tickets: 2, stake: '5.00', potentialPayout: '475.00', paid: '0.00', resultVersion: 0, gameNamePt: 'TP. Hồ Chí Minh', gameNameEn: 'Ho Chi Minh City',
  commitHash: null, cancelReason: null, cancelledBy: null, ticketsByStatus: { open: 2 }, results: [],
};
const exposure: LotteryAdminExposure = {
  drawId: '41', status: 'closed', gameCap: '5000.00', drawCap: null, cap: '5000.00', totalStake: '5.00', totalLiability: '475.00', totalNumbers: 2,
  numbers: [
    { number: '07', tickets: 2, stake: '5.00', potentialPayout: '4500.00', cap: '5000.00', capOverride: null, usedPercent: 90 },
    { number: '18', tickets: 1, stake: '2.00', potentialPayout: '190.00', cap: '5000.00', capOverride: null, usedPercent: 3.8 },
  ],
};
const SOUTH_TIERS: Array<[string, string]> = [['special', '123456'], ['1', '12345'], ['2', '23456'], ['3', '34567 45678'], ['4', '11111 22222 33333 44444 55555 66666 77777'], ['5', '1234'], ['6', '2345 3456 4567'], ['7', '789'], ['8', '07']];

describe('lottery console', () => {
  it('lists games with their schedule and switches one off with a request id', async () => {
    const calls = stubOperatorApi('risk', (call) => (call.method === 'PATCH' ? { body: { ...game, enabled: false } } : { body: { games: [game] } }));
    renderPages('/lottery/games', [{ path: '/lottery/games', element: <GamesPage /> }], 'pt');
    expect(await screen.findByText('Seg 16:15')).toBeTruthy();
    expect(screen.getByTestId('lt-game-state-VN_HCM').textContent).toBe('Ativo');
    fireEvent.click(screen.getByTestId('lt-game-toggle-VN_HCM'));
    expect((await screen.findByTestId('lt-games-notice')).textContent).toBe('Jogo TP. Hồ Chí Minh salvo.');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/backoffice/lottery/games/VN_HCM');
    expect(patch?.body).toMatchObject({ enabled: false, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('edits an odds table: typed decimals become thousandths, an out-of-bounds value blocks saving, a server refusal is translated', async () => {
    let refuse = true;
    const calls = stubOperatorApi('risk', (call) => {
      if (call.method === 'PUT') return refuse ? { status: 400, body: { error: { code: 'lottery_console.odds_keys_mismatch', message: 'keys' } } } : { body: { ...odds, odds: { pair: 27_500, repeat: 12_000 } } };
      if (call.url.includes('/games')) return { body: { games: [game] } };
      return { body: { tables: [odds] } };
    });
    renderPages('/lottery/odds', [{ path: '/lottery/odds', element: <OddsPage /> }]);
    expect((await screen.findByTestId('lt-odds-VN_HCM-LOTT-da')).textContent).toBe('Pair: 28.000Repeat: 12.000');
    fireEvent.click(screen.getByTestId('lt-odds-edit-VN_HCM-LOTT-da'));
    const dialog = await screen.findByTestId('lt-odds-dialog');
    fireEvent.change(within(dialog).getByTestId('lt-odds-input-pair'), { target: { value: '0.5' } });
    expect(within(dialog).getByTestId('lt-odds-invalid')).toBeTruthy();
    expect((within(dialog).getByTestId('lt-odds-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('lt-odds-input-pair'), { target: { value: '27.5' } });
    fireEvent.click(within(dialog).getByTestId('lt-odds-submit'));
    expect((await within(dialog).findByTestId('lt-odds-error')).textContent).toBe('The table must keep exactly the same prizes as before.');
    refuse = false;
    fireEvent.click(within(dialog).getByTestId('lt-odds-submit'));
    expect((await screen.findByTestId('lt-odds-notice')).textContent).toBe('Table Đá (Ho Chi Minh City, LOTT) saved.');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.at(-1)?.url).toBe('/api/backoffice/lottery/odds/VN_HCM/LOTT/da');
    expect(puts.at(-1)?.body).toMatchObject({ odds: { pair: 27_500, repeat: 12_000 }, enabled: true });
    // A retry of the same submission keeps its request id.
    expect((puts[0]!.body as { requestId: string }).requestId).toBe((puts[1]!.body as { requestId: string }).requestId);
  });

  it('shows a closed draw with its exposure and sends a typed result for approval', async () => {
    const calls = stubOperatorApi('risk', (call) => {
      if (call.url.endsWith('/results')) return { status: 202, body: { status: 'pending_approval', approvalId: '77', replayed: false } };
      if (call.url.includes('/exposure')) return { body: exposure };
      if (call.url.startsWith('/api/backoffice/approvals')) return { body: { content: [], total: 0 } };
      return { body: draw };
    });
    renderPages('/lottery/draws/41', [{ path: '/lottery/draws/:id', element: <DrawPage /> }]);
    expect((await screen.findByTestId('lt-draw-status')).textContent).toBe('Closed');
    expect((await screen.findByTestId('lt-exposure-used-07')).textContent).toBe('90%');
    // A closed draw takes no more bets: its caps no longer change.
    expect(screen.queryByTestId('lt-cap-draw')).toBeNull();
    fireEvent.click(screen.getByTestId('lt-draw-result'));
    const dialog = await screen.findByTestId('lt-result-dialog');
    for (const [tier, numbers] of SOUTH_TIERS.slice(0, -1)) fireEvent.change(within(dialog).getByTestId(`lt-tier-${tier}`), { target: { value: numbers } });
    fireEvent.change(within(dialog).getByTestId('lt-tier-8'), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByTestId('lt-result-reason'), { target: { value: 'official sheet' } });
    // One digit short on the 8th prize: nothing is sent.
    expect((within(dialog).getByTestId('lt-result-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('lt-tier-8'), { target: { value: '07' } });
    fireEvent.click(within(dialog).getByTestId('lt-result-submit'));
    expect((await screen.findByTestId('lt-draw-notice')).textContent).toBe('Request no. 77 sent: another operator must approve it in Approvals.');
    const sent = calls.find((call) => call.url.endsWith('/results'));
    expect(sent?.body).toMatchObject({ reason: 'official sheet', result: { family: 'vn_south', prizes: SOUTH_TIERS.map(([tier, numbers]) => ({ tier, numbers: numbers.split(' ') })) } });
  });

  it('hides result entry, cancellation and caps from a read-only role', async () => {
    stubOperatorApi('support', (call) => (call.url.includes('/exposure') ? { body: exposure } : call.url.startsWith('/api/backoffice/approvals') ? { body: { content: [], total: 0 } } : { body: draw }));
    renderPages('/lottery/draws/41', [{ path: '/lottery/draws/:id', element: <DrawPage /> }], 'pt');
    expect((await screen.findByTestId('lt-exposure-used-07')).textContent).toBe('90%');
    expect(screen.queryByTestId('lt-draw-result')).toBeNull();
    expect(screen.queryByTestId('lt-draw-cancel')).toBeNull();
    expect(screen.queryByTestId('lt-cap-draw')).toBeNull();
  });
});
