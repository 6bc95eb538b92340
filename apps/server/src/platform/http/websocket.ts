import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { AppEvent, EventBus } from '../events.ts';
import type { HttpApp } from './http-app.ts';

interface Connection {
  id: string;
  socket: WebSocket;
  /** Set once the connection authenticates (accounts module); public events go to all. */
  memberId: string | undefined;
  isAlive: boolean;
}

export interface WebSocketHub {
  connectionCount(): number;
}

const PING_INTERVAL_MS = 30_000;

/**
 * /ws: one hub per process. Events arrive from the bus (LISTEN/NOTIFY), so a change made
 * by any API or worker process reaches the clients connected to every process.
 */
export async function installWebSocket(app: HttpApp, bus: EventBus): Promise<WebSocketHub> {
  const connections = new Map<string, Connection>();
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    const connection: Connection = { id: randomUUID(), socket, memberId: undefined, isAlive: true };
    connections.set(connection.id, connection);
    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('close', () => connections.delete(connection.id));
    socket.on('error', () => connections.delete(connection.id));
    // Clients only listen for now; anything they send is ignored rather than echoed.
    socket.on('message', () => undefined);
    socket.send(JSON.stringify({ type: 'hello', connectionId: connection.id }));
  });

  const unsubscribe = bus.subscribe((event: AppEvent) => {
    const message = JSON.stringify({ type: event.type, ...event.data });
    for (const connection of connections.values()) {
      if (event.audience.kind === 'member' && connection.memberId !== event.audience.memberId) continue;
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(message);
    }
  });

  // Drop connections whose peer vanished without a close frame (mobile networks do this).
  const pinger = setInterval(() => {
    for (const connection of connections.values()) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        connections.delete(connection.id);
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

  return { connectionCount: () => connections.size };
}
