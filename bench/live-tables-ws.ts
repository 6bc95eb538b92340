import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { liveTableTopic } from '@app/contracts';
import { createBenchDatabase } from './bench-database.ts';

/**
 * npm run bench:live-tables -- ws — a live table's round events to many watchers: CLIENTS
 * WebSocket connections on loopback subscribe to one roulette table's topic while the leader (in
 * the API child process, which also serves /ws) runs short rounds — betting, dealing, result, each
 * a `live.round` message carrying the server's send time — and each client records how late every
 * event arrived. Prints the delivery latency percentiles and the events each client missed.
 * Target (issue 25): 2,000 clients, p95 within 100 ms.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const TABLE = 'roleta-copacabana';

const benchDatabase = await createBenchDatabase('live_ws', 58_400);
const server = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], {
  env: { ...process.env, DATABASE_URL: benchDatabase.databaseUrl, BENCH_LIVE_LEADER: 'true', LIVE_BETTING_MS: '3000', LIVE_REVEAL_MS: '1500', LIVE_PAUSE_MS: '500' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const wsUrl = `ws://127.0.0.1:${(JSON.parse(line) as { port: number }).port}/ws`;

const latencies: number[] = [];
const receivedPerClient = new Array<number>(CLIENTS).fill(0);
const eventsSeen = new Set<string>();
/** How many clients received each event inside the window. */
const receivers = new Map<string, number>();
let measuring = false;

function connect(index: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; at?: number; tableCode?: string; round?: { id: string; phase: string } };
      if (message.type === 'hello') {
        socket.send(JSON.stringify({ type: 'subscribe', topic: liveTableTopic(TABLE) }));
        resolve(socket);
      } else if (message.type === 'live.round' && message.tableCode === TABLE && measuring) {
        latencies.push(Date.now() - message.at!);
        receivedPerClient[index]! += 1;
        const key = `${message.round!.id}:${message.round!.phase}`;
        eventsSeen.add(key);
        receivers.set(key, (receivers.get(key) ?? 0) + 1);
      }
    });
    socket.once('error', reject);
  });
}

const connecting = performance.now();
const sockets: WebSocket[] = [];
for (let i = 0; i < CLIENTS; i += 100) sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, (_, j) => connect(i + j)))));
console.log(`(${CLIENTS.toLocaleString('en')} clients connected and subscribed to ${liveTableTopic(TABLE)} in ${((performance.now() - connecting) / 1000).toFixed(1)} s)`);

// Start measuring at a round's first event, so every client has the same events to receive.
await new Promise<void>((resolve) => {
  sockets[0]!.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { type: string; round?: { phase: string } };
    if (message.type === 'live.round' && message.round?.phase === 'result') resolve();
  });
});
measuring = true;
await sleep(DURATION_S * 1000);
measuring = false;
await sleep(500);

const sorted = latencies.sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const expected = eventsSeen.size;
// The window opens when client 0 hears a result and closes after DURATION_S: clients that heard
// the first event a moment before client 0, or the last a moment after the close, are the
// measurement's edges, not losses. Misses are counted on the events between them.
const inner = [...eventsSeen].slice(1, -1);
const missed = inner.reduce((sum, key) => sum + (CLIENTS - (receivers.get(key) ?? 0)), 0);
const edgeMissed = receivedPerClient.reduce((sum, count) => sum + Math.max(0, expected - count), 0) - missed;
console.log(`\nlive table /ws feed — ${CLIENTS.toLocaleString('en')} clients on ${liveTableTopic(TABLE)}, rounds of 3 s betting + 1.5 s spin + 0.5 s pause, ${DURATION_S} s measured`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; PostgreSQL: ${benchDatabase.server}`);
console.log(`round events sent ${expected} (${[...eventsSeen].map((key) => key.split(':')[1]).join(' ')}), messages received ${sorted.length.toLocaleString('en')}, missed ${missed} of the ${inner.length} inner events' ${(inner.length * CLIENTS).toLocaleString('en')} (${edgeMissed} at the window's edges)`);
console.log(`delivery latency ms: p50 ${at(0.5)}  p95 ${at(0.95)}  p99 ${at(0.99)}  max ${sorted.at(-1)}`);
console.log(at(0.95) <= 100 && expected > 0 ? 'target met: p95 within 100 ms' : 'target NOT met: p95 above 100 ms (or no event)');

for (const socket of sockets) socket.terminate();
server.kill('SIGTERM');
await once(server, 'exit');
await benchDatabase.drop();
