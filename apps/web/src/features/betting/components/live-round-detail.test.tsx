import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BettingRecordPage, BettingRound, LiveRoundDetail } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const row: BettingRound = {
  vendor: 'LIVE',
  vendorName: 'Mesas da Casa',
  gameCode: 'roleta-copacabana',
  gameName: 'Roleta Copacabana',
  gameType: 'LIVE',
  product: null,
  roundId: 'live-46',
  bet: '4.00',
  win: '0.00',
  net: '-4.00',
  status: 'settled',
  openedAt: '2026-03-01T15:04:05.000Z',
  closedAt: '2026-03-01T15:04:25.000Z',
};

const detail: LiveRoundDetail = {
  round: { id: '46', tableCode: 'roleta-copacabana', number: 22, phase: 'result', bettingEndsAt: '2026-03-01T15:04:15.000Z', commitment: 'a'.repeat(64), handInShoe: null, result: { game: 'roulette', number: 7, colour: 'red' }, resultAt: '2026-03-01T15:04:23.000Z' },
  tableName: 'Roleta Copacabana',
  game: 'roulette',
  verification: { game: 'roulette', serverSeedHash: 'a'.repeat(64), serverSeed: 'b'.repeat(64), clientSeed: 'roleta-copacabana', nonce: 22 },
  myBets: [],
};

afterEach(() => sessionStorage.clear());

describe('betting record: live table round detail', () => {
  it('opens a live-<n> round with its result, its proof and the link to its verification page', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const page: BettingRecordPage = { content: [row], pageNum: 1, total: 1, totalPages: 1, totals: { bet: '4.00', win: '0.00', net: '-4.00' }, timeZone: 'America/Sao_Paulo' };
    stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/member/betting-record': page, 'GET /api/live/rounds/46/me': detail });
    const { router } = renderApp('/member?tab=personalHistoryCopy');
    const rows = await screen.findAllByTestId('betting-row');
    fireEvent.click(within(rows[0]!).getByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    await within(dialog).findByTestId('live-round-detail', {}, { timeout: 8000 });
    expect(within(dialog).getByTestId('verify-commitment').textContent).toBe('a'.repeat(64));
    expect(within(dialog).getByTestId('verify-seed').textContent).toBe('b'.repeat(64));
    expect(within(dialog).getByTestId('verify-stored-result').textContent).toContain('7');
    const link = within(dialog).getByTestId('round-verify-link');
    expect(link.getAttribute('href')).toBe('/live/round/46');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/round/46'));
  });
});
