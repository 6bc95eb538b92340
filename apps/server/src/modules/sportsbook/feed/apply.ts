import { sql } from 'kysely';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import { isOutcomeOf, marketKey, marketProblem, type MarketType } from './markets.ts';
import { FeedMessageSchema, type EventStatus, type FeedMessage, type MarketRef, type MarketStatus, type ParsedFeedMessage } from './messages.ts';
import { newChangeCollector, type BookChange, type ChangeCollector } from '../realtime/changes.ts';

/**
 * Applies feed messages to the book, each in one transaction: the message's key (event, producer,
 * kind, timestamp) is recorded first, so the same message twice changes nothing; a message older
 * than the event's last state (odds_change, bet_stop) or fixture (fixture_change) is recorded as
 * stale and changes nothing; a message that does not fit the book (unknown event or market, an
 * outcome the market does not have, a settlement of a cancelled market…) is refused with a
 * FeedRefusal and the transaction leaves no trace. Settlements, cancellations and their rollbacks
 * are appended to sportsbook_market_result for ticket settlement to consume; no ticket is touched.
 */

export type FeedRefusalCode =
  | 'invalid_message'
  | 'unknown_event'
  | 'producer_mismatch'
  | 'unknown_market'
  | 'invalid_market'
  | 'unknown_outcome'
  | 'market_closed'
  | 'market_settled'
  | 'market_not_settled'
  | 'market_not_cancelled';

export class FeedRefusal extends Error {
  constructor(
    readonly code: FeedRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedRefusal';
  }
}

export interface ApplyResult {
  effect: 'applied' | 'duplicate' | 'stale';
  /** Markets whose odds or status changed (their odds_version went up), settled, cancelled or restored. */
  marketsChanged: number;
}

interface EventRow {
  id: string;
  producer: string;
  state_at: Date | null;
  fixture_at: Date;
}
interface MarketRow {
  market_key: string;
  type: string;
  status: MarketStatus;
  status_before: MarketStatus | null;
  odds_version: bigint;
}
interface StateRow {
  status: EventStatus;
  home_score: number | null;
  away_score: number | null;
  period: string | null;
  clock_seconds: number | null;
}
const STATE_COLUMNS = sql.raw('status, home_score, away_score, period, clock_seconds');
const stateOf = (row: StateRow) => ({ status: row.status, homeScore: row.home_score, awayScore: row.away_score, period: row.period, clockSeconds: row.clock_seconds });

interface OutcomeRow {
  market_key: string;
  outcome_id: string;
  odds: bigint;
  active: boolean;
}

/**
 * `onCommitted` hears what each applied message changed (event state, markets with their new
 * status, version and prices) once its transaction has committed — the live push (realtime/).
 */
export function createFeedApplier(db: Db, options: { onCommitted?: (change: BookChange) => void } = {}) {
  async function apply(input: FeedMessage): Promise<ApplyResult> {
    const out = newChangeCollector();
    const result = await applyInTransaction(input, out);
    if (options.onCommitted && result.effect === 'applied' && (out.state !== undefined || out.markets.length > 0)) {
      options.onCommitted({ eventId: out.eventId, committedAt: Date.now(), ...(out.state ? { state: out.state } : {}), markets: out.markets });
    }
    return result;
  }

  async function applyInTransaction(input: FeedMessage, out: ChangeCollector): Promise<ApplyResult> {
    const parsed = FeedMessageSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new FeedRefusal('invalid_message', `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`);
    }
    const message = parsed.data;
    out.eventId = message.eventId;
    return db.transaction().execute(async (trx) => {
      if (message.kind === 'fixture_change') return fixtureChange(trx, message, out);
      const event = await lockEvent(trx, message.eventId, message.producer);
      const stale =
        (message.kind === 'odds_change' || message.kind === 'bet_stop') && event.state_at !== null && message.timestamp < event.state_at.getTime();
      if (!(await record(trx, message, stale ? 'stale' : 'applied'))) return { effect: 'duplicate', marketsChanged: 0 };
      if (stale) return { effect: 'stale', marketsChanged: 0 };
      switch (message.kind) {
        case 'odds_change':
          return { effect: 'applied', marketsChanged: await oddsChange(trx, message, out) };
        case 'bet_stop':
          return { effect: 'applied', marketsChanged: await betStop(trx, message, out) };
        case 'bet_settlement':
          return { effect: 'applied', marketsChanged: await settlement(trx, message, out) };
        case 'bet_cancel':
          return { effect: 'applied', marketsChanged: await cancel(trx, message, out) };
        case 'rollback_bet_settlement':
          return { effect: 'applied', marketsChanged: await rollback(trx, message, 'settled', 'rollback_settlement', out) };
        case 'rollback_bet_cancel':
          return { effect: 'applied', marketsChanged: await rollback(trx, message, 'cancelled', 'rollback_cancel', out) };
      }
    });
  }
  return { apply };
}

