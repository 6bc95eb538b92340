import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SportsbookCashOutQuote } from '@app/contracts';
import { apiError, type ApiCall } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { book, closeSockets, openSocket, stubSocket, ticket, upcoming } from './sportsbook-test-fixtures.ts';
import { slipStore } from './slip-store.ts';

const quote = (overrides: Partial<SportsbookCashOutQuote> = {}): SportsbookCashOutQuote => ({
  ticketId: '41',
  available: true,
  reason: null,
  price: '20.00',
  minPartial: '1.00',
  maxPartial: '19.00',
  remainingStake: '10.00',
  potentialReturn: '37.00',
  partial: null,
  quotedAt: '2026-11-29T12:00:00.000Z',
  ...overrides,
});
const eventRead = { 'GET /api/sportsbook/events/sb%3A2': { ...upcoming[0]!, mainMarket: undefined, scoreDetail: [], marketGroups: [] } };

beforeEach(() => slipStore.reset());
afterEach(() => {
  closeSockets();
  slipStore.reset();
  vi.unstubAllGlobals();
});

describe('my bets', () => {
  it('lists open and settled bets with legs, odds, stake and (potential) return', async () => {
    const calls = book({
      'GET /api/sportsbook/tickets': (call: ApiCall) =>
        call.query.get('status') === 'settled'
          ? { tickets: [ticket({ id: '40', status: 'won', return: '37.00', settledAt: '2026-11-29T14:00:00.000Z', betType: { kind: 'system_preset', preset: 'yankee' }, betCount: 11 })] }
          : { tickets: [ticket()] },
      'GET /api/sportsbook/tickets/41/cash-out': quote({ available: false, reason: 'sportsbook.cashout_leg_suspended', price: null, minPartial: null, maxPartial: null }),
      ...eventRead,
    });
    renderApp('/sports?tab=mybets');
    const open = await screen.findByTestId('sb-ticket');
    expect(within(open).getByTestId('sb-ticket-status').textContent).toBe('Aberta');
    expect(within(open).getAllByTestId('sb-ticket-leg-odds').map((item) => item.textContent)).toEqual(['1.85', '2.00']);
    expect(within(open).getByTestId('sb-ticket-stake').textContent).toBe('R$\u00a010,00');
    expect(within(open).getByTestId('sb-ticket-return').textContent).toBe('R$\u00a037,00');
    await waitFor(() => expect(within(open).getAllByTestId('sb-ticket-leg')[0]!.textContent).toContain('Santos × Grêmio'));
    expect((await within(open).findByTestId('sb-cashout-unavailable')).textContent).toBe('Cash out indisponível · Cash out indisponível: um mercado está suspenso.');
    fireEvent.click(screen.getByTestId('sb-mybets-settled'));
    await waitFor(() => expect(screen.getByTestId('sb-ticket-status').textContent).toBe('Ganha'));
    expect(screen.getByTestId('sb-ticket-type').textContent).toBe('Yankee · 11 apostas');
    expect(screen.getByTestId('sb-ticket').textContent).toContain('Retorno');
    expect(screen.queryByTestId('sb-cashout')).toBeNull();
    expect(calls.some((call) => call.path === '/api/sportsbook/tickets' && call.query.get('status') === 'settled')).toBe(true);
  });

  it('cashes out in full after a confirm naming the amount, sending the accepted price once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = book({
      'GET /api/sportsbook/tickets': { tickets: [ticket()] },
      'GET /api/sportsbook/tickets/41/cash-out': quote(),
      'POST /api/sportsbook/tickets/41/cash-out': () => new Promise((resolve) => { answer = resolve; }),
      ...eventRead,
    });
    renderApp('/sports?tab=mybets');
    const offer = await screen.findByTestId('sb-cashout-full');
    expect(offer.textContent).toBe('Cash out R$\u00a020,00');
    fireEvent.click(offer);
    expect(screen.getByTestId('sb-cashout-confirm').textContent).toContain('Receber R$\u00a020,00 agora por este bilhete?');
    const accept = screen.getByTestId('sb-cashout-accept');
    fireEvent.click(accept);
    fireEvent.click(accept);
    await act(async () => answer({ requestId: 'x', kind: 'full', paid: '20.00', ticket: ticket({ status: 'cashed_out', return: '20.00' }) }));
    expect((await screen.findByTestId('sb-cashout-paid')).textContent).toBe('Cash out feito: R$\u00a020,00 na sua carteira.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ acceptedPrice: '20.00' });
    expect(posts[0]!.body).not.toHaveProperty('amount');
  });

  it('takes part of the offer with the slider, says what the ticket keeps, and sends the amount with the full price', async () => {
    const calls = book({
      'GET /api/sportsbook/tickets': { tickets: [ticket()] },
      'GET /api/sportsbook/tickets/41/cash-out': quote(),
      'POST /api/sportsbook/tickets/41/cash-out': { requestId: 'x', kind: 'partial', paid: '5.00', ticket: ticket() },
      ...eventRead,
    });
    renderApp('/sports?tab=mybets');
    fireEvent.click(await screen.findByTestId('sb-cashout-partial'));
    fireEvent.change(screen.getByTestId('sb-cashout-slider'), { target: { value: '500' } });
    expect(screen.getByTestId('sb-cashout-amount').textContent).toBe('R$\u00a05,00');
    // 5 of 20 sells a quarter: the ticket keeps 7.50 of its 10.00 and 27.75 of its 37.00.
    expect(screen.getByTestId('sb-cashout').textContent).toContain('O bilhete continua com R$\u00a07,50 apostados e retorno potencial de R$\u00a027,75.');
    fireEvent.click(screen.getByTestId('sb-cashout-full'));
    fireEvent.click(screen.getByTestId('sb-cashout-accept'));
    await screen.findByTestId('sb-cashout-paid');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ acceptedPrice: '20.00', amount: '5.00' });
  });

  it('shows the new price after a price-changed refusal and pays only when the player accepts it', async () => {
    const calls = book({
      'GET /api/sportsbook/tickets': { tickets: [ticket()] },
      'GET /api/sportsbook/tickets/41/cash-out': quote(),
      'POST /api/sportsbook/tickets/41/cash-out': (_call: ApiCall, index: number) =>
        index === 0 ? apiError(409, 'sportsbook.cashout_price_changed', { quote: quote({ price: '18.40' }) }) : { requestId: 'y', kind: 'full', paid: '18.40', ticket: ticket({ status: 'cashed_out' }) },
      ...eventRead,
    });
    renderApp('/sports?tab=mybets');
    fireEvent.click(await screen.findByTestId('sb-cashout-full'));
    fireEvent.click(screen.getByTestId('sb-cashout-accept'));
    expect((await screen.findByTestId('sb-cashout-changed')).textContent).toBe('O valor mudou para R$\u00a018,40.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    const accept = screen.getByTestId('sb-cashout-accept');
    expect(accept.textContent).toBe('Aceitar R$\u00a018,40');
    fireEvent.click(accept);
    expect((await screen.findByTestId('sb-cashout-paid')).textContent).toContain('R$\u00a018,40');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => (call.body as { acceptedPrice: string }).acceptedPrice)).toEqual(['20.00', '18.40']);
    expect((posts[0]!.body as { requestId: string }).requestId).not.toBe((posts[1]!.body as { requestId: string }).requestId);
  });

  it('updates the offer live from sportsbook.cashout_changed', async () => {
    const socket = stubSocket();
    book({ 'GET /api/sportsbook/tickets': { tickets: [ticket()] }, 'GET /api/sportsbook/tickets/41/cash-out': quote(), ...eventRead });
    renderApp('/sports?tab=mybets');
    expect((await screen.findByTestId('sb-cashout-full')).textContent).toBe('Cash out R$\u00a020,00');
    await openSocket(socket);
    act(() => socket().push({ type: 'sportsbook.cashout_changed', ticketIds: ['41'], offers: [quote({ price: '24.10' })] }));
    await waitFor(() => expect(screen.getByTestId('sb-cashout-full').textContent).toBe('Cash out R$\u00a024,10'));
  });

  it('shows a settlement as soon as the wallet moves: a pushed balance change asks for the settled tickets again', async () => {
    const socket = stubSocket();
    let settled = false;
    book({
      'GET /api/sportsbook/tickets': (call: ApiCall) =>
        call.query.get('status') === 'settled' ? { tickets: settled ? [ticket({ id: '41', status: 'won', return: '37.00', settledAt: '2026-11-29T14:00:00.000Z' })] : [] } : { tickets: [] },
      ...eventRead,
    });
    renderApp('/sports?tab=mybets&bets=settled');
    expect(await screen.findByTestId('sb-mybets-empty')).toBeTruthy();
    await openSocket(socket);
    settled = true;
    act(() => socket().push({ type: 'wallet.balance_changed', cash: '137.00', bonus: '0.00' }));
    await waitFor(() => expect(screen.getByTestId('sb-ticket-status').textContent).toBe('Ganha'));
  });
});
