import pg from 'pg';
import { describeError, executeSql, type DbExecutor } from './db.ts';
import { createNatsEventBus, natsSubjectFor } from './events-nats.ts';
import type { Logger } from './logger.ts';

/**
 * Cross-process fan-out of events to every process's /ws clients. Two transports behind one
 * interface: NATS when NATS_URL is set (events-nats.ts), else PostgreSQL LISTEN/NOTIFY (below).
 * Either way publishing inside a transaction delivers the event only if and when that
 * transaction commits, so a WebSocket client never hears about a change that was rolled back.
 */
const CHANNEL = 'app_events';
/** NOTIFY payloads are limited to 8000 bytes; events carry ids and small facts, not documents. */
const MAX_PAYLOAD_BYTES = 7900;

export interface AppEvent {
  /** Dotted name, e.g. `system.settings_changed`. */
  type: string;
  /** Who may receive it over /ws: everyone, one member's connections, or those subscribed to a topic. */
  audience:
    | { kind: 'public' }
    | { kind: 'member'; memberId: string }
    | { kind: 'topic'; topic: string }
    /** Every operator connection (`operator.auth`) whose role holds the permission (e.g. the chat queue). */
    | { kind: 'operators'; permission: string }
    /** One operator's connections (a conversation assigned to them). */
    | { kind: 'operator'; operatorId: string }
    /** One chat visitor's connections (`visitor.auth` with their chat token). */
    | { kind: 'visitor'; visitorId: string };
  data?: Record<string, unknown>;
}

export type EventHandler = (event: AppEvent) => void;

export interface EventBus {
  publish(executor: DbExecutor, event: AppEvent): Promise<void>;
  /** Many events in one statement (one round trip), e.g. after a group-committed batch. */
  publishAll(executor: DbExecutor, events: readonly AppEvent[]): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  /**
   * Called each time the transport (the LISTEN connection, or NATS) is back after it was lost.
   * Events sent while it was down are gone for good, so whoever keeps state derived from events (caches) drops it here.
   */
  onReconnect(handler: () => void): () => void;
  /** Hands events to this process's subscribers only, without NOTIFY (e.g. on reconnect). */
  deliverLocally(events: readonly AppEvent[]): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Reconnect delays: doubling from 250 ms up to 5 s, so a restarting server is not hammered. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

/** Both transports keep NOTIFY's limit, so an event that works with NATS works without it. */
export function toPayload(event: AppEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`event ${event.type} is too large for NOTIFY (${payload.length} bytes)`);
  }
  return payload;
}

/**
 * The bus for this machine's configuration: NATS when `natsUrl` is set, otherwise LISTEN/NOTIFY
 * on `connectionString` (a direct connection to PostgreSQL: LISTEN does not survive a pgbouncer
 * in transaction mode).
 */
export function createEventBus(options: { connectionString: string; natsUrl?: string | undefined; logger: Logger }): EventBus {
  if (options.natsUrl) return createNatsEventBus({ servers: options.natsUrl, subject: natsSubjectFor(options.connectionString), logger: options.logger });
  return createListenNotifyBus(options);
}

/** This process's subscribers and reconnect handlers, shared by both transports. */
export function createLocalDelivery(logger: Logger) {
  const handlers = new Set<EventHandler>();
  const reconnectHandlers = new Set<() => void>();

  function deliver(event: AppEvent) {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (error) {
        logger.error({ err: error, type: event.type }, 'event handler failed');
      }
    }
  }

  return {
    deliver,
    /** A payload from the transport: parsed, then delivered; a malformed one is logged and dropped. */
    dispatch(payload: string | undefined) {
      if (!payload) return;
      let event: AppEvent;
      try {
        event = JSON.parse(payload) as AppEvent;
      } catch {
        logger.warn({ payload }, 'ignoring malformed event payload');
        return;
      }
      deliver(event);
    },
    reconnected() {
      for (const handler of reconnectHandlers) {
        try {
          handler();
        } catch (error) {
          logger.error({ err: error }, 'reconnect handler failed');
        }
      }
    },
    subscribe(handler: EventHandler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onReconnect(handler: () => void) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
  };
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