type Parsed<K extends ParsedFeedMessage['kind']> = Extract<ParsedFeedMessage, { kind: K }>;

async function lockEvent(trx: DbExecutor, eventId: string, producer: string): Promise<EventRow> {
  const event = (await sql<EventRow>`select id, producer, state_at, fixture_at from sportsbook_event where id = ${eventId} for update`.execute(trx)).rows[0];
  if (!event) throw new FeedRefusal('unknown_event', `no event ${eventId}: a fixture_change introduces it`);
  if (event.producer !== producer) throw new FeedRefusal('producer_mismatch', `event ${eventId} belongs to producer ${event.producer}, not ${producer}`);
  return event;
}

/** Records the message's key; false when it was applied before. */
async function record(trx: DbExecutor, message: ParsedFeedMessage, effect: 'applied' | 'stale'): Promise<boolean> {
  const inserted = await sql`
    insert into sportsbook_feed_message (event_id, producer, kind, message_at, effect)
    values (${message.eventId}, ${message.producer}, ${message.kind}, ${new Date(message.timestamp)}, ${effect})
    on conflict do nothing`.execute(trx);
  return (inserted.numAffectedRows ?? 0n) > 0n;
}

async function fixtureChange(trx: DbExecutor, message: Parsed<'fixture_change'>, out: ChangeCollector): Promise<ApplyResult> {
  const existing = (await sql<EventRow>`select id, producer, state_at, fixture_at from sportsbook_event where id = ${message.eventId} for update`.execute(trx)).rows[0];
  if (existing && existing.producer !== message.producer) {
    throw new FeedRefusal('producer_mismatch', `event ${message.eventId} belongs to producer ${existing.producer}, not ${message.producer}`);
  }
  const stale = existing !== undefined && message.timestamp < existing.fixture_at.getTime();
  if (!(await record(trx, message, stale ? 'stale' : 'applied'))) return { effect: 'duplicate', marketsChanged: 0 };
  if (stale) return { effect: 'stale', marketsChanged: 0 };
  const { sport, category, tournament } = message;
  await sql`
    insert into sportsbook_sport (id, kind, name_pt, name_en, sort) values (${sport.id}, ${sport.kind}, ${sport.namePt}, ${sport.nameEn}, ${sport.sort})
    on conflict (id) do update set kind = excluded.kind, name_pt = excluded.name_pt, name_en = excluded.name_en, sort = excluded.sort
    where (sportsbook_sport.kind, sportsbook_sport.name_pt, sportsbook_sport.name_en, sportsbook_sport.sort) is distinct from (excluded.kind, excluded.name_pt, excluded.name_en, excluded.sort)`.execute(trx);
  await sql`
    insert into sportsbook_category (id, sport_id, country_code, name_pt, name_en) values (${category.id}, ${sport.id}, ${category.countryCode}, ${category.namePt}, ${category.nameEn})
    on conflict (id) do update set country_code = excluded.country_code, name_pt = excluded.name_pt, name_en = excluded.name_en
    where (sportsbook_category.country_code, sportsbook_category.name_pt, sportsbook_category.name_en) is distinct from (excluded.country_code, excluded.name_pt, excluded.name_en)`.execute(trx);
  const categoryOfTournament = (await sql<{ category_id: string; sport_id: string }>`select category_id, sport_id from sportsbook_tournament where id = ${tournament.id}`.execute(trx)).rows[0];
  if (categoryOfTournament && (categoryOfTournament.category_id !== category.id || categoryOfTournament.sport_id !== sport.id)) {
    throw new FeedRefusal('invalid_message', `tournament ${tournament.id} belongs to category ${categoryOfTournament.category_id}`);
  }
  await sql`
    insert into sportsbook_tournament (id, category_id, sport_id, name_pt, name_en) values (${tournament.id}, ${category.id}, ${sport.id}, ${tournament.namePt}, ${tournament.nameEn})
    on conflict (id) do update set name_pt = excluded.name_pt, name_en = excluded.name_en
    where (sportsbook_tournament.name_pt, sportsbook_tournament.name_en) is distinct from (excluded.name_pt, excluded.name_en)`.execute(trx);
  const competitors = message.competitors ?? [message.home!, message.away!];
  const at = new Date(message.timestamp);
  if (!existing) {
    const inserted = await sql`
      insert into sportsbook_event (id, producer, sport_id, tournament_id, home, away, competitors, start_at, status, fixture_at)
      values (${message.eventId}, ${message.producer}, ${sport.id}, ${tournament.id}, ${message.home ?? null}, ${message.away ?? null},
              ${competitors}, ${new Date(message.startAt)}, ${message.status ?? 'not_started'}, ${at})
      on conflict (id) do nothing`.execute(trx);
    if ((inserted.numAffectedRows ?? 0n) > 0n) {
      out.state = { status: message.status ?? 'not_started', homeScore: null, awayScore: null, period: null, clockSeconds: null };
      return { effect: 'applied', marketsChanged: 0 };
    }
    // Another fixture change of the same new event committed meanwhile: this one updates it if it is newer.
    const other = (await sql<{ producer: string }>`select producer from sportsbook_event where id = ${message.eventId} for update`.execute(trx)).rows[0]!;
    if (other.producer !== message.producer) throw new FeedRefusal('producer_mismatch', `event ${message.eventId} belongs to producer ${other.producer}, not ${message.producer}`);
  }
  const fixed = await sql<StateRow>`
    update sportsbook_event set sport_id = ${sport.id}, tournament_id = ${tournament.id}, home = ${message.home ?? null}, away = ${message.away ?? null},
      competitors = ${competitors}, start_at = ${new Date(message.startAt)}, status = coalesce(${message.status ?? null}, status), fixture_at = ${at}, updated_at = now()
    where id = ${message.eventId} and fixture_at <= ${at}
    returning ${STATE_COLUMNS}`.execute(trx);
  if (message.status !== undefined && fixed.rows[0]) out.state = stateOf(fixed.rows[0]);
  // A cancelled or postponed fixture takes no bets until the feed reopens its markets.
  const changed = message.status === 'cancelled' || message.status === 'postponed' ? await suspendMarkets(trx, message.eventId, undefined, out) : 0;
  return { effect: 'applied', marketsChanged: changed };
}

