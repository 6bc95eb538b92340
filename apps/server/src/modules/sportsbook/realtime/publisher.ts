import { sportsbookEventTopic, type SportsbookEventChange, type SportsbookMarketChange } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import type { AppEvent, EventBus } from '../../../platform/events.ts';
import type { Logger } from '../../../platform/logger.ts';
import { decimalOdds } from '../book.read.ts';
import { MAIN_MARKET_TYPES } from '../feed/markets.ts';
import type { BookChange, EventStateNow, MarketChangeRecord } from './changes.ts';

/** The list pages' topic: every event's state and its main market. */
export const LIVE_TOPIC = 'sportsbook.live';
export const BOOK_CHANGES = 'sportsbook.changes';
/** Room for one NOTIFY's data (the bus refuses payloads above 7,900 bytes with type and audience). */
const DATA_BUDGET_BYTES = 7_000;
const DEFAULT_WINDOW_MS = 25;

const MAIN_TYPES: ReadonlySet<string> = new Set(MAIN_MARKET_TYPES);
/** The main market of an event: a main type without specifiers (as the list reads choose it). */
const isMain = (market: SportsbookMarketChange) => MAIN_TYPES.has(market.type) && !market.marketKey.includes('?');

interface PendingEvent {
  committedAt: number;
  state: EventStateNow | undefined;
  markets: Map<string, MarketChangeRecord>;
}

function marketView(market: MarketChangeRecord): SportsbookMarketChange {
  return {
    marketKey: market.marketKey,
    type: market.type,
    status: market.status,
    oddsVersion: market.oddsVersion.toString(),
    ...(market.outcomes ? { outcomes: market.outcomes.map((outcome) => ({ id: outcome.id, odds: decimalOdds(outcome.odds), active: outcome.active })) } : {}),
  };
}

/** Event changes of one topic in as few messages as fit a NOTIFY each; an oversized event is split by markets. */
export function packTopic(topic: string, changes: readonly SportsbookEventChange[], sentAt: number): AppEvent[] {
  const messages: AppEvent[] = [];
  let events: SportsbookEventChange[] = [];
  let size = 0;
  const close = () => {
    if (events.length > 0) messages.push({ type: BOOK_CHANGES, audience: { kind: 'topic', topic }, data: { topic, events, sentAt } });
    events = [];
    size = 0;
  };
  const add = (change: SportsbookEventChange, bytes: number) => {
    if (size + bytes > DATA_BUDGET_BYTES) close();
    events.push(change);
    size += bytes;
  };
  for (const change of changes) {
    const bytes = JSON.stringify(change).length + 1;
    if (bytes <= DATA_BUDGET_BYTES) {
      add(change, bytes);
      continue;
    }
    // Hundreds of markets in one message: pieces of the same event, the state in the first.
    let piece: SportsbookEventChange = { ...change, markets: [] };
    let pieceBytes = JSON.stringify(piece).length + 1;
    for (const market of change.markets) {
      const marketBytes = JSON.stringify(market).length + 1;
      if (pieceBytes + marketBytes > DATA_BUDGET_BYTES && piece.markets.length > 0) {
        add(piece, pieceBytes);
        piece = { eventId: change.eventId, committedAt: change.committedAt, markets: [] };
        pieceBytes = JSON.stringify(piece).length + 1;
      }
      piece.markets.push(market);
      pieceBytes += marketBytes;
    }
    add(piece, pieceBytes);
  }
  close();
  return messages;
}

/**
 * The live push (issue 23). Feed changes arrive here after their commit and are coalesced per
 * event for a short window (a market keeps only its latest state; the event's state its latest
 * value; the earliest commit time is kept for latency), then published through the event bus
 * (LISTEN/NOTIFY, one statement per window): every API process's /ws hub hears them and sends
 * each topic's message to its subscribers only. Topics: `sportsbook.event:<id>` (all its market
 * changes) and `sportsbook.live` (state changes and main markets of every event). Windows are
 * published one after another, so a topic's messages keep their order.
 *
 * A change committed but not yet published when the process stops is lost; clients re-read on
 * reconnect and merge by oddsVersion, so a missed push costs freshness, never correctness.
 */
export function createBookPublisher(deps: {
  db: DbExecutor;
  bus: Pick<EventBus, 'publishAll'>;
  logger: Logger;
  windowMs?: number;
  /** Markets whose state or prices were just published (cash-out offers of the tickets on them). */
  onPublished?: (markets: ReadonlyArray<{ eventId: string; marketKey: string }>) => void;
}) {
  const windowMs = deps.windowMs ?? DEFAULT_WINDOW_MS;
  let pending = new Map<string, PendingEvent>();
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  function push(change: BookChange): void {
    if (closed) return;
    let entry = pending.get(change.eventId);
    if (!entry) pending.set(change.eventId, (entry = { committedAt: change.committedAt, state: undefined, markets: new Map() }));
    if (change.state) entry.state = change.state;
    for (const market of change.markets) {
      const before = entry.markets.get(market.marketKey);
      if (before && before.oddsVersion > market.oddsVersion) continue;
      // A status-only change keeps the prices an earlier change of the window carried.
      entry.markets.set(market.marketKey, market.outcomes || !before?.outcomes ? market : { ...market, outcomes: before.outcomes });
    }
    timer ??= setTimeout(() => void flush(), windowMs);
  }

  function build(batch: Map<string, PendingEvent>): { events: AppEvent[]; markets: Array<{ eventId: string; marketKey: string }> } {
    const sentAt = Date.now();
    const events: AppEvent[] = [];
    const live: SportsbookEventChange[] = [];
    const markets: Array<{ eventId: string; marketKey: string }> = [];
    for (const [eventId, entry] of batch) {
      const views = [...entry.markets.values()].map(marketView);
      const state = entry.state ? { state: entry.state } : {};
      events.push(...packTopic(sportsbookEventTopic(eventId), [{ eventId, committedAt: entry.committedAt, ...state, markets: views }], sentAt));
      const main = views.filter(isMain);
      if (entry.state || main.length > 0) live.push({ eventId, committedAt: entry.committedAt, ...state, markets: main });
      for (const marketKey of entry.markets.keys()) markets.push({ eventId, marketKey });
    }
    events.push(...packTopic(LIVE_TOPIC, live, sentAt));
    return { events, markets };
  }

  /** Publishes what the window gathered (after any publish still running). */
  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return chain;
    chain = chain.then(async () => {
      const { events, markets } = build(batch);
      try {
        await deps.bus.publishAll(deps.db, events);
      } catch (error) {
        deps.logger.warn({ err: error, events: events.length }, 'sportsbook live push not published (clients catch up on their next read)');
        return;
      }
      deps.onPublished?.(markets);
    });
    return chain;
  }

  return {
    push,
    flush,
    /** Publishes what is pending and stops taking changes. */
    async close() {
      await flush();
      closed = true;
    },
  };
}

export type BookPublisher = ReturnType<typeof createBookPublisher>;
