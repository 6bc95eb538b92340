import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { book, closeSockets, openSocket, detail, live, oneXTwo, stubSocket, summary, upcoming } from './sportsbook-test-fixtures.ts';
import { slipStore } from './slip-store.ts';

beforeEach(() => slipStore.reset());
afterEach(() => {
  closeSockets();
  slipStore.reset();
  vi.unstubAllGlobals();
});

describe('sportsbook page', () => {
  it('lists live events with score and clock and upcoming ones with their odds, and loads more with the cursor', async () => {
    const calls = book();
    renderApp('/sports');
    const liveList = await screen.findByTestId('sb-list-live');
    const flamengo = await within(liveList).findByTestId('sb-event');
    expect(within(flamengo).getByTestId('sb-event-score').textContent).toBe('1');
    expect(within(flamengo).getByTestId('sb-event-clock').textContent).toContain("63'");
    expect(within(flamengo).getAllByTestId('sb-odds').map((button) => button.textContent)).toEqual(['Casa1.50', 'Empate3.80', 'Fora6.00']);
    await screen.findByText('Santos');
    expect(screen.queryByText('Bahia')).toBeNull();
    fireEvent.click(screen.getByTestId('sb-load-more-upcoming'));
    await screen.findByText('Bahia');
    expect(calls.some((call) => call.path === '/api/sportsbook/events' && call.query.get('cursor') === 'c2')).toBe(true);
    expect(screen.queryByTestId('sb-load-more-upcoming')).toBeNull();
  });

  it('shows a suspended main market locked and folds an empty list away', async () => {
    book({ 'GET /api/sportsbook/events': (call: ApiCall) => (call.query.get('state') === 'live' ? { events: [{ ...live, mainMarket: oneXTwo(['1.500', '3.800', '6.000'], 'suspended') }], nextCursor: null } : { events: [], nextCursor: null }) });
    renderApp('/sports');
    const liveList = await screen.findByTestId('sb-list-live');
    const buttons = await within(liveList).findAllByTestId('sb-odds');
    expect(buttons.every((button) => button.hasAttribute('disabled'))).toBe(true);
    expect(screen.queryByTestId('sb-list-upcoming')).toBeNull();
  });

  it('folds the whole book away when it has no events (no feed): the vendors remain', async () => {
    const calls = book({ 'GET /api/sportsbook/sports': { sports: [{ id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football', live: 0, upcoming: 0 }] } });
    renderApp('/sports');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/sportsbook/sports')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('sportsbook-page').className).toContain('is-folded'));
    expect(screen.queryByTestId('sb-book')).toBeNull();
    expect(screen.queryByTestId('sb-slip')).toBeNull();
    expect(screen.getByTestId('sb-vendors')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/sportsbook/events')).toBe(false);
  });

  it('/esports shows the book\'s e-sports first (CS2, LoL and Dota 2 together by kind, then each), without football', async () => {
    const cs2 = summary('cs:1', 'FURIA', 'MOUZ', { sport: { id: 'cs2', kind: 'esport', namePt: 'Counter-Strike 2', nameEn: 'Counter-Strike 2' }, startAt: '2026-11-29T19:00:00.000Z', mainMarket: null });
    const lol = summary('lol:1', 'paiN', 'LOUD', { sport: { id: 'lol', kind: 'esport', namePt: 'League of Legends', nameEn: 'League of Legends' }, startAt: '2026-11-29T18:30:00.000Z', mainMarket: null });
    const calls = book({
      'GET /api/sportsbook/sports': {
        sports: [
          { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football', live: 1, upcoming: 2 },
          { id: 'cs2', kind: 'esport', namePt: 'Counter-Strike 2', nameEn: 'Counter-Strike 2', live: 0, upcoming: 1 },
          { id: 'lol', kind: 'esport', namePt: 'League of Legends', nameEn: 'League of Legends', live: 0, upcoming: 1 },
        ],
      },
      'GET /api/sportsbook/events': (call: ApiCall) => {
        if (call.query.get('state') === 'live') return { events: [], nextCursor: null };
        if (call.query.get('kind') === 'esport') return { events: [lol, cs2], nextCursor: null };
        return { events: call.query.get('sport') === 'cs2' ? [cs2] : call.query.get('sport') === 'lol' ? [lol] : [upcoming[0]], nextCursor: null };
      },
    });
    renderApp('/esports');
    const list = await screen.findByTestId('sb-list-upcoming');
    await waitFor(() => expect(within(list).getAllByTestId('sb-event').map((item) => item.getAttribute('data-event-id'))).toEqual(['lol:1', 'cs:1']));
    expect(screen.getAllByTestId('sb-sport').map((item) => item.textContent)).toEqual(['Counter-Strike 2', 'League of Legends']);
    // "All" asks for the whole centre by kind, paged by the server; never the whole book.
    expect(calls.filter((call) => call.path === '/api/sportsbook/events').every((call) => call.query.get('kind') === 'esport' || call.query.get('sport') === 'cs2' || call.query.get('sport') === 'lol')).toBe(true);
    fireEvent.click(screen.getAllByTestId('sb-sport')[0]!);
    await waitFor(() => expect(within(screen.getByTestId('sb-list-upcoming')).getAllByTestId('sb-event').map((item) => item.getAttribute('data-event-id'))).toEqual(['cs:1']));
    expect(screen.getByTestId('sb-vendors')).toBeTruthy();
  });

  it('moves odds, score and clock with the /ws push: an arrow on the changed odds, a suspended market locked', async () => {
    const socket = stubSocket();
    book({ 'GET /api/sportsbook/events': (call: ApiCall) => (call.query.get('state') === 'live' ? { events: [live], nextCursor: null } : { events: [], nextCursor: null }) });
    renderApp('/sports');
    const liveList = await screen.findByTestId('sb-list-live');
    await within(liveList).findByTestId('sb-event');
    await openSocket(socket);
    expect(socket().sent).toContainEqual({ type: 'subscribe', topic: 'sportsbook.live' });
    const push = (markets: unknown[], state?: unknown) =>
      act(() => socket().push({ type: 'sportsbook.changes', topic: 'sportsbook.live', sentAt: 1, events: [{ eventId: 'sb:1', committedAt: 1, markets, ...(state ? { state } : {}) }] }));
    push(
      [{ marketKey: '1x2', type: '1x2', status: 'active', oddsVersion: '2', outcomes: [{ id: 'home', odds: '1.650', active: true }, { id: 'draw', odds: '3.500', active: true }, { id: 'away', odds: '6.000', active: true }] }],
      { status: 'live', homeScore: 2, awayScore: 0, period: '2T', clockSeconds: 4_000, },
    );
    const home = within(liveList).getAllByTestId('sb-odds')[0]!;
    await waitFor(() => expect(home.textContent).toContain('1.65'));
    expect(home.getAttribute('data-move')).toBe('up');
    expect(within(liveList).getAllByTestId('sb-odds')[1]!.getAttribute('data-move')).toBe('down');
    expect(within(liveList).getByTestId('sb-event-score').textContent).toBe('2');
    expect(within(liveList).getByTestId('sb-event-clock').textContent).toContain("66'");
    // An older version never overwrites a newer one; a bet stop locks the market.
    push([{ marketKey: '1x2', type: '1x2', status: 'active', oddsVersion: '1', outcomes: [{ id: 'home', odds: '9.000', active: true }] }]);
    expect(home.textContent).toContain('1.65');
    push([{ marketKey: '1x2', type: '1x2', status: 'suspended', oddsVersion: '3' }]);
    await waitFor(() => expect(within(liveList).getAllByTestId('sb-odds').every((button) => button.hasAttribute('disabled'))).toBe(true));
  });
});

describe('event page', () => {
  it('groups markets by type with translated names, locks a suspended market, collapses a group, filters by tab', async () => {
    book({ 'GET /api/sportsbook/events/sb%3A1': detail('1.500', 'suspended') });
    renderApp('/sports/event/sb:1');
    expect((await screen.findByTestId('sb-scoreboard-score')).textContent).toBe('1 – 0');
    const groups = screen.getAllByTestId('sb-market-group');
    expect(groups.map((group) => within(group).getByTestId('sb-market-group-toggle').textContent)).toEqual(['Resultado final', 'Total de gols/pontos']);
    const [suspended, open] = within(groups[1]!).getAllByTestId('sb-market');
    expect(suspended!.textContent).toContain('Total 2.5');
    expect(within(suspended!).getAllByTestId('sb-odds').every((button) => button.hasAttribute('disabled'))).toBe(true);
    expect(within(open!).getByTestId('sb-odds').textContent).toBe('Mais de 3.52.90');
    fireEvent.click(within(groups[1]!).getByTestId('sb-market-group-toggle'));
    expect(within(groups[1]!).queryAllByTestId('sb-market')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('sb-category-main'));
    expect(screen.getAllByTestId('sb-market-group').map((group) => group.getAttribute('data-type'))).toEqual(['1x2']);
  });

  it('subscribes to the event\'s topic and moves the scoreboard and a market\'s odds live', async () => {
    const socket = stubSocket();
    book({ 'GET /api/sportsbook/events/sb%3A1': detail('1.500') });
    renderApp('/sports/event/sb:1');
    await screen.findByTestId('sb-scoreboard-score');
    await openSocket(socket);
    expect(socket().sent).toContainEqual({ type: 'subscribe', topic: 'sportsbook.event:sb:1' });
    act(() =>
      socket().push({
        type: 'sportsbook.changes',
        topic: 'sportsbook.event:sb:1',
        sentAt: 1,
        events: [{ eventId: 'sb:1', committedAt: 1, state: { status: 'live', homeScore: 1, awayScore: 1, period: '2T', clockSeconds: 4_200 }, markets: [{ marketKey: 'totals?total=3.5', type: 'totals', status: 'active', oddsVersion: '2', outcomes: [{ id: 'over', odds: '2.100', active: true }] }] }],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('sb-scoreboard-score').textContent).toBe('1 – 1'));
    expect(screen.getByTestId('sb-scoreboard-score').className).toContain('is-flash');
    const over = screen.getAllByTestId('sb-odds').find((button) => button.getAttribute('data-selection') === 'sb:1|totals?total=3.5|over')!;
    expect(over.textContent).toContain('2.10');
    expect(over.getAttribute('data-move')).toBe('down');
  });
});
