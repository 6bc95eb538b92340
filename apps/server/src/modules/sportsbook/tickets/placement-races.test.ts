import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceTicketRequest, SportsbookTicket } from '@app/contracts';
import { newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import type { FeedMessage } from '../index.ts';
import { feedClock, expectLiabilityInStep } from '../sportsbook-test-fixtures.ts';
import { createSportsbookTickets } from './index.ts';

/**
 * Placement under races (issue 23, "Concurrency"), through the tickets api in process, many rounds:
 * the same ticket submitted many times at once is placed and debited once; tickets racing a bet
 * stop or an odds change are refused or stand at odds the book offered before the change — never
 * the old odds with the new version, never a ticket open on a market suspended before it stood.
 */
let ctx: TestContext;
const { start: T0, tick } = feedClock(Date.UTC(2026, 10, 29, 20, 0, 0));

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const apply = (message: FeedMessage) => ctx.core.modules.sportsbook.api.applyFeedMessage(message);
const tickets = () => ctx.core.modules.sportsbook.api.tickets!;
const market1x2 = (home: number) => ({ type: '1x2', status: 'active' as const, outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] });
const totals = { type: 'totals', specifiers: { total: '2.5' }, status: 'active' as const, outcomes: [{ id: 'over', odds: 1950 }, { id: 'under', odds: 1850 }] };

async function newEvent(options: { live?: boolean } = {}): Promise<string> {
  const id = `race:match:${randomUUID().slice(0, 12)}`;
  await apply({
    kind: 'fixture_change',
    producer: 'racefeed',
    eventId: id,
    timestamp: tick(id),
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'race:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'race:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Grêmio',
    away: 'Internacional',
    startAt: T0 + 3_600_000,
  } as FeedMessage);
  const live = options.live ? { event: { status: 'live', homeScore: 0, awayScore: 0 } } : {};
  await apply({ kind: 'odds_change', producer: 'racefeed', eventId: id, timestamp: tick(id), ...live, markets: [market1x2(2100), totals] } as FeedMessage);
  return id;
}

const single = (eventId: string, oddsPolicy: PlaceTicketRequest['oddsPolicy'] = 'none'): PlaceTicketRequest => ({
  requestId: randomUUID(),
  betType: { kind: 'single' },
  stakeMode: 'unit',
  stake: '1.00',
  oddsPolicy,
  legs: [{ eventId, marketKey: '1x2', outcomeId: 'home', odds: 2100 }],
});

