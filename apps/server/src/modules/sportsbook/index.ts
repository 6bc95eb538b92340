import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { recordingRefusals, sportsbookConsoleRoutes, type SportsbookConsolePorts } from './backoffice/index.ts';
import { bookRoutes, createBookReads } from './book.read.ts';
import { findEvent, listEvents, marketsOfEvent, resultsAfter } from './book.repository.ts';
import { createFeedApplier } from './feed/apply.ts';
import { pruneFeedKeys } from './feed/retention.ts';
import { createCashOutOffers } from './realtime/cashout-offers.ts';
import { createBookPublisher } from './realtime/publisher.ts';
import { createSandboxRunner, type PassOutcome } from './sandbox/runner.ts';
import { createSportsbookTickets, type ProviderMoneyPorts } from './tickets/index.ts';

export type { BookEvent, BookMarket, MarketResultRow } from './book.repository.ts';
export { FeedRefusal, type ApplyResult, type FeedRefusalCode } from './feed/apply.ts';
export type { FeedAdapter, FeedMessage, FeedMessageKind } from './feed/messages.ts';
export { MARKET_TYPES, marketKey, type MarketType } from './feed/markets.ts';
export type { PassOutcome } from './sandbox/runner.ts';
export { SPORTSBOOK_GAME_CODE, SPORTSBOOK_VENDOR_CODE, type ProviderMoneyPorts } from './tickets/index.ts';

/** The sandbox job keeps passing for most of its minute, a pass a second. */
const SANDBOX_LOOP_MS = 55_000;
const SANDBOX_PAUSE_MS = 1_000;

/**
 * Sportsbook module (issue 23): the in-house book — sports, categories, tournaments, events,
 * markets and outcomes with exact decimal odds (integer thousandths) — fed by provider adapters
 * through one apply service (feed/apply.ts), and the built-in sandbox feed for development and
 * demos (sandbox/). The pure settlement maths lives in domain/. Tickets (tickets/) are placed
 * with their stake debited through our provider protocol as vendor SPORTSBOOK and settled from the
 * market result log (tickets/settlement.service.ts, job sportsbook.settle-tickets), and resettled
 * after a corrected result (the win taken back through the protocol, the new return credited); they can be
 * cashed out, whole or in part (tickets/cash-out.*, job sportsbook.pay-cashouts retries unpaid ones).
 * With the event bus, every committed feed change is pushed over /ws, coalesced per topic
 * (realtime/publisher.ts: sportsbook.event:<id>, sportsbook.live), and the owners of open tickets
 * on moved markets get cash-out offers (realtime/cashout-offers.ts). The sandbox job exists only
 * when `sandbox` is given (config SPORTSBOOK_FEED=sandbox, the default of a development demo).
 */
