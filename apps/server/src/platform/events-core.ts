import type { DbExecutor } from './db.ts';
import type { Logger } from './logger.ts';

/** What both event-bus transports share: the event, the bus's interface, the payload rule, local delivery. */

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

/**
 * Published (audience: the member) by whoever ends a member's sessions — logout, password change
 * or reset, an operator's lock, a cool-off or exclusion, the limits job ending sessions past a time
 * limit (not a session ended by its own limits status poll: that tab learns it from the answer). Every process's /ws
 * hub checks the tokens its sockets of that member were bound with again and unbinds those no
 * longer valid, answering `auth.failed` (the web then ends the session on that device): a stolen
 * phone's open socket stops receiving the member's balance and messages at once, not at its next
 * reconnection.
 */
export const MEMBER_SESSIONS_ENDED = 'auth.sessions_ended';

/** The event above for one member. */
export const memberSessionsEnded = (memberId: bigint): AppEvent => ({ type: MEMBER_SESSIONS_ENDED, audience: { kind: 'member', memberId: memberId.toString() } });

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

/** Both transports keep NOTIFY's limit, so an event that works with NATS works without it. */
export function toPayload(event: AppEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`event ${event.type} is too large for NOTIFY (${payload.length} bytes)`);
  }
  return payload;
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
