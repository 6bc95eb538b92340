import { createHash } from 'node:crypto';
import type { FeedMessage, FixtureChange } from '../feed/messages.ts';
import { SPORTS, strengthOf, type SportDefinition } from './fixtures.ts';
import { randomStream } from './random.ts';
import { MAX_OFFERED_ODDS, MIN_OFFERED_ODDS } from './pricing.ts';
import type { Random } from './random.ts';
import type { MarketOdds, ScriptedMessage } from './script.ts';

/** A market's prices nudged by up to ±4 % each, the book's overround kept. */
function drifted(market: MarketOdds, random: Random): MarketOdds {
  const implied = market.outcomes.map((outcome) => 1000 / outcome.odds);
  const moved = implied.map((p) => p * (1 + (random.next() - 0.5) * 0.08));
  const scale = implied.reduce((sum, p) => sum + p, 0) / moved.reduce((sum, p) => sum + p, 0);
  return {
    ...market,
    outcomes: market.outcomes.map((outcome, index) => ({
      ...outcome,
      odds: Math.min(MAX_OFFERED_ODDS, Math.max(MIN_OFFERED_ODDS, Math.floor(1000 / (moved[index]! * scale) / 10) * 10)),
    })),
  };
}

/**
 * The sandbox feed: the built-in provider for development and demos. Its fixtures are a pure
 * function of (seed, sport, fixture number): fixture n of a sport starts at n × the sport's
 * interval (epoch time) and its whole life — publication, pre-match odds, the live match, the
 * result, a rare cancellation or corrected result — is scripted from its own random stream. So
 * `messages(from, to)` answers the same messages for the same window whatever was asked before,
 * a restart just asks again, and the book's idempotent apply drops what it already has.
 */
export const SANDBOX_PRODUCER = 'sandbox';
/** Share of fixtures cancelled before they start, and of football results corrected after settling. */
const CANCELLED = 0.03;
const CORRECTED = 0.08;

export interface SandboxOptions {
  seed: string;
  /** Real milliseconds per match minute: 60,000 plays in real time, less speeds demos up. */
  minuteMs?: number;
  /** The operator's margin in basis points (500 = 5 %). */
  marginBp: number;
  /** Only these sports (ids); all by default. */
  sports?: readonly string[];
}

export interface SandboxFixture {
  eventId: string;
  sport: string;
  number: number;
  startMs: number;
  cancelled: boolean;
  corrected: boolean;
  messages: FeedMessage[];
}

