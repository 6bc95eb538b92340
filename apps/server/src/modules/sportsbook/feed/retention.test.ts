import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { testLogger } from '../../../../test/test-context.ts';
import { createDb, type DbHandle } from '../../../platform/db.ts';
import { createSportsbookModule, type FeedMessage, type SportsbookModule } from '../index.ts';
import { FEED_KEY_RETENTION_MS, pruneFeedKeys } from './retention.ts';

/** The feed's idempotency keys are pruned only where a replay would be stale anyway. */
let handle: DbHandle;
let book: SportsbookModule;
const T0 = Date.UTC(2026, 10, 29, 18, 0, 0);

beforeAll(async () => {
  handle = createDb({ connectionString: await createTestDatabase(), max: 2, logger: testLogger });
  book = createSportsbookModule({ db: handle.db, logger: testLogger });
});
afterAll(() => handle.close());

const fixture = (timestamp: number): FeedMessage => ({
  kind: 'fixture_change',
  producer: 'testfeed',
  eventId: 'ret:1',
  timestamp,
  sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
  category: { id: 'ret:football:br', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
  tournament: { id: 'ret:football:a', namePt: 'Série A', nameEn: 'Série A' },
  home: 'Bahia',
  away: 'Vitória',
  startAt: T0 + 3_600_000,
});
const odds = (timestamp: number, home: number): FeedMessage =>
  ({ kind: 'odds_change', producer: 'testfeed', eventId: 'ret:1', timestamp, markets: [{ type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: 3300 }, { id: 'away', odds: 3500 }] }] }) as FeedMessage;
const settlement = (timestamp: number): FeedMessage =>
  ({ kind: 'bet_settlement', producer: 'testfeed', eventId: 'ret:1', timestamp, markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'won' }, { id: 'draw', result: 'lost' }, { id: 'away', result: 'lost' }] }] }) as FeedMessage;

const keys = async () => (await sql<{ kind: string; at: Date }>`select kind, message_at as at from sportsbook_feed_message where event_id = 'ret:1' order by message_at, kind`.execute(handle.db)).rows.map((row) => `${row.kind}@${row.at.getTime() - T0}`);
const homeOdds = async () => (await sql<{ odds: bigint }>`select odds from sportsbook_outcome where event_id = 'ret:1' and outcome_id = 'home'`.execute(handle.db)).rows[0]?.odds;

describe('feed key retention', () => {
  it('drops old keys a replay would find stale, keeps the latest state and every result', async () => {
    await book.api.applyFeedMessage(fixture(T0));
    await book.api.applyFeedMessage(fixture(T0 + 1));
    await book.api.applyFeedMessage(odds(T0 + 10, 2000));
    await book.api.applyFeedMessage(odds(T0 + 20, 2100));
    await book.api.applyFeedMessage(settlement(T0 + 30));
    const now = new Date(Date.now() + FEED_KEY_RETENTION_MS + 60_000);

    expect(await pruneFeedKeys(handle.db, new Date(Date.now()))).toBe(0); // nothing old enough yet
    expect(await pruneFeedKeys(handle.db, now)).toBe(2);
    expect(await keys()).toEqual(['fixture_change@1', 'odds_change@20', 'bet_settlement@30']);

    // A replay of a pruned message is stale: the book keeps its later state.
    expect((await book.api.applyFeedMessage(odds(T0 + 10, 1500))).effect).toBe('stale');
    expect(await homeOdds()).toBe(2100n);
    expect((await book.api.applyFeedMessage(settlement(T0 + 30))).effect).toBe('duplicate');
  });
});