async function marketsOf(trx: DbExecutor, eventId: string): Promise<Map<string, MarketRow>> {
  // Locked in key order, every time: two writers of one event's markets never wait on each other crosswise.
  const rows = (await sql<MarketRow>`select market_key, type, status, status_before, odds_version from sportsbook_market where event_id = ${eventId} order by market_key for update`.execute(trx)).rows;
  return new Map(rows.map((row) => [row.market_key, row]));
}

function keyOf(market: MarketRef & { specifiers: Record<string, string> }): string {
  const problem = marketProblem(market.type, market.specifiers);
  if (problem) throw new FeedRefusal('invalid_market', problem);
  return marketKey(market.type, market.specifiers);
}

async function oddsChange(trx: DbExecutor, message: Parsed<'odds_change'>, out: ChangeCollector): Promise<number> {
  const state = message.event;
  const stateNow = await sql<StateRow>`
    update sportsbook_event set
      status = coalesce(${state?.status ?? null}, status),
      home_score = coalesce(${state?.homeScore ?? null}, home_score),
      away_score = coalesce(${state?.awayScore ?? null}, away_score),
      period = case when ${state?.period !== undefined} then ${state?.period ?? null} else period end,
      clock_seconds = case when ${state?.clockSeconds !== undefined} then ${state?.clockSeconds ?? null}::integer else clock_seconds end,
      score_detail = coalesce(${state?.scoreDetail === undefined ? null : JSON.stringify(state.scoreDetail)}::jsonb, score_detail),
      state_at = ${new Date(message.timestamp)}, updated_at = now()
    where id = ${message.eventId}
    returning ${STATE_COLUMNS}`.execute(trx);
  if (state !== undefined && stateNow.rows[0]) out.state = stateOf(stateNow.rows[0]);
  if (message.markets.length === 0) return 0;
  const markets = await marketsOf(trx, message.eventId);
  const seen = new Set<string>();
  const outcomes = new Map<string, OutcomeRow[]>();
  for (const row of (await sql<OutcomeRow>`select market_key, outcome_id, odds, active from sportsbook_outcome where event_id = ${message.eventId}`.execute(trx)).rows) {
    outcomes.set(row.market_key, [...(outcomes.get(row.market_key) ?? []), row]);
  }
  // Set-based writes (one statement each), so a message with hundreds of markets stays cheap.
  const created = { keys: [] as string[], types: [] as string[], specifiers: [] as string[], statuses: [] as string[], sorts: [] as number[] };
  const updated = { keys: [] as string[], statuses: [] as string[] };
  const priced = { keys: [] as string[], ids: [] as string[], odds: [] as string[], active: [] as boolean[], sorts: [] as number[] };
  for (const [index, market] of message.markets.entries()) {
    const key = keyOf(market);
    if (seen.has(key)) throw new FeedRefusal('invalid_market', `market ${key} twice in one message`);
    seen.add(key);
    const ids = new Set<string>();
    for (const outcome of market.outcomes) {
      if (!isOutcomeOf(market.type as MarketType, outcome.id)) throw new FeedRefusal('unknown_outcome', `market ${key} has no outcome ${outcome.id}`);
      if (ids.has(outcome.id)) throw new FeedRefusal('unknown_outcome', `market ${key}: outcome ${outcome.id} twice`);
      ids.add(outcome.id);
    }
    const current = markets.get(key);
    if (current && (current.status === 'settled' || current.status === 'cancelled')) continue; // closed: the feed's late odds change nothing
    const before = new Map((outcomes.get(key) ?? []).map((row) => [row.outcome_id, row]));
    const oddsDiffer =
      before.size !== market.outcomes.length ||
      market.outcomes.some((outcome) => {
        const row = before.get(outcome.id);
        return !row || row.odds !== BigInt(outcome.odds) || row.active !== outcome.active;
      });
    if (!current) {
      created.keys.push(key);
      created.types.push(market.type);
      created.specifiers.push(key.slice(market.type.length + 1));
      created.statuses.push(market.status);
      created.sorts.push(index);
    } else if (current.status !== market.status || oddsDiffer) {
      updated.keys.push(key);
      updated.statuses.push(market.status);
    } else {
      continue;
    }
    out.markets.push({
      marketKey: key,
      type: market.type,
      status: market.status,
      oddsVersion: current ? current.odds_version + 1n : 1n,
      ...(oddsDiffer ? { outcomes: market.outcomes.map((outcome) => ({ id: outcome.id, odds: BigInt(outcome.odds), active: outcome.active })) } : {}),
    });
    if (oddsDiffer) {
      for (const [sort, outcome] of market.outcomes.entries()) {
        priced.keys.push(key);
        priced.ids.push(outcome.id);
        priced.odds.push(String(outcome.odds));
        priced.active.push(outcome.active);
        priced.sorts.push(sort);
      }
    }
  }
  const eventId = message.eventId;
  if (created.keys.length > 0) {
    await sql`insert into sportsbook_market (event_id, market_key, type, specifiers, status, sort)
              select ${eventId}, m.key, m.type, m.specifiers, m.status, m.sort
              from unnest(${created.keys}::text[], ${created.types}::text[], ${created.specifiers}::text[], ${created.statuses}::text[], ${created.sorts}::int[]) as m(key, type, specifiers, status, sort)`.execute(trx);
  }
  if (updated.keys.length > 0) {
    await sql`update sportsbook_market m set status = u.status, odds_version = m.odds_version + 1, updated_at = now()
              from unnest(${updated.keys}::text[], ${updated.statuses}::text[]) as u(key, status)
              where m.event_id = ${eventId} and m.market_key = u.key`.execute(trx);
  }
  if (priced.keys.length > 0) {
    await sql`delete from sportsbook_outcome o where o.event_id = ${eventId} and o.market_key = any(${[...new Set(priced.keys)]}::text[])
              and (o.market_key, o.outcome_id) not in (select * from unnest(${priced.keys}::text[], ${priced.ids}::text[]))`.execute(trx);
    await sql`insert into sportsbook_outcome (event_id, market_key, outcome_id, odds, active, sort)
              select ${eventId}, p.key, p.id, p.odds, p.active, p.sort
              from unnest(${priced.keys}::text[], ${priced.ids}::text[], ${priced.odds}::bigint[], ${priced.active}::boolean[], ${priced.sorts}::int[]) as p(key, id, odds, active, sort)
              on conflict (event_id, market_key, outcome_id) do update set odds = excluded.odds, active = excluded.active, sort = excluded.sort`.execute(trx);
  }
  return created.keys.length + updated.keys.length;
}

