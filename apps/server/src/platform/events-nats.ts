import { connect, Events, type NatsConnection } from 'nats';
import { afterCommit } from './after-commit.ts';
import { describeError } from './db.ts';
import { createLocalDelivery, toPayload, type EventBus } from './events-core.ts';
import type { Logger } from './logger.ts';

/**
 * The event bus over NATS (NATS_URL): every process publishes to one subject and subscribes to
 * it, so an event reaches the /ws clients of every process, on any machine, without a LISTEN
 * connection per process or NOTIFY's commit-time lock on the primary.
 *
 * Transactions. NOTIFY is transactional by itself; a broker is not. `publish(tx, …)` therefore
 * hands the event to `afterCommit` (after-commit.ts): it is sent once COMMIT has succeeded, never
 * for a rollback (of the transaction or of a savepoint), never while the transaction is open.
 * Outside a transaction it is sent at once. The window this adds against NOTIFY: a process that
 * dies between its COMMIT and the write to the NATS socket (microseconds) loses those events;
 * that request's own answer is lost with it, and clients refetch what they show on reconnect.
 * (The alternative, NOTIFY in the transaction relayed to NATS by a listening leader, keeps
 * NOTIFY's global commit lock and adds a relay whose failover loses events for everyone.)
 *
 * Local first. The process delivers its own events to its own subscribers directly (noEcho: NATS
 * does not send them back), so with NATS down the bus keeps working for this process's clients.
 * While disconnected, events are not buffered for later: a crash tick or odds change replayed
 * seconds late is worse than none. When the connection is back — nats.js reconnects by itself,
 * without limit — the `onReconnect` handlers run as on the LISTEN path (caches drop, /ws clients
 * refetch), and likewise when the first connection succeeds after a start without NATS.
 *
 * No JetStream: every event here is a notification about state that lives in PostgreSQL (a
 * balance, a round, a message count, a cache to drop), read again by whoever missed it; nothing
 * must be replayed, and a replayed stale one would mislead. Core NATS (at most once) fits.
 */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;
/** A dead connection is noticed within about 10 s (2 unanswered pings 5 s apart). */
const PING_INTERVAL_MS = 5000;

/** One subject per database: processes sharing a database share events; other sites (and test databases) on the same NATS do not. */
export function natsSubjectFor(connectionString: string): string {
  const database = decodeURIComponent(new URL(connectionString).pathname.slice(1)) || 'postgres';
  return `app_events.${database.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function createNatsEventBus(options: { servers: string; subject: string; logger: Logger }): EventBus & { isConnected(): boolean } {
  const logger = options.logger.child({ module: 'events', transport: 'nats' });
  const local = createLocalDelivery(logger);
  const servers = options.servers.split(',').map((server) => server.trim()).filter(Boolean);
  let connection: NatsConnection | undefined;
  let connected = false;
  let stopping = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  function send(payloads: readonly string[]) {
    if (!connection || !connected) return;
    try {
      for (const payload of payloads) connection.publish(options.subject, payload);
    } catch (error) {
      logger.warn({ err: describeError(error as Error) }, 'event not sent to NATS');
    }
  }

  async function watch(next: NatsConnection) {
    for await (const status of next.status()) {
      if (status.type === Events.Disconnect) {
        connected = false;
        logger.warn({ server: status.data }, 'NATS connection lost; events reach this process only until it is back');
      } else if (status.type === Events.Reconnect) {
        connected = true;
        logger.info({ server: status.data }, 'NATS reconnected');
        local.reconnected();
      }
    }
  }

  async function open(): Promise<void> {
    const next = await connect({
      servers,
      name: 'betting-platform-events',
      noEcho: true,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      pingInterval: PING_INTERVAL_MS,
      maxPingOut: 2,
      timeout: 2000,
    });
    if (stopping) {
      await next.close();
      return;
    }
    next.subscribe(options.subject, {
      callback: (error, message) => {
        if (error) logger.warn({ err: describeError(error) }, 'NATS subscription error');
        else local.dispatch(message.string());
      },
    });
    // The server registers the subscription when it reads it: a round trip makes sure it has, so
    // an event another process publishes right after this start is not missed (a clean-clone run
    // of events-nats.test.ts published before the second bus's SUB had arrived).
    await next.flush().catch(() => undefined);
    connection = next;
    connected = true;
    void watch(next);
    // Closed for good (only by stop(), or a fatal refusal such as authorisation): start over.
    void next.closed().then((error) => {
      if (connection !== next) return;
      connection = undefined;
      connected = false;
      if (error) logger.warn({ err: describeError(error) }, 'NATS connection closed');
      scheduleOpen(true);
    });
  }

  function scheduleOpen(wasLost: boolean) {
    if (stopping || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          if (!connection) return;
          logger.info('NATS connected');
          if (wasLost) local.reconnected();
        },
        (error: Error) => {
          logger.warn({ err: describeError(error), retryMs }, 'NATS connect failed');
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          scheduleOpen(wasLost);
        },
      );
    }, retryMs);
  }

  function publishAfterCommit(payloads: readonly string[]) {
    // Delivered locally as the other processes will see it (parsed JSON), not the caller's objects.
    for (const payload of payloads) local.dispatch(payload);
    send(payloads);
  }

  return {
    async publish(executor, event) {
      const payload = toPayload(event);
      await afterCommit(executor, () => publishAfterCommit([payload]));
    },
    async publishAll(executor, events) {
      if (events.length === 0) return;
      const payloads = events.map(toPayload);
      await afterCommit(executor, () => publishAfterCommit(payloads));
    },
    subscribe: local.subscribe,
    onReconnect: local.onReconnect,
    deliverLocally(events) {
      for (const event of events) local.deliver(event);
    },
    isConnected: () => connected,
    async start() {
      // A start without NATS is not fatal: the process serves its own clients and keeps trying;
      // the first connection then counts as a reconnect (other processes' events were missed).
      await open().catch((error: Error) => {
        logger.warn({ err: describeError(error), servers }, 'NATS unreachable at start; retrying in the background');
        scheduleOpen(true);
      });
    },
    async stop() {
      stopping = true;
      clearTimeout(retryTimer);
      const current = connection;
      connection = undefined;
      connected = false;
      if (!current) return;
      // Flush what was published just before shutdown, but never wait on a dead server for long.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([current.drain().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      if (!current.isClosed()) await current.close().catch(() => undefined);
    },
  };
}