export function createSandboxFeed(options: SandboxOptions) {
  const minuteMs = options.minuteMs ?? 60_000;
  const tag = createHash('sha256').update(options.seed).digest('hex').slice(0, 8);
  const sports = SPORTS.filter((definition) => !options.sports || options.sports.includes(definition.sport.id));
  const cache = new Map<string, SandboxFixture>();

  function fixture(definition: SportDefinition, number: number): SandboxFixture {
    const eventId = `sbx-${tag}:${definition.sport.id}:${number}`;
    const known = cache.get(eventId);
    if (known) return known;
    const random = randomStream(options.seed, eventId);
    const intervalMs = definition.intervalMinutes * 60_000;
    const startMs = number * intervalMs;
    const publishMs = startMs - definition.leadMinutes * 60_000;
    const competition = random.pick(definition.competitions);
    const home = random.pick(competition.teams);
    let away = random.pick(competition.teams);
    while (away === home) away = random.pick(competition.teams);
    const cancelled = random.next() < CANCELLED;
    const corrected = random.next() < CORRECTED && definition.sport.id === 'football';
    const fixtureChange: Omit<FixtureChange, 'producer' | 'eventId' | 'timestamp'> = {
      kind: 'fixture_change',
      sport: definition.sport,
      category: { id: `sbx:${definition.sport.id}:${competition.category.key}`, namePt: competition.category.namePt, nameEn: competition.category.nameEn, countryCode: competition.category.countryCode },
      tournament: { id: `sbx:${definition.sport.id}:${competition.key}`, namePt: competition.namePt, nameEn: competition.nameEn },
      home,
      away,
      startAt: startMs,
    };
    const { prematch, live } = definition.play(random, [strengthOf(home), strengthOf(away)], { startMs, minuteMs, marginBp: options.marginBp }, corrected);
    const scripted: ScriptedMessage[] = [
      { ...fixtureChange, timestamp: publishMs },
      { kind: 'odds_change', timestamp: publishMs + 1, event: { status: 'not_started' }, markets: prematch },
    ];
    const cancelAt = publishMs + Math.floor((startMs - publishMs) * 0.6);
    // Pre-match the prices move a little (money coming in) before kick-off reprices from the model.
    const drift = randomStream(options.seed, `${eventId}:drift`);
    for (const share of [0.35, 0.7, 0.95]) {
      const at = publishMs + Math.floor((startMs - publishMs) * share);
      if (!cancelled || at < cancelAt) scripted.push({ kind: 'odds_change', timestamp: at, markets: prematch.map((market) => drifted(market, drift)) });
    }
    if (cancelled) {
      const at = cancelAt;
      scripted.push({ ...fixtureChange, status: 'cancelled', timestamp: at });
      scripted.push({ kind: 'bet_cancel', timestamp: at + 1, markets: prematch.map(({ type, specifiers }) => ({ type, specifiers })), reason: 'fixture cancelled' });
    } else {
      scripted.push(...live);
    }
    const made: SandboxFixture = {
      eventId,
      sport: definition.sport.id,
      number,
      startMs,
      cancelled,
      corrected,
      messages: scripted.map((message) => ({ ...message, producer: SANDBOX_PRODUCER, eventId }) as FeedMessage),
    };
    cache.set(eventId, made);
    return made;
  }

  /** The fixtures whose scripts may have a message in [fromMs, toMs]. */
  function fixturesBetween(fromMs: number, toMs: number): SandboxFixture[] {
    const found: SandboxFixture[] = [];
    for (const definition of sports) {
      const intervalMs = definition.intervalMinutes * 60_000;
      const first = Math.ceil((fromMs - definition.spanMinutes * minuteMs - 20 * minuteMs) / intervalMs);
      const last = Math.floor((toMs + definition.leadMinutes * 60_000) / intervalMs);
      for (let number = first; number <= last; number += 1) found.push(fixture(definition, number));
    }
    return found;
  }

  /**
   * What the book needs to catch up on (fromMs, toMs]: every message but the odds changes in
   * between (an odds change carries the whole state of the markets it names), keeping the first,
   * the last with markets and the last of each fixture. With `introduce` (after a restart or a
   * long pause the book may lack what came before the window), each fixture with something in the
   * window is replayed from its publication the same way: what the book has is dropped as a
   * duplicate, what it lacks (the fixture, a settlement a rollback in the window undoes) arrives.
   */
  function catchUp(fromMs: number, toMs: number, introduce: boolean): FeedMessage[] {
    const due: FeedMessage[] = [];
    for (const item of fixturesBetween(fromMs, toMs)) {
      if (!item.messages.some((message) => message.timestamp > fromMs && message.timestamp <= toMs)) continue;
      const replay = item.messages.filter((message) => message.timestamp <= toMs && (introduce || message.timestamp > fromMs));
      const odds = replay.filter((message) => message.kind === 'odds_change');
      const keep = new Set<FeedMessage>([odds[0]!, odds.at(-1)!, odds.findLast((message) => message.kind === 'odds_change' && (message.markets?.length ?? 0) > 0)!].filter(Boolean));
      due.push(...replay.filter((message) => message.kind !== 'odds_change' || keep.has(message)));
    }
    return due.sort((a, b) => a.timestamp - b.timestamp);
  }

  return {
    tag,
    catchUp,
    fixture: (sport: string, number: number) => {
      const definition = SPORTS.find((item) => item.sport.id === sport);
      if (!definition) throw new Error(`no sandbox sport ${sport}`);
      return fixture(definition, number);
    },
    /** Every message timestamped in (fromMs, toMs], oldest first. */
    messages(fromMs: number, toMs: number): FeedMessage[] {
      const due = fixturesBetween(fromMs, toMs).flatMap((item) => item.messages.filter((message) => message.timestamp > fromMs && message.timestamp <= toMs));
      // Forget fixtures whose scripts ended before the window.
      for (const [id, item] of cache) if ((item.messages.at(-1)?.timestamp ?? 0) < fromMs) cache.delete(id);
      return due.sort((a, b) => a.timestamp - b.timestamp);
    },
  };
}

export type SandboxFeed = ReturnType<typeof createSandboxFeed>;