async function suspendMarkets(trx: DbExecutor, eventId: string, types: readonly string[] | undefined, out: ChangeCollector): Promise<number> {
  await marketsOf(trx, eventId);
  const result = await sql<{ market_key: string; type: string; odds_version: bigint }>`
    update sportsbook_market set status = 'suspended', odds_version = odds_version + 1, updated_at = now()
    where event_id = ${eventId} and status = 'active' and (${types === undefined} or type = any(${types ?? []}::text[]))
    returning market_key, type, odds_version`.execute(trx);
  for (const row of result.rows) out.markets.push({ marketKey: row.market_key, type: row.type, status: 'suspended', oddsVersion: BigInt(row.odds_version) });
  return result.rows.length;
}

async function betStop(trx: DbExecutor, message: Parsed<'bet_stop'>, out: ChangeCollector): Promise<number> {
  await sql`update sportsbook_event set state_at = ${new Date(message.timestamp)}, updated_at = now() where id = ${message.eventId}`.execute(trx);
  return suspendMarkets(trx, message.eventId, message.marketTypes, out);
}

function existingMarket(markets: Map<string, MarketRow>, key: string): MarketRow {
  const market = markets.get(key);
  if (!market) throw new FeedRefusal('unknown_market', `the event has no market ${key}`);
  return market;
}