/** The answer, or the refusal's code. */
async function attempt(member: TestPlayer, body: PlaceTicketRequest): Promise<SportsbookTicket | string> {
  try {
    return await tickets().place(member.id, body);
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

const cash = (member: TestPlayer) => ctx.core.modules.wallet.api.cashOf(member.id);
const openStakes = async (member: TestPlayer) =>
  BigInt((await sql<{ total: string }>`select coalesce(sum(total_stake_cents), 0)::text as total from sportsbook_ticket where member_id = ${member.id} and status = 'open'`.execute(ctx.core.db)).rows[0]!.total);
const marketNow = async (eventId: string) =>
  (await sql<{ status: string; odds_version: bigint }>`select status, odds_version from sportsbook_market where event_id = ${eventId} and market_key = '1x2'`.execute(ctx.core.db)).rows[0]!;

describe('placement races', () => {
  it('the same ticket submitted eight times at once, twenty times over: one ticket, one debit each', async () => {
    const member = await newPlayer(ctx.core, { balance: 100_00n });
    for (let round = 0; round < 20; round += 1) {
      const body = { ...single(await newEvent()), stake: '2.00' };
      const answers = await Promise.all(Array.from({ length: 8 }, () => tickets().place(member.id, body)));
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      // The placing call answers it open; a copy that arrived while the stake was being taken answers the same ticket, still pending_debit.
      for (const answer of answers) expect(answer).toMatchObject({ status: expect.stringMatching(/^(open|pending_debit)$/), requestId: body.requestId, legs: [{ odds: 2100 }] });
      expect(answers.some((answer) => answer.status === 'open')).toBe(true);
      expect((await tickets().ticket(member.id, BigInt(answers[0]!.id))).status).toBe('open');
    }
    const rows = await sql<{ n: string; distinct_requests: string }>`select count(*)::text as n, count(distinct request_id)::text as distinct_requests from sportsbook_ticket where member_id = ${member.id}`.execute(ctx.core.db);
    expect(rows.rows[0]).toEqual({ n: '20', distinct_requests: '20' });
    const rounds = await sql<{ n: string; bets: string }>`select count(*)::text as n, sum(bet)::text as bets from provider_round where vendor_code = 'SPORTSBOOK' and member_id = ${member.id}`.execute(ctx.core.db);
    expect(rounds.rows[0]).toEqual({ n: '20', bets: '4000' });
    expect(await cash(member)).toBe(100_00n - 20n * 2_00n);
  });

  it('tickets racing a bet stop, forty rounds: refused as suspended or open at a version before the stop', async () => {
    const members = [await newPlayer(ctx.core, { balance: 1_000_00n }), await newPlayer(ctx.core, { balance: 1_000_00n }), await newPlayer(ctx.core, { balance: 1_000_00n })];
    let stood = 0;
    let refused = 0;
    for (let round = 0; round < 40; round += 1) {
      const eventId = await newEvent();
      const other = await newEvent();
      const accumulator: PlaceTicketRequest = { ...single(eventId), betType: { kind: 'accumulator' }, legs: [single(other).legs[0]!, { eventId, marketKey: 'totals?total=2.5', outcomeId: 'over', odds: 1950 }] };
      const racing = [attempt(members[0]!, single(eventId)), attempt(members[1]!, single(eventId, 'any')), attempt(members[2]!, accumulator)];
      // The stop lands before, between or after the placements.
      const stop = new Promise((resolve) => setImmediate(resolve)).then(() => apply({ kind: 'bet_stop', producer: 'racefeed', eventId, timestamp: tick(eventId) } as FeedMessage));
      const [answers] = await Promise.all([Promise.all(racing), stop]);
      const market = await marketNow(eventId);
      expect(market.status).toBe('suspended');
      for (const answer of answers) {
        if (typeof answer === 'string') {
          refused += 1;
          expect(answer).toBe('sportsbook.market_suspended');
          continue;
        }
        stood += 1;
        expect(answer.status).toBe('open');
        const leg = answer.legs.find((each) => each.eventId === eventId)!;
        expect(BigInt(leg.oddsVersion)).toBeLessThan(market.odds_version);
      }
      // Never a ticket standing on this event's markets with a version from after the stop.
      const late = await sql<{ n: string }>`
        select count(*)::text as n from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id join sportsbook_market m on m.event_id = l.event_id and m.market_key = l.market_key
        where l.event_id = ${eventId} and t.status = 'open' and l.odds_version >= m.odds_version`.execute(ctx.core.db);
      expect(late.rows[0]!.n).toBe('0');
    }
    expect(stood + refused).toBe(120);
    for (const member of members) expect(await cash(member)).toBe(1_000_00n - (await openStakes(member)));
  });

  it('tickets racing an odds change, forty rounds: the old odds at the old version, the new at the new, or refused — never mixed', async () => {
    const member = await newPlayer(ctx.core, { balance: 1_000_00n });
    const seen = { old: 0, new: 0, refused: 0 };
    for (let round = 0; round < 40; round += 1) {
      const eventId = await newEvent();
      const before = (await marketNow(eventId)).odds_version;
      const racing = [attempt(member, single(eventId)), attempt(member, single(eventId, 'any')), attempt(member, single(eventId, 'higher'))];
      const change = new Promise((resolve) => setImmediate(resolve)).then(() => apply({ kind: 'odds_change', producer: 'racefeed', eventId, timestamp: tick(eventId), markets: [market1x2(2300)] } as FeedMessage));
      const [answers] = await Promise.all([Promise.all(racing), change]);
      const after = (await marketNow(eventId)).odds_version;
      expect(after).toBe(before + 1n);
      answers.forEach((answer, index) => {
        if (typeof answer === 'string') {
          seen.refused += 1;
          // Only the policy that takes no change may be refused (a rise suits 'higher' and 'any').
          expect([index, answer]).toEqual([0, 'sportsbook.odds_changed']);
          return;
        }
        const leg = answer.legs[0]!;
        if (leg.odds === 2100) {
          seen.old += 1;
          expect(BigInt(leg.oddsVersion)).toBe(before);
        } else {
          seen.new += 1;
          expect([leg.odds, BigInt(leg.oddsVersion)]).toEqual([2300, after]);
        }
      });
    }
    expect(seen.old + seen.new + seen.refused).toBe(120);
    expect(await cash(member)).toBe(1_000_00n - (await openStakes(member)));
  });

  it('a live ticket whose delay ends as the odds change, forty rounds: refused, or standing at the old odds with the version before the change', async () => {
    const member = await newPlayer(ctx.core, { balance: 1_000_00n });
    let change: Promise<unknown> = Promise.resolve();
    const provider = ctx.core.modules.provider.api;
    const catalogue = ctx.core.modules.catalogue.api;
    // The same service with its timer replaced: the delay ends just as the feed's change is sent.
    const delayed = createSportsbookTickets({
      db: ctx.core.db,
      logger: testLogger,
      money: { handle: provider.callbacks.handle, ensureSeamlessVendor: catalogue.ensureSeamlessVendor, ensureVendorSecret: provider.ensureVendorSecret, issueLaunchToken: catalogue.issueLaunchToken },
      sleep: async () => {
        change = pending();
      },
    });
    let pending: () => Promise<unknown> = async () => undefined;
    const seen = { stood: 0, refused: 0 };
    for (let round = 0; round < 40; round += 1) {
      const eventId = await newEvent({ live: true });
      const before = (await marketNow(eventId)).odds_version;
      pending = () => apply({ kind: 'odds_change', producer: 'racefeed', eventId, timestamp: tick(eventId), markets: [market1x2(2300)] } as FeedMessage);
      let answer: SportsbookTicket | string;
      try {
        answer = await delayed.api.place(member.id, single(eventId));
      } catch (error) {
        answer = (error as { code?: string }).code ?? String(error);
      }
      await change;
      if (typeof answer === 'string') {
        seen.refused += 1;
        expect(answer).toBe('sportsbook.odds_changed');
      } else {
        seen.stood += 1;
        expect(answer).toMatchObject({ status: 'open', isLive: true, legs: [{ odds: 2100, oddsVersion: before.toString() }] });
      }
    }
    expect(seen.stood + seen.refused).toBe(40);
    expect(await cash(member)).toBe(1_000_00n - (await openStakes(member)));
  });

  it('the ledger holds', async () => {
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('keeps the markets\' and events\' liability totals equal to their live tickets', async () => {
    await expectLiabilityInStep(ctx.core.db);
  });
});
