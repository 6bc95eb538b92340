import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveAdminRound, LiveAdminTable } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import ChatPage from './chat-page.tsx';
import RoundPage from './round-page.tsx';
import RoundsPage from './rounds-page.tsx';
import TablesPage from './tables-page.tsx';

const baccarat: LiveAdminTable = {
  code: 'bac-1', game: 'baccarat', namePt: 'Bacará 1', nameEn: 'Baccarat 1', status: 'open', bettingSeconds: 15, roundsPlayed: 40,
  limits: { perType: { player: { min: '1.00', max: '5000.00' }, banker: { min: '1.00', max: '5000.00' } }, roundMax: '10000.00' },
  currentRound: { id: '77', number: 41, phase: 'betting' }, shoe: { id: '3', hash: 'ab'.repeat(32), handsPlayed: 40, cardsLeft: 200 }, updatedAt: '2026-11-29T10:00:00.000Z',
};
const hand: LiveAdminRound = {
  id: '76', tableCode: 'bac-1', game: 'baccarat', number: 40, phase: 'result', bettingEndsAt: '2026-11-29T10:00:00.000Z', resultAt: '2026-11-29T10:00:10.000Z', settledAt: null,
  result: { game: 'baccarat', playerCards: ['9S', 'KD'], bankerCards: ['TH', '3C'], playerTotal: 9, bankerTotal: 3, winner: 'player', playerPair: false, bankerPair: false, natural: true },
  bets: 2, players: 2, staked: '15.00', paid: '20.00', unclosed: 1,
  verification: { game: 'baccarat', shoeId: '3', shoeHash: 'ab'.repeat(32), shoeSeed: null, clientSeed: 'bac-1', nonce: 3, firstCard: 200, cardsUsed: 4 },
};
const spin: LiveAdminRound = { ...hand, id: '90', tableCode: 'rou-1', game: 'roulette', number: 12, result: { game: 'roulette', number: 17, colour: 'black' }, verification: { game: 'roulette', serverSeedHash: 'cd'.repeat(32), serverSeed: 'ef'.repeat(32), clientSeed: 'rou-1', nonce: 12 } };

