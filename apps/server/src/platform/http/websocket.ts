import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { WS_MAX_TOPICS_PER_CONNECTION, WsTopicSchema } from '@app/contracts';
import { MEMBER_SESSIONS_ENDED, type AppEvent, type EventBus } from '../events.ts';
import type { HttpApp } from './http-app.ts';

interface Connection {
  id: string;
  socket: WebSocket;
  /** Set once the connection authenticates (accounts module); public events go to all. */
  memberId: string | undefined;
  /** The member's session token, checked again when the member's sessions end (MEMBER_SESSIONS_ENDED, events-core.ts). */
  memberToken: string | undefined;
  /** Bumped by every auth message of a side: a slower, older check never overrides a newer one. */
  authVersions: Record<(typeof AUTH_TYPES)[number], number>;
  /** Set by `operator.auth` (a console session): the operator and the permissions of their role. */
  operator: { id: string; permissions: ReadonlySet<string> } | undefined;
  /** Set by `visitor.auth` (a chat visitor's token). */
  visitorId: string | undefined;
  /** Topics of frequent public messages this connection asked for (e.g. crash ticks). */
  topics: Set<string>;
  isAlive: boolean;
}

export interface WebSocketHub {
  connectionCount(): number;
  /** Members with at least one open connection on this process (a broadcast's pushes go to these only). */
  connectedMemberIds(): string[];
  /** Sends a message to one member's connections on this process (a module's own fan-out, e.g. messages). */
  sendToMember(memberId: string, message: unknown): void;
}

const PING_INTERVAL_MS = 30_000;

/**
 * /ws: one hub per process. Events arrive from the bus (NATS, or LISTEN/NOTIFY without it), so a change made
 * by any API or worker process reaches the clients connected to every process.
 */
/** Turns a session token into a member id (accounts module), or undefined. */
export type SocketAuthenticator = (token: string) => Promise<string | undefined>;
/** Turns an operator's console session token into the operator and their role's permissions (back-office module). */
export type OperatorSocketAuthenticator = (token: string) => Promise<{ id: string; permissions: readonly string[] } | undefined>;
/** The other sides a connection can be bound to (customer-service chat): operators and chat visitors. */
export interface SideAuthenticators {
  operator?: OperatorSocketAuthenticator;
  /** A chat visitor's token → the visitor id (support-chat module). */
  visitor?: SocketAuthenticator;
}

const AUTH_TYPES = ['auth', 'operator.auth', 'visitor.auth'] as const;
const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(AUTH_TYPES), token: z.string().max(200).nullable() }),
  // The topic is checked apart (below), so a refused subscribe can be answered instead of dropped.
  z.object({ type: z.enum(['subscribe', 'unsubscribe']), topic: z.string().max(1000) }),
]);

/** Connections by a key (member, operator, visitor id): an event for one of them costs their sockets only. */
function createIndex() {
  const map = new Map<string, Set<Connection>>();
  return {
    add(key: string, connection: Connection) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(connection);
    },
    remove(key: string | undefined, connection: Connection) {
      if (key === undefined) return;
      const set = map.get(key);
      if (set?.delete(connection) && set.size === 0) map.delete(key);
    },
    get: (key: string): Iterable<Connection> => map.get(key) ?? [],
    all: () => map.values(),
  };
}

