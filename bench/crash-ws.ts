import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { createBenchDatabase } from './bench-database.ts';
import { crashPoint, generateChain } from '../apps/server/src/modules/house-games/index.ts';

/**
 * npm run bench:crash-ws — the crash game's live feed to many spectators: CLIENTS WebSocket
 * connections on loopback subscribe to the crash topic while the leader (in the API child process)
 * runs a round that rises for longer than the measurement; every tick carries the server's send
 * time, and each client records how late it arrived. Prints the delivery latency percentiles and
 * how many ticks each client missed. Target (issue 8): 2,000 clients, p95 within 100 ms.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const TICK_MS = 100;

const benchDatabase = await createBenchDatabase('crash', 58_000);
const { databaseUrl } = benchDatabase;

// A chain whose first round rises past 20× (about 50 s): the whole measurement sees one live curve.
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
for (let attempt = 0; ; attempt += 1) {
  const seed = createHash('sha256').update(`crash-bench-${attempt}`).digest('hex');
  const chain = generateChain(10, seed);
  if (crashPoint(chain.hashes[0]!, 'bench') >= 2000n) {
    await setup.query('insert into crash_chain (seed, length, terminating_hash, salt) values ($1, 10, $2, $3)', [seed, chain.terminatingHash, 'bench']);
    break;
  }
}
await setup.end();

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], {
  env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_CRASH_LEADER: 'true', CRASH_BETTING_MS: '1000', CRASH_TICK_MS: String(TICK_MS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const wsUrl = `ws://127.0.0.1:${(JSON.parse(line) as { port: number }).port}/ws`;

const latencies: number[] = [];
const receivedPerClient = new Array<number>(CLIENTS).fill(0);
const ticksSeen = new Set<number>();
let measuring = false;

function connect(index: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; at?: number };
      if (message.type === 'hello') {
        socket.send(JSON.stringify({ type: 'subscribe', topic: 'crash' }));
        resolve(socket);
      } else if (message.type === 'crash.tick' && measuring) {
        latencies.push(Date.now() - message.at!);
        receivedPerClient[index]! += 1;
        ticksSeen.add(message.at!);
      }
    });
    socket.once('error', reject);
  });
}

const connecting = performance.now();
const sockets: WebSocket[] = [];
for (let i = 0; i < CLIENTS; i += 100) sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, (_, j) => connect(i + j)))));
console.log(`(${CLIENTS.toLocaleString('en')} clients connected and subscribed in ${((performance.now() - connecting) / 1000).toFixed(1)} s)`);

// Wait for the round to rise, then measure.
await new Promise<void>((resolve) => {
  sockets[0]!.on('message', (raw) => JSON.parse(raw.toString()).type === 'crash.tick' && resolve());
});
measuring = true;
await sleep(DURATION_S * 1000);
measuring = false;

const sorted = latencies.sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const expected = ticksSeen.size;
const missed = receivedPerClient.reduce((sum, count) => sum + Math.max(0, expected - count), 0);
console.log(`\ncrash /ws feed — ${CLIENTS.toLocaleString('en')} subscribed clients, tick every ${TICK_MS} ms, ${DURATION_S} s measured`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; PostgreSQL: ${benchDatabase.server}`);
console.log(`ticks sent ${expected}, tick messages received ${sorted.length.toLocaleString('en')} (${((sorted.length / DURATION_S) | 0).toLocaleString('en')}/s), missed ${missed}`);
console.log(`delivery latency ms: p50 ${at(0.5)}  p95 ${at(0.95)}  p99 ${at(0.99)}  max ${sorted.at(-1)}`);
console.log(at(0.95) <= 100 ? 'target met: p95 within 100 ms' : 'target NOT met: p95 above 100 ms');

for (const socket of sockets) socket.terminate();
server.kill('SIGTERM');
await once(server, 'exit');
await benchDatabase.drop();