describe('live tables console', () => {
  it('closes a table with a reason and a request id', async () => {
    const calls = stubOperatorApi('risk', (call) => (call.method === 'PATCH' ? { body: { ...baccarat, status: 'closed' } } : { body: { tables: [baccarat] } }));
    renderPages('/live/tables', [{ path: '/live/tables', element: <TablesPage /> }], 'pt');
    expect((await screen.findByTestId('lv-table-status-bac-1')).textContent).toBe('Aberta');
    fireEvent.click(screen.getByTestId('lv-table-toggle-bac-1'));
    const dialog = await screen.findByTestId('lv-status-dialog');
    expect((within(dialog).getByTestId('lv-status-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('lv-status-reason'), { target: { value: 'manutenção' } });
    fireEvent.click(within(dialog).getByTestId('lv-status-submit'));
    expect((await screen.findByTestId('lv-tables-notice')).textContent).toBe('Bacará 1 salva.');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/backoffice/live/tables/bac-1');
    expect(patch?.body).toMatchObject({ status: 'closed', reason: 'manutenção', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('edits limits: a minimum above its maximum blocks saving; typed reais are sent as amounts', async () => {
    const calls = stubOperatorApi('risk', (call) => (call.method === 'PATCH' ? { body: baccarat } : { body: { tables: [baccarat] } }));
    renderPages('/live/tables', [{ path: '/live/tables', element: <TablesPage /> }]);
    fireEvent.click(await screen.findByTestId('lv-table-edit-bac-1'));
    const dialog = await screen.findByTestId('lv-limits-dialog');
    fireEvent.change(within(dialog).getByTestId('lv-limits-reason'), { target: { value: 'new limits' } });
    fireEvent.change(within(dialog).getByTestId('lv-limit-min-tie'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByTestId('lv-limit-max-tie'), { target: { value: '10' } });
    expect(within(dialog).getByText('The minimum is above the maximum.')).toBeTruthy();
    expect((within(dialog).getByTestId('lv-limits-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('lv-limit-max-tie'), { target: { value: '500,50' } });
    fireEvent.click(within(dialog).getByTestId('lv-limits-submit'));
    expect(await screen.findByTestId('lv-tables-notice')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ limits: { perType: { player: { min: '1.00', max: '5000.00' }, tie: { min: '50.00', max: '500.50' } }, roundMax: '10000.00' }, bettingSeconds: 15 });
  });

  it('shows rounds with cards and numbers, and a round with its bets and an unrevealed shoe seed', async () => {
    stubOperatorApi('support', (call) => {
      if (call.url.includes('/rounds/76')) return { body: { round: hand, bets: [{ id: '1', account: 'alice', chips: [{ spot: 'player', amount: '10.00', win: '20.00' }], amount: '10.00', win: '20.00', status: 'settled', createdAt: hand.bettingEndsAt, closedAt: null }] } };
      if (call.url.includes('/rounds')) return { body: { rounds: [spin, hand], total: 2, page: 1, pageSize: 20 } };
      return { body: { tables: [baccarat] } };
    });
    renderPages('/live/rounds', [{ path: '/live/rounds', element: <RoundsPage /> }, { path: '/live/rounds/:id', element: <RoundPage /> }]);
    const results = await screen.findAllByTestId('lv-result');
    expect(results[0]!.textContent).toContain('17');
    expect(results[1]!.textContent).toContain('Player 9');
    expect(results[1]!.textContent).toContain('10♥');
    fireEvent.click(screen.getByTestId('lv-round-link-76'));
    expect(await screen.findByText('Baccarat 1 · round 40')).toBeTruthy();
    expect(screen.getByText('alice')).toBeTruthy();
    expect(screen.getByText(/Not yet revealed/)).toBeTruthy();
  });

  it('removes a chat message with a reason and mutes an account', async () => {
    const message = { id: '5', tableCode: 'bac-1', account: 'bob', original: 'seu idiota', shown: 'seu ******', filtered: true, removed: false, at: '2026-11-29T10:00:00.000Z' };
    const calls = stubOperatorApi('support', (call) => {
      if (call.url.endsWith('/remove')) return { body: { ...message, removed: true } };
      if (call.url.includes('/mutes') && call.method === 'POST') return { body: { account: 'bob', mute: { account: 'bob', until: '2026-11-29T11:00:00.000Z', reason: 'spam', by: 'sup1', at: '2026-11-29T10:30:00.000Z' } } };
      if (call.url.includes('/mutes')) return { body: { mutes: [] } };
      if (call.url.includes('/chat')) return { body: { messages: [message], total: 1, page: 1 } };
      return { body: { tables: [baccarat] } };
    });
    renderPages('/live/chat', [{ path: '/live/chat', element: <ChatPage /> }]);
    expect(await screen.findByText('Typed: seu idiota')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lv-remove-5'));
    const dialog = await screen.findByTestId('lv-remove-dialog');
    fireEvent.change(within(dialog).getByTestId('lv-remove-reason'), { target: { value: 'insult' } });
    fireEvent.click(within(dialog).getByTestId('lv-remove-submit'));
    expect((await screen.findByTestId('lv-chat-notice')).textContent).toBe('Message removed.');
    expect(calls.find((call) => call.url.endsWith('/remove'))?.body).toMatchObject({ reason: 'insult' });

    fireEvent.click(screen.getByTestId('lv-mute-5'));
    fireEvent.change(screen.getByTestId('lv-mute-reason'), { target: { value: 'spam' } });
    fireEvent.click(screen.getByTestId('lv-mute-submit'));
    await waitFor(() => expect(screen.getByTestId('lv-chat-notice').textContent).toContain('bob is muted until'));
    expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/mutes'))?.body).toMatchObject({ account: 'bob', minutes: 30, reason: 'spam' });
  });
});
