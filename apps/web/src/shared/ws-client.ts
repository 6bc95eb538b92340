import { WsServerMessageSchema, type WsClientMessage, type WsServerMessage, type WsTopic } from '@app/contracts';

export interface RealtimeOptions {
  onMessage: (message: WsServerMessage) => void;
  /** Called on every successful (re)connection; `reconnected` is false for the first one. */
  onOpen?: (reconnected: boolean) => void;
  url?: string;
}

export interface RealtimeConnection {
  /** Sends when the socket is open; false otherwise (the next onOpen is the time to say it again). */
  send(message: WsClientMessage): boolean;
  close(): void;
}

/**
 * One concern riding on the shared connection (system status, member binding, wallet). Each
 * gets every open and every message and picks what it needs.
 */
export interface RealtimeHandler {
  onOpen?: (reconnected: boolean) => void;
  onMessage?: (message: WsServerMessage) => void;
  /** Releases whatever the handler subscribed to outside the socket. */
  dispose?: () => void;
}

const BASE_DELAY_MS = 1_000;
/** WebSocket.OPEN, spelled out so the code does not depend on the global's static fields. */
const SOCKET_OPEN = 1;
const MAX_DELAY_MS = 30_000;

/** Same origin, ws:// or wss:// following the page, so it works behind any TLS proxy. */
export function realtimeUrl(location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/ws`;
}

/** Exponential backoff with jitter, so a restarted server is not hit by every tab at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Keeps one WebSocket open to /ws, reconnecting with backoff until closed. Messages are checked
 * against the contract; unknown types are ignored as the contract asks.
 */
export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const url = options.url ?? realtimeUrl();
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everOpened = false;
  let closed = false;
  let timer: number | undefined;

  const schedule = () => {
    if (closed) return;
    const delay = reconnectDelay(attempt);
    attempt += 1;
    timer = window.setTimeout(open, delay);
  };

  const onOnline = () => {
    // Back from offline: retry now rather than waiting out the backoff.
    if (socket === null && timer !== undefined) {
      window.clearTimeout(timer);
      open();
    }
  };

  function open(): void {
    timer = undefined;
    if (closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      schedule();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      options.onOpen?.(everOpened);
      everOpened = true;
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = WsServerMessageSchema.safeParse(raw);
      if (parsed.success) options.onMessage(parsed.data);
    };
    ws.onclose = () => {
      socket = null;
      schedule();
    };
    // onerror is always followed by onclose, which does the reconnecting.
  }

  window.addEventListener('online', onOnline);
  open();

  return {
    send(message) {
      if (!socket || socket.readyState !== SOCKET_OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      closed = true;
      window.removeEventListener('online', onOnline);
      if (timer !== undefined) window.clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close();
        socket = null;
      }
    },
  };
}

/** A screen watching a topic (the crash game): its messages, and word that some may have been missed. */
export interface TopicWatcher {
  onMessage: (message: WsServerMessage) => void;
  /**
   * A new socket (the first, or one after a drop) was subscribed: whatever was sent before it
   * did not reach this tab, so re-read the state.
   */
  onSubscribed?: () => void;
}

// Topics are watched by screens, which cannot reach the connection useRealtime owns: they register
// here (a tiny external store, like the session token) and the topic handler does the talking.
const topicWatchers = new Map<WsTopic, Set<TopicWatcher>>();
let topicConnection: RealtimeConnection | null = null;

/**
 * Whether a message belongs to a topic: a message naming its `topic` (sportsbook.changes,
 * subscribe.refused) belongs to that one; other topic messages are named `<topic>.<event>`.
 */
function topicOf(message: WsServerMessage): WsTopic | null {
  if ('topic' in message && typeof message.topic === 'string') return topicWatchers.has(message.topic as WsTopic) ? (message.topic as WsTopic) : null;
  for (const topic of topicWatchers.keys()) if (message.type.startsWith(`${topic}.`)) return topic;
  return null;
}

// Member messages a screen wants while it is shown (my bets: sportsbook.cashout_changed), by type.
const typeWatchers = new Map<string, Set<(message: WsServerMessage) => void>>();

/** Hears every message of one type on the tab's shared connection until the returned function is called. */
export function watchMessages<T extends WsServerMessage['type']>(type: T, listener: (message: Extract<WsServerMessage, { type: T }>) => void): () => void {
  let listeners = typeWatchers.get(type);
  if (!listeners) {
    listeners = new Set();
    typeWatchers.set(type, listeners);
  }
  const wrapped = listener as (message: WsServerMessage) => void;
  listeners.add(wrapped);
  return () => {
    typeWatchers.get(type)?.delete(wrapped);
  };
}

/**
 * Watches a topic on the tab's shared connection until the returned function is called. The
 * first watcher subscribes, the last one to leave unsubscribes (the server then stops sending).
 */
export function watchTopic(topic: WsTopic, watcher: TopicWatcher): () => void {
  let watchers = topicWatchers.get(topic);
  if (!watchers) {
    watchers = new Set();
    topicWatchers.set(topic, watchers);
    topicConnection?.send({ type: 'subscribe', topic });
  }
  watchers.add(watcher);
  return () => {
    const current = topicWatchers.get(topic);
    if (!current?.delete(watcher) || current.size > 0) return;
    topicWatchers.delete(topic);
    topicConnection?.send({ type: 'unsubscribe', topic });
  };
}

/**
 * The handler useRealtime registers for topics: a new socket starts with no subscriptions, so
 * every watched topic is subscribed again on each (re)connection; topic messages go to watchers.
 */
export function createTopicRealtime(connection: RealtimeConnection): RealtimeHandler {
  topicConnection = connection;
  return {
    onOpen: () => {
      for (const [topic, watchers] of topicWatchers) {
        connection.send({ type: 'subscribe', topic });
        watchers.forEach((watcher) => watcher.onSubscribed?.());
      }
    },
    onMessage: (message) => {
      const topic = topicOf(message);
      if (topic) topicWatchers.get(topic)?.forEach((watcher) => watcher.onMessage(message));
      typeWatchers.get(message.type)?.forEach((listener) => listener(message));
    },
    dispose: () => {
      if (topicConnection === connection) topicConnection = null;
    },
  };
}
