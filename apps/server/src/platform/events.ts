import pg from 'pg';
import { describeError, executeSql } from './db.ts';
import { createLocalDelivery, toPayload, type EventBus } from './events-core.ts';
import { createNatsEventBus, natsSubjectFor } from './events-nats.ts';
import type { Logger } from './logger.ts';

/**
 * Cross-process fan-out of events to every process's /ws clients. Two transports behind one
 * interface: NATS when NATS_URL is set (events-nats.ts), else PostgreSQL LISTEN/NOTIFY (below).
 * Either way publishing inside a transaction delivers the event only if and when that
 * transaction commits, so a WebSocket client never hears about a change that was rolled back.
 */
const CHANNEL = 'app_events';

export type { AppEvent, EventBus, EventHandler } from './events-core.ts';
export { MEMBER_SESSIONS_ENDED, memberSessionsEnded } from './events-core.ts';

/** Reconnect delays: doubling from 250 ms up to 5 s, so a restarting server is not hammered. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

/**
 * The bus for this machine's configuration: NATS when `natsUrl` is set, otherwise LISTEN/NOTIFY
 * on `connectionString` (a direct connection to PostgreSQL: LISTEN does not survive a pgbouncer
 * in transaction mode).
 */
export function createEventBus(options: { connectionString: string; natsUrl?: string | undefined; logger: Logger }): EventBus {
  if (options.natsUrl) return createNatsEventBus({ servers: options.natsUrl, subject: natsSubjectFor(options.connectionString), logger: options.logger });
  return createListenNotifyBus(options);
}

function createListenNotifyBus(options: { connectionString: string; logger: Logger }): EventBus {
  const logger = options.logger.child({ module: 'events' });
  const local = createLocalDelivery(logger);
  const dispatch = local.dispatch;
  let client: pg.Client | undefined;
  let stopping = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString, application_name: 'event-listener', keepAlive: true });
    next.on('notification', (message) => dispatch(message.payload));
    // 'error' and 'end' both mean this connection is done; only the current one schedules a retry.
    const lost = (error?: Error) => {
      if (client !== next) return;
      logger.warn({ err: error && describeError(error) }, 'event listener connection lost; reconnecting');
      client = undefined;
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (stopping) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }

  function scheduleReconnect() {
    if (stopping || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          logger.info('event listener reconnected');
          local.reconnected();
        },
        (error: Error) => {
          logger.warn({ err: describeError(error), retryMs }, 'event listener reconnect failed');
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
  }

  return {
    async publish(executor, event) {
      await executeSql(executor, 'select pg_notify($1, $2)', [CHANNEL, toPayload(event)]);
    },
    async publishAll(executor, events) {
      if (events.length === 0) return;
      await executeSql(executor, 'select pg_notify($1, payload) from unnest($2::text[]) as payload', [CHANNEL, events.map(toPayload)]);
    },
    subscribe: local.subscribe,
    onReconnect: local.onReconnect,
    deliverLocally(events) {
      for (const event of events) local.deliver(event);
    },
    start: connect,
    async stop() {
      stopping = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
