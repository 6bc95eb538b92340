import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { FeedMessage } from './index.ts';
import { feedClock } from './sportsbook-test-fixtures.ts';

/**
 * The book's public reads through the whole app on a real PostgreSQL: the book built with feed
 * messages through the apply service, then read without a login.
 */
let ctx: TestContext;
const { start: T0, tick } = feedClock();

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const apply = (message: Record<string, unknown>) => ctx.core.modules.sportsbook.api.applyFeedMessage({ producer: 'testfeed', ...message } as FeedMessage);
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

const SPORTS = {
  football: { sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' }, category: { id: 'br:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' }, tournament: { id: 'br:football:serie-a', namePt: 'Série A', nameEn: 'Série A' } },
  basketball: { sport: { id: 'basketball', kind: 'sport', namePt: 'Basquete', nameEn: 'Basketball' }, category: { id: 'br:basketball:usa', namePt: 'EUA', nameEn: 'USA', countryCode: 'US' }, tournament: { id: 'br:basketball:nba', namePt: 'NBA', nameEn: 'NBA' } },
  tennis: { sport: { id: 'tennis', kind: 'sport', namePt: 'Tênis', nameEn: 'Tennis' }, category: { id: 'br:tennis:atp', namePt: 'ATP', nameEn: 'ATP', countryCode: null }, tournament: { id: 'br:tennis:rio', namePt: 'Rio Open', nameEn: 'Rio Open' } },
  cs2: { sport: { id: 'cs2', kind: 'esport', namePt: 'Counter-Strike 2', nameEn: 'Counter-Strike 2' }, category: { id: 'br:cs2:world', namePt: 'Mundo', nameEn: 'World', countryCode: null }, tournament: { id: 'br:cs2:major', namePt: 'Major', nameEn: 'Major' } },
  lol: { sport: { id: 'lol', kind: 'esport', namePt: 'League of Legends', nameEn: 'League of Legends' }, category: { id: 'br:lol:br', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' }, tournament: { id: 'br:lol:cblol', namePt: 'CBLOL', nameEn: 'CBLOL' } },
} as const;

async function fixture(id: string, sport: keyof typeof SPORTS, startAt: number, teams: [string, string] = ['Flamengo', 'Palmeiras']) {
  const { category, ...rest } = SPORTS[sport];
  await apply({ kind: 'fixture_change', eventId: id, timestamp: tick(id), ...rest, category: category.countryCode ? category : { id: category.id, namePt: category.namePt, nameEn: category.nameEn }, home: teams[0], away: teams[1], startAt });
}

const market1x2 = (home: number, status = 'active') => ({ type: '1x2', status, outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] });
const totals = (line: string, status = 'active') => ({ type: 'totals', specifiers: { total: line }, status, outcomes: [{ id: 'over', odds: 1950 }, { id: 'under', odds: 1850 }] });
const winner = (home: number) => ({ type: 'match_winner', status: 'active', outcomes: [{ id: 'home', odds: home }, { id: 'away', odds: 1750 }] });

async function football(id: string, startAt: number, markets: unknown[] = [market1x2(2100), totals('2.5'), totals('1.5')], event?: Record<string, unknown>) {
  await fixture(id, 'football', startAt);
  await apply({ kind: 'odds_change', eventId: id, timestamp: tick(id), markets, ...(event ? { event } : {}) });
}

describe('sportsbook public reads', () => {
  beforeAll(async () => {
    // Football: 3 upcoming, 1 live. Basketball: 1 upcoming. Tennis: only an ended event (not listed).
    await football('br:fb:1', T0 + 3_600_000);
    await football('br:fb:2', T0 + 7_200_000, [market1x2(1850), totals('2.5', 'suspended')]);
    await football('br:fb:3', T0 + 7_200_000);
    await football('br:fb:live', T0 - 1_800_000, [market1x2(1500), totals('2.5')], { status: 'live', homeScore: 1, awayScore: 0, period: '1H', clockSeconds: 1_800, scoreDetail: [{ period: '1H', home: 1, away: 0 }] });
    await fixture('br:bb:1', 'basketball', T0 + 3_600_000, ['Lakers', 'Celtics']);
    await apply({ kind: 'odds_change', eventId: 'br:bb:1', timestamp: tick('br:bb:1'), markets: [winner(1950), { type: 'totals', specifiers: { total: '210.5' }, status: 'active', outcomes: [{ id: 'over', odds: 1900 }, { id: 'under', odds: 1900 }] }] });
    await fixture('br:tn:1', 'tennis', T0 - 7_200_000, ['Nadal', 'Federer']);
    await apply({ kind: 'odds_change', eventId: 'br:tn:1', timestamp: tick('br:tn:1'), markets: [winner(1600)], event: { status: 'ended' } });
  });

  it('lists the sports that have live or upcoming events, with their counts', async () => {
    const response = await get('/api/sportsbook/sports');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sports).toEqual([
      { id: 'basketball', kind: 'sport', namePt: 'Basquete', nameEn: 'Basketball', live: 0, upcoming: 1 },
      { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football', live: 1, upcoming: 3 },
    ]);
  });

  it('lists live and upcoming events with names, state and the main market in decimal odds', async () => {
    const live = (await get('/api/sportsbook/events?state=live')).json();
    expect(live.events.map((event: { id: string }) => event.id)).toEqual(['br:fb:live']);
    expect(live.events[0]).toMatchObject({
      sport: { id: 'football', namePt: 'Futebol', nameEn: 'Football' },
      category: { id: 'br:football:brazil', countryCode: 'BR', namePt: 'Brasil' },
      tournament: { id: 'br:football:serie-a', nameEn: 'Série A' },
      home: 'Flamengo',
      away: 'Palmeiras',
      status: 'live',
      homeScore: 1,
      awayScore: 0,
      period: '1H',
      clockSeconds: 1_800,
      startAt: new Date(T0 - 1_800_000).toISOString(),
      mainMarket: {
        marketKey: '1x2',
        nameKey: '1x2',
        status: 'active',
        outcomes: [
          { id: 'home', nameKey: '1x2.home', params: {}, odds: '1.500', active: true },
          { id: 'draw', nameKey: '1x2.draw', params: {}, odds: '3.400', active: true },
          { id: 'away', nameKey: '1x2.away', params: {}, odds: '3.600', active: true },
        ],
      },
    });
    expect(live.nextCursor).toBeNull();

    const upcoming = (await get('/api/sportsbook/events?state=upcoming')).json();
    // By start, then id; the ended tennis match and the live one are not upcoming.
    expect(upcoming.events.map((event: { id: string }) => event.id)).toEqual(['br:bb:1', 'br:fb:1', 'br:fb:2', 'br:fb:3']);
    const basketball = upcoming.events[0];
    expect(basketball.mainMarket).toMatchObject({ marketKey: 'match_winner', outcomes: [{ nameKey: 'match_winner.home', odds: '1.950' }, { nameKey: 'match_winner.away', odds: '1.750' }] });
    expect(basketball.homeScore).toBeNull();

    const onlyBasketball = (await get('/api/sportsbook/events?state=upcoming&sport=basketball')).json();
    expect(onlyBasketball.events.map((event: { id: string }) => event.id)).toEqual(['br:bb:1']);
  });

  it('pages with a cursor without duplicates or gaps while an event is inserted between pages', async () => {
    const first = await get('/api/sportsbook/events?state=upcoming&sport=football&limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().events.map((event: { id: string }) => event.id)).toEqual(['br:fb:1', 'br:fb:2']);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);

    // Inserted before the cursor (earlier start) and after it (same start as the cursor's row, a later id).
    await football('br:fb:0', T0 + 60_000);
    await football('br:fb:2a', T0 + 7_200_000);

    const second = (await get(`/api/sportsbook/events?state=upcoming&sport=football&limit=2&cursor=${cursor}`)).json();
    expect(second.events.map((event: { id: string }) => event.id)).toEqual(['br:fb:2a', 'br:fb:3']);
    expect(second.nextCursor).toBeNull();

    // A fresh first page sees the new earlier event.
    const again = (await get('/api/sportsbook/events?state=upcoming&sport=football&limit=100')).json();
    expect(again.events.map((event: { id: string }) => event.id)).toEqual(['br:fb:0', 'br:fb:1', 'br:fb:2', 'br:fb:2a', 'br:fb:3']);
    // A limit above 100 is clamped, not refused.
    expect((await get('/api/sportsbook/events?state=upcoming&limit=5000')).statusCode).toBe(200);
  });

  it('shows one event with its markets grouped by type, decimal odds and a suspended market as suspended', async () => {
    const response = await get('/api/sportsbook/events/br:fb:2');
    expect(response.statusCode, response.body).toBe(200);
    const event = response.json();
    expect(event).toMatchObject({ id: 'br:fb:2', status: 'not_started', home: 'Flamengo', tournament: { namePt: 'Série A' }, scoreDetail: [] });
    expect(event.marketGroups.map((group: { type: string }) => group.type)).toEqual(['1x2', 'totals']);
    const [oneXTwo, totalsGroup] = event.marketGroups;
    expect(oneXTwo.markets).toHaveLength(1);
    expect(oneXTwo.markets[0]).toMatchObject({ marketKey: '1x2', specifiers: {}, status: 'active', outcomes: [{ id: 'home', odds: '1.850', active: true }, { id: 'draw', odds: '3.400' }, { id: 'away', odds: '3.600' }] });
    expect(oneXTwo.markets[0].oddsVersion).toMatch(/^\d+$/);
    expect(totalsGroup).toMatchObject({ nameKey: 'totals', markets: [{ marketKey: 'totals?total=2.5', nameKey: 'totals', specifiers: { total: '2.5' }, status: 'suspended' }] });
    expect(totalsGroup.markets[0].outcomes).toEqual([
      { id: 'over', nameKey: 'totals.over', params: { total: '2.5' }, odds: '1.950', active: true },
      { id: 'under', nameKey: 'totals.under', params: { total: '2.5' }, odds: '1.850', active: true },
    ]);

    const three = (await get('/api/sportsbook/events/br:fb:1')).json();
    expect(three.marketGroups[1].markets.map((market: { marketKey: string }) => market.marketKey).sort()).toEqual(['totals?total=1.5', 'totals?total=2.5']);

    const live = (await get('/api/sportsbook/events/br:fb:live')).json();
    expect(live).toMatchObject({ status: 'live', homeScore: 1, clockSeconds: 1_800, scoreDetail: [{ period: '1H', home: 1, away: 0 }] });
  });

  it('documents the public reads in the OpenAPI document, without a login', async () => {
    const openapi = (await get('/api/docs/json')).json();
    for (const path of ['/api/sportsbook/sports', '/api/sportsbook/events', '/api/sportsbook/events/{id}']) {
      expect(openapi.paths[path]?.get?.tags, path).toEqual(['sportsbook']);
      expect(openapi.paths[path]?.get?.security, path).toBeUndefined();
    }
  });

  it('answers every bad input with a translated 4xx, never a 500', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/sportsbook/events/no-such:event', 404, 'sportsbook.event_not_found'],
      ['/api/sportsbook/events/bad%20id%3B%20drop', 400, 'validation.failed'],
      [`/api/sportsbook/events/${'x'.repeat(500)}`, 400, 'request.malformed'], // longer than the router takes
      ['/api/sportsbook/events?sport=curling', 404, 'sportsbook.sport_not_found'],
      ['/api/sportsbook/events?sport=Foot%27ball', 400, 'validation.failed'],
      [`/api/sportsbook/events?sport=${'a'.repeat(300)}`, 400, 'validation.failed'],
      ['/api/sportsbook/events?state=finished', 400, 'validation.failed'],
      ['/api/sportsbook/events?limit=0', 400, 'validation.failed'],
      ['/api/sportsbook/events?limit=-5', 400, 'validation.failed'],
      ['/api/sportsbook/events?limit=abc', 400, 'validation.failed'],
      ['/api/sportsbook/events?limit=99999999999999999999', 400, 'validation.failed'],
      ['/api/sportsbook/events?cursor=not-a-cursor', 400, 'sportsbook.cursor_invalid'],
      [`/api/sportsbook/events?cursor=${Buffer.from('99999999999999999|x').toString('base64url')}`, 400, 'sportsbook.cursor_invalid'],
      [`/api/sportsbook/events?cursor=${Buffer.from("1|x'; drop table x").toString('base64url')}`, 400, 'sportsbook.cursor_invalid'],
      ['/api/sportsbook/events?cursor=%00%01', 400, 'validation.failed'],
      [`/api/sportsbook/events?cursor=${'A'.repeat(1000)}`, 400, 'validation.failed'],
    ];
    for (const [url, status, code] of cases) {
      const response = await get(url);
      expect([url, response.statusCode, response.json().error?.code]).toEqual([url, status, code]);
      expect(response.json().error.message, url).toEqual(expect.any(String));
    }
    expect((await get('/api/sportsbook/events?kind=curling')).json().error.code).toBe('validation.failed');
  });

  it('lists a whole centre by kind: every e-sport together, paged, and no football', async () => {
    const start = Date.now() + 7_200_000;
    await fixture('br:cs2:1', 'cs2', start + 1_000, ['FURIA', 'MIBR']);
    await apply({ kind: 'odds_change', eventId: 'br:cs2:1', timestamp: tick('br:cs2:1'), markets: [winner(1800)] });
    await fixture('br:lol:1', 'lol', start + 2_000, ['paiN', 'LOUD']);
    await apply({ kind: 'odds_change', eventId: 'br:lol:1', timestamp: tick('br:lol:1'), markets: [winner(1900)] });

    const first = (await get('/api/sportsbook/events?state=upcoming&kind=esport&limit=1')).json();
    expect(first.events.map((event: { id: string }) => event.id)).toEqual(['br:cs2:1']);
    const second = (await get(`/api/sportsbook/events?state=upcoming&kind=esport&limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.events.map((event: { id: string }) => event.id)).toEqual(['br:lol:1']);
    expect(second.nextCursor).toBeNull();
    expect((await get('/api/sportsbook/events?state=upcoming&kind=cockfight')).json().events).toEqual([]);
  });
});
