import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { SportsbookEventDetail, SportsbookEventSummary, SportsbookMarketView, SportsbookTicket } from '@app/contracts';
import { stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { connectRealtime, createTopicRealtime, type RealtimeHandler } from '../../../shared/ws-client.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { walletBalanceFixture } from '../../../test/wallet-fixtures.ts';

/** The sportsbook's component tests share one small book: a live football match and two upcoming ones. */
export const oneXTwo = (odds: [string, string, string], status: SportsbookMarketView['status'] = 'active'): SportsbookMarketView => ({
  marketKey: '1x2',
  type: '1x2',
  nameKey: '1x2',
  specifiers: {},
  status,
  oddsVersion: '1',
  outcomes: [
    { id: 'home', nameKey: '1x2.home', params: {}, odds: odds[0], active: true },
    { id: 'draw', nameKey: '1x2.draw', params: {}, odds: odds[1], active: true },
    { id: 'away', nameKey: '1x2.away', params: {}, odds: odds[2], active: true },
  ],
});

export const summary = (id: string, home: string, away: string, overrides: Partial<SportsbookEventSummary> = {}): SportsbookEventSummary => ({
  id,
  sport: { id: 'football', namePt: 'Futebol', nameEn: 'Football', kind: 'sport' },
  category: { id: 'br', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
  tournament: { id: 'serie_a', namePt: 'Série A', nameEn: 'Série A' },
  home,
  away,
  competitors: [home, away],
  startAt: '2026-11-29T18:00:00.000Z',
  status: 'not_started',
  homeScore: null,
  awayScore: null,
  period: null,
  clockSeconds: null,
  mainMarket: oneXTwo(['1.850', '3.400', '4.200']),
  ...overrides,
});

export const live = summary('sb:1', 'Flamengo', 'Palmeiras', { status: 'live', homeScore: 1, awayScore: 0, period: '2T', clockSeconds: 3_780, mainMarket: oneXTwo(['1.500', '3.800', '6.000']) });
export const upcoming = [summary('sb:2', 'Santos', 'Grêmio'), summary('sb:3', 'Bahia', 'Vasco', { mainMarket: oneXTwo(['2.000', '3.000', '3.500']) })];

export const ticket = (overrides: Partial<SportsbookTicket> = {}): SportsbookTicket => ({
  id: '41',
  requestId: 'r',
  status: 'open',
  refusalCode: null,
  betType: { kind: 'accumulator' },
  stakeMode: 'unit',
  stake: '10.00',
  totalStake: '10.00',
  betCount: 1,
  oddsPolicy: 'none',
  maxPayout: '100000.00',
  potentialReturn: '37.00',
  isLive: false,
  createdAt: '2026-11-29T12:00:00.000Z',
  acceptedAt: '2026-11-29T12:00:00.000Z',
  return: null,
  settledAt: null,
  needsResettlement: false,
  legs: [
    { eventId: 'sb:2', marketKey: '1x2', outcomeId: 'home', odds: 1850, oddsVersion: '1' },
    { eventId: 'sb:3', marketKey: '1x2', outcomeId: 'home', odds: 2000, oddsVersion: '1' },
  ],
  ...overrides,
});

export function book(routes: Record<string, unknown> = {}, member: 'member' | 'trial' | 'visitor' = 'member') {
  if (member !== 'visitor') sessionStorage.setItem('token', 'tok-1');
  return stubApi({
    ...(member === 'visitor' ? {} : { 'GET /api/member/info': memberFixture(member === 'trial' ? { type: 4 } : {}), 'GET /api/wallet/balance': walletBalanceFixture() }),
    'GET /api/sportsbook/sports': { sports: [{ id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football', live: 1, upcoming: 2 }] },
    'GET /api/sportsbook/events': (call: ApiCall) => {
      if (call.query.get('state') === 'live') return { events: [live], nextCursor: null };
      return call.query.get('cursor') === 'c2' ? { events: [upcoming[1]], nextCursor: null } : { events: [upcoming[0]], nextCursor: 'c2' };
    },
    ...routes,
  });
}


export const detail = (odds: string, status: SportsbookMarketView['status'] = 'active'): SportsbookEventDetail => ({
  ...live,
  scoreDetail: [{ period: '1T', home: 1, away: 0 }],
  marketGroups: [
    { type: '1x2', nameKey: '1x2', markets: [oneXTwo([odds, '3.800', '6.000'])] },
    {
      type: 'totals',
      nameKey: 'totals',
      markets: [
        { marketKey: 'totals?total=2.5', type: 'totals', nameKey: 'totals', specifiers: { total: '2.5' }, status, oddsVersion: '1', outcomes: [{ id: 'over', nameKey: 'totals.over', params: { total: '2.5' }, odds: '1.900', active: true }, { id: 'under', nameKey: 'totals.under', params: { total: '2.5' }, odds: '1.900', active: true }] },
        { marketKey: 'totals?total=3.5', type: 'totals', nameKey: 'totals', specifiers: { total: '3.5' }, status: 'active', oddsVersion: '1', outcomes: [{ id: 'over', nameKey: 'totals.over', params: { total: '3.5' }, odds: '2.900', active: true }] },
      ],
    },
  ],
});

const closers: (() => void)[] = [];

/**
 * The tab's /ws as RootView wires it (the topics' handler on one connection), over a fake socket
 * the test opens and pushes through. closeSockets() after each test.
 */
export function stubSocket(): () => FakeSocket {
  FakeSocket.last = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  let handler: RealtimeHandler | null = null;
  const connection = connectRealtime({ url: 'ws://test/ws', onOpen: (reconnected) => handler?.onOpen?.(reconnected), onMessage: (message) => handler?.onMessage?.(message) });
  handler = createTopicRealtime(connection);
  closers.push(() => {
    handler?.dispose?.();
    connection.close();
  });
  return () => {
    if (!FakeSocket.last) throw new Error('no socket opened');
    return FakeSocket.last;
  };
}

export function closeSockets(): void {
  closers.splice(0).forEach((close) => close());
}

/** Opens the socket and lets the re-read it triggers (what was pushed before the socket is read again) finish. */
export async function openSocket(socket: () => FakeSocket): Promise<void> {
  act(() => socket().open());
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}