export function createSportsbookModule(deps: {
  db: Db;
  logger: Logger;
  now?: () => Date;
  sandbox?: { minuteMs?: number; sports?: readonly string[] };
  /** The provider protocol and catalogue ports the tickets' money goes through (vendor SPORTSBOOK). */
  money?: ProviderMoneyPorts;
  /** Replaces the live delay's timer (the delay itself is a setting). */
  sleep?: (ms: number) => Promise<void>;
  /** The event bus: with it, committed feed changes are pushed over /ws (realtime/) and cash-out offers sent. */
  bus?: Pick<EventBus, 'publishAll'>;
  /**
   * The push's coalescing windows (event topics 25 ms, the live list 50 ms), the cash-out offers'
   * interval (1 s), and a connection of its own to NOTIFY through (default db): a busy pool would
   * make the push wait behind the feed's own transactions.
   */
  push?: { windowMs?: number; liveWindowMs?: number; offersIntervalMs?: number; db?: DbExecutor };
}) {
  const logger = deps.logger.child({ module: 'sportsbook' });
  const now = deps.now ?? (() => new Date());
  // Tickets exist where the money ports are wired (the app; the book's own tests run without them).
  const tickets = deps.money ? createSportsbookTickets({ db: deps.db, logger, money: deps.money, ...(deps.sleep ? { sleep: deps.sleep } : {}) }) : undefined;
  // The live push: committed feed changes, coalesced per topic, through the bus; cash-out offers to ticket owners.
  const offers =
    deps.bus && tickets
      ? createCashOutOffers({ db: deps.db, bus: deps.bus, logger, quotesOf: tickets.api.cashOutQuotesOf, ...(deps.push?.offersIntervalMs ? { intervalMs: deps.push.offersIntervalMs } : {}) })
      : undefined;
  const publisher = deps.bus
    ? createBookPublisher({ db: deps.push?.db ?? deps.db, bus: deps.bus, logger, ...(deps.push?.windowMs ? { windowMs: deps.push.windowMs } : {}), ...(deps.push?.liveWindowMs ? { liveWindowMs: deps.push.liveWindowMs } : {}), ...(offers ? { onPublished: offers.marketsPublished } : {}) })
    : undefined;
  // Refused messages leave a row for the console's feed health (backoffice/feed-health.ts).
  const applier = { apply: recordingRefusals(deps.db, createFeedApplier(deps.db, publisher ? { onCommitted: publisher.push } : {}).apply) };
  const reads = createBookReads(deps.db);
  const sandbox = createSandboxRunner({
    db: deps.db,
    logger,
    apply: applier.apply,
    now,
    ...(deps.sandbox?.minuteMs !== undefined ? { minuteMs: deps.sandbox.minuteMs } : {}),
    ...(deps.sandbox?.sports ? { sports: deps.sandbox.sports } : {}),
  });
  let closing = false;

  const jobs: JobDefinition[] = deps.sandbox
    ? [
        {
          name: 'sportsbook.sandbox-feed',
          cron: '* * * * *',
          async handle() {
            const until = Date.now() + SANDBOX_LOOP_MS;
            while (Date.now() < until && !closing) {
              const began = Date.now();
              const outcome: PassOutcome = await sandbox.pass();
              if (outcome.refused > 0) logger.warn(outcome, 'sandbox feed pass with refused messages');
              await new Promise((resolve) => setTimeout(resolve, Math.max(50, SANDBOX_PAUSE_MS - (Date.now() - began))));
            }
          },
        },
      ]
    : [];

  const retention: JobDefinition = {
    name: 'sportsbook.prune-feed-keys',
    cron: '17 4 * * *',
    async handle() {
      const deleted = await pruneFeedKeys(deps.db, now());
      if (deleted > 0) logger.info({ deleted }, 'sportsbook feed keys pruned');
    },
  };

  return {
    api: {
      /** Applies one feed message (any adapter's), in its own transaction; throws FeedRefusal for bad input. */
      applyFeedMessage: applier.apply,
      /** One sandbox pass now (the job runs one a second when the sandbox is on; tests call it with their clock). */
      sandboxPass: sandbox.pass,
      event: (id: string) => findEvent(deps.db, id),
      markets: (eventId: string) => marketsOfEvent(deps.db, eventId),
      liveNow: (query: { sportId?: string; limit?: number } = {}) => listEvents(deps.db, { status: 'live', now: now(), limit: query.limit ?? 100, ...(query.sportId ? { sportId: query.sportId } : {}) }),
      startingSoon: (query: { sportId?: string; withinMs?: number; limit?: number } = {}) =>
        listEvents(deps.db, { status: 'not_started', now: now(), limit: query.limit ?? 100, ...(query.sportId ? { sportId: query.sportId } : {}), ...(query.withinMs ? { withinMs: query.withinMs } : {}) }),
      /** The settlement log after a sequence number, oldest first (ticket settlement's input). */
      resultsAfter: (afterSeq: bigint, limit = 500) => resultsAfter(deps.db, afterSeq, limit),
      /** Tickets (tickets/): placement with money, my bets, recovery of abandoned placements. */
      tickets: tickets?.api,
      /** Publishes the live push's pending window now, then the cash-out offers (tests; the timers do it otherwise). */
      async flushPush() {
        await publisher?.flush();
        await offers?.pass();
      },
    },
    jobs: [...jobs, retention, ...(tickets?.jobs ?? [])],
    /** Routes under /api: the public book reads (/sportsbook/sports, /sportsbook/events…) and the member tickets (only with the money ports wired). */
    routes(auth: { requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsync {
      if (!tickets) throw new Error('sportsbook routes need the money ports');
      const ticketRoutes = tickets.routes(auth);
      return async (app) => {
        await app.register(bookRoutes(reads));
        await app.register(ticketRoutes);
      };
    },
    /** The operator console under /api/backoffice/sportsbook (backoffice/): trading, results, liability, alerts, tickets, feed health. */
    adminRoutes: (ports: SportsbookConsolePorts) => sportsbookConsoleRoutes({ db: deps.db, apply: applier.apply }, ports),
    close() {
      closing = true;
      tickets?.close();
      void publisher?.close().then(() => offers?.close());
    },
  };
}

export type SportsbookModule = ReturnType<typeof createSportsbookModule>;
export type SportsbookApi = SportsbookModule['api'];