async function settlement(trx: DbExecutor, message: Parsed<'bet_settlement'>, out: ChangeCollector): Promise<number> {
  const markets = await marketsOf(trx, message.eventId);
  const known = new Map<string, Set<string>>();
  for (const row of (await sql<OutcomeRow>`select market_key, outcome_id from sportsbook_outcome where event_id = ${message.eventId}`.execute(trx)).rows) {
    known.set(row.market_key, (known.get(row.market_key) ?? new Set()).add(row.outcome_id));
  }
  let changed = 0;
  const seen = new Set<string>();
  for (const market of message.markets) {
    const key = keyOf(market);
    if (seen.has(key)) throw new FeedRefusal('invalid_market', `market ${key} twice in one message`);
    seen.add(key);
    const current = existingMarket(markets, key);
    const outcomes = known.get(key) ?? new Set();
    const ids = market.outcomes.map((outcome) => outcome.id);
    for (const id of ids) if (!outcomes.has(id)) throw new FeedRefusal('unknown_outcome', `market ${key} has no outcome ${id}`);
    if (new Set(ids).size !== ids.length) throw new FeedRefusal('unknown_outcome', `market ${key}: an outcome twice`);
    if (current.status === 'cancelled') throw new FeedRefusal('market_closed', `market ${key} is cancelled: roll the cancellation back first`);
    const results = JSON.stringify(market.outcomes.map((outcome) => ({ outcomeId: outcome.id, result: outcome.result, voidFactor: outcome.voidFactor, deadHeatFactor: outcome.deadHeatFactor })));
    if (current.status === 'settled') {
      // The same result again (live-scouted, then confirmed) is no change; another one needs a rollback first.
      const last = (
        await sql<{ same: boolean }>`select results = ${results}::jsonb as same from sportsbook_market_result
                                      where event_id = ${message.eventId} and market_key = ${key} and kind = 'settlement' order by seq desc limit 1`.execute(trx)
      ).rows[0];
      if (last?.same) continue;
      throw new FeedRefusal('market_settled', `market ${key} is settled with another result: roll the settlement back first`);
    }
    await sql`update sportsbook_market set status = 'settled', status_before = ${current.status}, odds_version = odds_version + 1, updated_at = now()
              where event_id = ${message.eventId} and market_key = ${key}`.execute(trx);
    out.markets.push({ marketKey: key, type: current.type, status: 'settled', oddsVersion: current.odds_version + 1n });
    await sql`insert into sportsbook_market_result (event_id, market_key, kind, results, certainty, producer, message_at)
              values (${message.eventId}, ${key}, 'settlement', ${results}::jsonb, ${message.certainty}, ${message.producer}, ${new Date(message.timestamp)})`.execute(trx);
    changed += 1;
  }
  return changed;
}

