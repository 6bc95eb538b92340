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
/**
 * The live list's window is longer: its message goes to every list page at once (a thousand
 * sockets is a thousand frames per window), while an event's topic has few watchers.
 */
const DEFAULT_LIVE_WINDOW_MS = 50;

const MAIN_TYPES: ReadonlySet<string> = new Set(MAIN_MARKET_TYPES);
/** The main market of an event: a main type without specifiers (as the list reads choose it). */
const isMain = (market: { type: string; marketKey: string }) => MAIN_TYPES.has(market.type) && !market.marketKey.includes('?');

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

/** Merges one committed change into a window's pending events (only the markets `keep` accepts). */
function merge(pending: Map<string, PendingEvent>, change: BookChange, keep: (market: MarketChangeRecord) => boolean): boolean {
  const markets = change.markets.filter(keep);
  if (!change.state && markets.length === 0) return false;
  let entry = pending.get(change.eventId);
  if (!entry) pending.set(change.eventId, (entry = { committedAt: change.committedAt, state: undefined, markets: new Map() }));
  if (change.state) entry.state = change.state;
  for (const market of markets) {
    const before = entry.markets.get(market.marketKey);
    if (before && before.oddsVersion > market.oddsVersion) continue;
    // A status-only change keeps the prices an earlier change of the window carried.
    entry.markets.set(market.marketKey, market.outcomes || !before?.outcomes ? market : { ...market, outcomes: before.outcomes });
  }
  return true;
}

const changesOf = (pending: Map<string, PendingEvent>): SportsbookEventChange[] =>
  [...pending].map(([eventId, entry]) => ({ eventId, committedAt: entry.committedAt, ...(entry.state ? { state: entry.state } : {}), markets: [...entry.markets.values()].map(marketView) }));

/**
 * The live push (issue 23). Feed changes arrive here after their commit and are coalesced per
 * event for a short window — 25 ms for the event topics, 50 ms for the live list — (a market keeps
 * only its latest state; the event's state its latest value; the earliest commit time is kept for
 * latency), then published through the event bus
 * (LISTEN/NOTIFY, one statement per window): every API process's /ws hub hears them and sends
 * each topic's message to its subscribers only. Topics: `sportsbook.event:<id>` (all its market
 * changes) and `sportsbook.live` (state changes and main markets of every event). Publishes run
 * one after another, so a topic's messages keep their order.
 *
 * A change committed but not yet published when the process stops is lost; clients re-read on
 * reconnect and merge by oddsVersion, so a missed push costs freshness, never correctness.
 */
export function createBookPublisher(deps: {
  db: DbExecutor;
  bus: Pick<EventBus, 'publishAll'>;
  logger: Logger;
  windowMs?: number;
  liveWindowMs?: number;
  /** Markets whose state or prices were just published (cash-out offers of the tickets on them). */
  onPublished?: (markets: ReadonlyArray<{ eventId: string; marketKey: string }>) => void;
}) {
  const windows = { event: deps.windowMs ?? DEFAULT_WINDOW_MS, live: deps.liveWindowMs ?? DEFAULT_LIVE_WINDOW_MS };
  let pending = new Map<string, PendingEvent>();
  let livePending = new Map<string, PendingEvent>();
  let timer: NodeJS.Timeout | undefined;
  let liveTimer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  function push(change: BookChange): void {
    if (closed) return;
    merge(pending, change, () => true);
    timer ??= setTimeout(() => void flushEvents(), windows.event);
    if (merge(livePending, change, isMain)) liveTimer ??= setTimeout(() => void flushLive(), windows.live);
  }

  /** Publishes after whatever publish is still running, so a topic's messages keep their order. */
  function publish(events: AppEvent[], after?: () => void): Promise<void> {
    if (events.length === 0) return chain;
    chain = chain.then(async () => {
      try {
        await deps.bus.publishAll(deps.db, events);
      } catch (error) {
        deps.logger.warn({ err: error, events: events.length }, 'sportsbook live push not published (clients catch up on their next read)');
        return;
      }
      after?.();
    });
    return chain;
  }

  function flushEvents(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = new Map();
    const sentAt = Date.now();
    const events = changesOf(batch).flatMap((change) => packTopic(sportsbookEventTopic(change.eventId), [change], sentAt));
    const markets = [...batch].flatMap(([eventId, entry]) => [...entry.markets.keys()].map((marketKey) => ({ eventId, marketKey })));
    return publish(events, () => deps.onPublished?.(markets));
  }

  function flushLive(): Promise<void> {
    clearTimeout(liveTimer);
    liveTimer = undefined;
    const batch = livePending;
    livePending = new Map();
    return publish(packTopic(LIVE_TOPIC, changesOf(batch), Date.now()));
  }

  /** Publishes both windows now. */
  async function flush(): Promise<void> {
    await Promise.all([flushEvents(), flushLive()]);
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
