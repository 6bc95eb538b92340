import pg from 'pg';
import { executeSql, type DbExecutor } from './db.ts';
import type { Logger } from './logger.ts';

/**
 * Cross-process fan-out through PostgreSQL LISTEN/NOTIFY. Publishing inside a transaction
 * delivers the event only if and when that transaction commits, so a WebSocket client never
 * hears about a change that was rolled back.
 */
const CHANNEL = 'app_events';
/** NOTIFY payloads are limited to 8000 bytes; events carry ids and small facts, not documents. */
const MAX_PAYLOAD_BYTES = 7900;

export interface AppEvent {
  /** Dotted name, e.g. `system.settings_changed`. */
  type: string;
  /** Who may receive it over /ws: everyone, one member's connections, or those subscribed to a topic. */
  audience: { kind: 'public' } | { kind: 'member'; memberId: string } | { kind: 'topic'; topic: string };
  data?: Record<string, unknown>;
}

export type EventHandler = (event: AppEvent) => void;

export interface EventBus {
  publish(executor: DbExecutor, event: AppEvent): Promise<void>;
  /** Many events in one statement (one round trip), e.g. after a group-committed batch. */
  publishAll(executor: DbExecutor, events: readonly AppEvent[]): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function toPayload(event: AppEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`event ${event.type} is too large for NOTIFY (${payload.length} bytes)`);
  }
  return payload;
}

export function createEventBus(options: { connectionString: string; logger: Logger }): EventBus {
  const handlers = new Set<EventHandler>();
  const logger = options.logger.child({ module: 'events' });
  let client: pg.Client | undefined;
  let stopping = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function dispatch(payload: string | undefined) {
    if (!payload) return;
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      logger.warn({ payload }, 'ignoring malformed event payload');
      return;
    }
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (error) {
        logger.error({ err: error, type: event.type }, 'event handler failed');
      }
    }
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString, application_name: 'event-listener' });
    next.on('notification', (message) => dispatch(message.payload));
    next.on('error', (error) => {
      logger.warn({ err: error }, 'event listener connection lost');
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  }

  function scheduleReconnect() {
    client?.end().catch(() => undefined);
    client = undefined;
    if (stopping || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((error) => {
        logger.warn({ err: error }, 'event listener reconnect failed');
        scheduleReconnect();
      });
    }, 1000);
  }

  return {
    async publish(executor, event) {
      await executeSql(executor, 'select pg_notify($1, $2)', [CHANNEL, toPayload(event)]);
    },
    async publishAll(executor, events) {
      if (events.length === 0) return;
      await executeSql(executor, 'select pg_notify($1, payload) from unnest($2::text[]) as payload', [CHANNEL, events.map(toPayload)]);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    start: connect,
    async stop() {
      stopping = true;
      clearTimeout(reconnectTimer);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