async function cancel(trx: DbExecutor, message: Parsed<'bet_cancel'>, out: ChangeCollector): Promise<number> {
  const markets = await marketsOf(trx, message.eventId);
  let changed = 0;
  for (const market of message.markets) {
    const key = keyOf(market);
    const current = existingMarket(markets, key);
    if (current.status === 'settled') throw new FeedRefusal('market_settled', `market ${key} is settled: roll the settlement back first`);
    if (current.status === 'cancelled') continue;
    await sql`update sportsbook_market set status = 'cancelled', status_before = ${current.status}, odds_version = odds_version + 1, updated_at = now()
              where event_id = ${message.eventId} and market_key = ${key}`.execute(trx);
    await sql`insert into sportsbook_market_result (event_id, market_key, kind, void_reason, window_from, window_to, producer, message_at)
              values (${message.eventId}, ${key}, 'cancel', ${message.reason ?? null}, ${message.from === undefined ? null : new Date(message.from)},
                      ${message.to === undefined ? null : new Date(message.to)}, ${message.producer}, ${new Date(message.timestamp)})`.execute(trx);
    current.status = 'cancelled';
    out.markets.push({ marketKey: key, type: current.type, status: 'cancelled', oddsVersion: current.odds_version + 1n });
    changed += 1;
  }
  return changed;
}

async function rollback(
  trx: DbExecutor,
  message: Parsed<'rollback_bet_settlement' | 'rollback_bet_cancel'>,
  from: 'settled' | 'cancelled',
  kind: 'rollback_settlement' | 'rollback_cancel',
  out: ChangeCollector,
): Promise<number> {
  const markets = await marketsOf(trx, message.eventId);
  let changed = 0;
  for (const market of message.markets) {
    const key = keyOf(market);
    const current = existingMarket(markets, key);
    if (current.status !== from) {
      throw new FeedRefusal(from === 'settled' ? 'market_not_settled' : 'market_not_cancelled', `market ${key} is ${current.status}, not ${from}`);
    }
    await sql`update sportsbook_market set status = coalesce(status_before, 'suspended'), status_before = null, odds_version = odds_version + 1, updated_at = now()
              where event_id = ${message.eventId} and market_key = ${key}`.execute(trx);
    await sql`insert into sportsbook_market_result (event_id, market_key, kind, producer, message_at)
              values (${message.eventId}, ${key}, ${kind}, ${message.producer}, ${new Date(message.timestamp)})`.execute(trx);
    current.status = current.status_before ?? 'suspended';
    out.markets.push({ marketKey: key, type: current.type, status: current.status, oddsVersion: current.odds_version + 1n });
    changed += 1;
  }
  return changed;
}