export async function installWebSocket(app: HttpApp, bus: EventBus, authenticate?: SocketAuthenticator, sides: SideAuthenticators = {}, options: { servedBy?: string | undefined } = {}): Promise<WebSocketHub> {
  const connections = new Map<string, Connection>();
  // Subscribers by topic: a topic message costs its subscribers, not every connection (the book has
  // a topic per event and pushes many of them a second).
  const subscribers = new Map<string, Set<Connection>>();
  const leaveTopics = (connection: Connection) => {
    for (const topic of connection.topics) {
      const set = subscribers.get(topic);
      if (set?.delete(connection) && set.size === 0) subscribers.delete(topic);
    }
    connection.topics.clear();
  };
  // Connections by member: a member's event (balance, cash-out offers) costs that member's sockets only.
  const byMember = new Map<string, Set<Connection>>();
  const bindMember = (connection: Connection, memberId: string | undefined) => {
    if (connection.memberId !== undefined) {
      const set = byMember.get(connection.memberId);
      if (set?.delete(connection) && set.size === 0) byMember.delete(connection.memberId);
    }
    connection.memberId = memberId;
    if (memberId === undefined) return;
    let set = byMember.get(memberId);
    if (!set) byMember.set(memberId, (set = new Set()));
    set.add(connection);
  };
  const byOperator = createIndex();
  const byVisitor = createIndex();
  const bindOperator = (connection: Connection, operator: Connection['operator']) => {
    byOperator.remove(connection.operator?.id, connection);
    connection.operator = operator;
    if (operator) byOperator.add(operator.id, connection);
  };
  const bindVisitor = (connection: Connection, visitorId: string | undefined) => {
    byVisitor.remove(connection.visitorId, connection);
    connection.visitorId = visitorId;
    if (visitorId !== undefined) byVisitor.add(visitorId, connection);
  };
  /** Each auth message: how its token is checked, how the connection is bound, and the answers. */
  const sideOf = {
    auth: { check: authenticate, bind: bindMember, ok: 'auth.ok', failed: 'auth.failed' },
    'operator.auth': {
      check: sides.operator && (async (token: string) => {
        const operator = await sides.operator?.(token);
        return operator && { id: operator.id, permissions: new Set(operator.permissions) };
      }),
      bind: bindOperator,
      ok: 'operator.auth.ok',
      failed: 'operator.auth.failed',
    },
    'visitor.auth': { check: sides.visitor, bind: bindVisitor, ok: 'visitor.auth.ok', failed: 'visitor.auth.failed' },
  } as const;
  const drop = (connection: Connection) => {
    connections.delete(connection.id);
    leaveTopics(connection);
    bindMember(connection, undefined);
    bindOperator(connection, undefined);
    bindVisitor(connection, undefined);
  };
  /** The recipients of an event, by its audience. */
  function* recipientsOf(audience: AppEvent['audience']): Iterable<Connection> {
    switch (audience.kind) {
      case 'topic':
        yield* subscribers.get(audience.topic) ?? [];
        return;
      case 'member':
        yield* byMember.get(audience.memberId) ?? [];
        return;
      case 'operator':
        yield* byOperator.get(audience.operatorId);
        return;
      case 'visitor':
        yield* byVisitor.get(audience.visitorId);
        return;
      case 'operators':
        for (const set of byOperator.all()) for (const connection of set) if (connection.operator?.permissions.has(audience.permission)) yield connection;
        return;
      default:
        yield* connections.values();
    }
  }
  const send = (connection: Connection, message: unknown) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  };
  function subscription(connection: Connection, kind: 'subscribe' | 'unsubscribe', requested: string) {
    const parsed = WsTopicSchema.safeParse(requested);
    if (!parsed.success) {
      if (kind === 'subscribe') send(connection, { type: 'subscribe.refused', topic: requested.slice(0, 200), reason: 'invalid_topic' });
      return;
    }
    const topic = parsed.data;
    if (kind === 'unsubscribe') {
      if (!connection.topics.delete(topic)) return;
      const set = subscribers.get(topic);
      if (set?.delete(connection) && set.size === 0) subscribers.delete(topic);
      return;
    }
    if (connection.topics.has(topic)) return;
    if (connection.topics.size >= WS_MAX_TOPICS_PER_CONNECTION) {
      send(connection, { type: 'subscribe.refused', topic, reason: 'too_many_topics' });
      return;
    }
    connection.topics.add(topic);
    let set = subscribers.get(topic);
    if (!set) subscribers.set(topic, (set = new Set()));
    set.add(connection);
  }
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    const connection: Connection = {
      id: randomUUID(),
      socket,
      memberId: undefined,
      memberToken: undefined,
      authVersions: { auth: 0, 'operator.auth': 0, 'visitor.auth': 0 },
      operator: undefined,
      visitorId: undefined,
      topics: new Set(),
      isAlive: true,
    };
    connections.set(connection.id, connection);
    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('close', () => drop(connection));
    socket.on('error', () => drop(connection));
    // A client binds the connection to a member ({type:'auth', token}) or unbinds it (token null),
    // and subscribes to topics. Anything else is ignored rather than echoed.
    socket.on('message', (raw: Buffer) => {
      const parsed = ClientMessageSchema.safeParse(safeJson(raw.toString('utf8')));
      if (!parsed.success) return;
      const message = parsed.data;
      if ('topic' in message) {
        subscription(connection, message.type, message.topic);
        return;
      }
      const { type, token } = message;
      const side = sideOf[type];
      const check = side.check as ((token: string) => Promise<never>) | undefined;
      const bind = side.bind as (connection: Connection, value: unknown) => void;
      if (!check) return;
      const version = ++connection.authVersions[type];
      bind(connection, undefined);
      if (type === 'auth') connection.memberToken = undefined;
      if (token === null) return;
      check(token)
        .catch(() => undefined)
        .then((bound: unknown) => {
          // A later auth message of the same side wins over a slower earlier one.
          if (version !== connection.authVersions[type] || socket.readyState !== socket.OPEN) return;
          bind(connection, bound);
          if (type === 'auth' && bound) connection.memberToken = token;
          socket.send(JSON.stringify({ type: bound ? side.ok : side.failed }));
        });
    });
    socket.send(JSON.stringify({ type: 'hello', connectionId: connection.id, ...(options.servedBy ? { servedBy: options.servedBy } : {}) }));
  });

  /** The member's sessions changed: each socket bound to the member keeps its binding only while its token is still valid. */
  function recheckMember(memberId: string) {
    if (!authenticate) return;
    for (const connection of [...(byMember.get(memberId) ?? [])]) {
      const { memberToken } = connection;
      const version = connection.authVersions.auth;
      if (memberToken === undefined) continue;
      // A check that fails (the database away for a moment) keeps the binding: only a token the
      // accounts module answered as no longer valid is unbound.
      void authenticate(memberToken)
        .catch(() => memberId)
        .then((stillFor) => {
          if (stillFor === memberId || version !== connection.authVersions.auth || connection.memberId !== memberId) return;
          bindMember(connection, undefined);
          connection.memberToken = undefined;
          send(connection, { type: 'auth.failed' });
        });
    }
  }

  const unsubscribe = bus.subscribe((event: AppEvent) => {
    if (event.type === MEMBER_SESSIONS_ENDED && event.audience.kind === 'member') {
      recheckMember(event.audience.memberId);
      return;
    }
    // Encoded once for every recipient: with thousands of crash spectators, per-socket encoding dominates.
    const message = Buffer.from(JSON.stringify({ type: event.type, ...event.data }), 'utf8');
    for (const connection of recipientsOf(event.audience)) {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(message, { binary: false });
    }
  });

  // Drop connections whose peer vanished without a close frame (mobile networks do this).
  const pinger = setInterval(() => {
    for (const connection of connections.values()) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        drop(connection);
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    unsubscribe();
    for (const connection of connections.values()) connection.socket.close(1001, 'server shutting down');
  });

  return {
    connectionCount: () => connections.size,
    connectedMemberIds: () => [...byMember.keys()],
    sendToMember(memberId, message) {
      for (const connection of byMember.get(memberId) ?? []) send(connection, message);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
