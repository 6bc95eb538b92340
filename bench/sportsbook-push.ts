import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createBenchDatabase } from './bench-database.ts';

/**
 * npm run bench:sportsbook -- push — issue 23's live push target: 5,000 odds changes a second
 * pushed to 2,000 WebSocket clients with p95 ≤ 100 ms from the feed's commit to the client.
 *
 * Three processes on one machine, as production would split them (issue 28):
 *   - the API (bench/api-server.ts): the /ws hub, hearing the book's changes through LISTEN/NOTIFY;
 *   - the feed (this file, role `feed`): the sportsbook module's apply path with the event bus —
 *     EVENTS live football matches with MARKETS_PER_EVENT (25) markets each (1x2, totals 0.5–6.5,
 *     Asian handicap −2…+2 in quarters); every odds_change message reprices all of them (a live
 *     match's feed message carries its whole market list), and
 *     messages are sent at RATE market changes a second in total, spread over the events;
 *   - the clients (this process): CLIENTS sockets on loopback. Mix: every client watches one event
 *     page (event drawn with a popularity skew: the first tenth of the events get half the
 *     watchers), one in four also a second event, and one in two also the live list
 *     (sportsbook.live: every event's main market).
 * Latency = the client's clock at receipt − the event change's committedAt (the feed's clock right
 * after its commit; same machine, same clock). Prints p50/p95/p99 and what was delivered.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 5000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const FEED_CONCURRENCY = Number(process.env.BENCH_FEED_CONCURRENCY ?? 12);

const TOTALS = ['0.5', '1.5', '2.5', '3.5', '4.5', '5.5', '6.5'];
/** Asian handicap lines −2 … +2 in quarters (17 lines). */
const HANDICAPS = Array.from({ length: 17 }, (_, i) => String((i - 8) / 4));
const MARKETS_PER_EVENT = 1 + TOTALS.length + HANDICAPS.length;
const eventId = (index: number) => `bench:push:${index}`;
const HELLO = Buffer.from('"type":"hello"');
const CHANGES = '{"type":"sportsbook.changes"';
const COMMITTED_AT = '"committedAt":';
const SENT_AT = '"sentAt":';
const MARKET_KEY = '"marketKey"';
/** The integer starting at `from` in a JSON text. */
function numberAfter(text: string, from: number): number | undefined {
  let value = 0;
  let at = from;
  for (; at < text.length; at += 1) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return at > from ? value : undefined;
}

if (process.argv[2] === 'feed') await runFeed();
else await runClients();

/** The feed process: the module's apply path with the bus, driven at RATE market changes a second. */
async function runFeed(): Promise<void> {
  const { createDb } = await import('../apps/server/src/platform/db.ts');
  const { createEventBus } = await import('../apps/server/src/platform/events.ts');
  const { createLogger } = await import('../apps/server/src/platform/logger.ts');
  const { createSportsbookModule } = await import('../apps/server/src/modules/sportsbook/index.ts');
  const logger = createLogger({ level: 'silent', pretty: false });
  const databaseUrl = process.env.DATABASE_URL!;
  const handle = createDb({ connectionString: databaseUrl, max: FEED_CONCURRENCY + 2, logger });
  const bus = createEventBus({ connectionString: databaseUrl, logger });
  await bus.start();
  // The push NOTIFYs on a connection of its own: the apply transactions keep the pool busy.
  const pushHandle = createDb({ connectionString: databaseUrl, max: 1, logger });
  const book = createSportsbookModule({ db: handle.db, logger, bus, push: {
      db: pushHandle.db,
      ...(process.env.BENCH_WINDOW_MS ? { windowMs: Number(process.env.BENCH_WINDOW_MS) } : {}),
      ...(process.env.BENCH_LIVE_WINDOW_MS ? { liveWindowMs: Number(process.env.BENCH_LIVE_WINDOW_MS) } : {}),
    },
  });
  const clock = new Map<string, number>();
  const at = (id: string) => {
    const next = Math.max(Date.now(), (clock.get(id) ?? 0) + 1);
    clock.set(id, next);
    return next;
  };
  let seq = 1;
  const jitter = (base: number) => base + ((seq = (seq * 48271) % 2147483647) % 41) - 20;
  const markets = () => [
    { type: '1x2', status: 'active' as const, outcomes: [{ id: 'home', odds: jitter(2100) }, { id: 'draw', odds: jitter(3300) }, { id: 'away', odds: jitter(3500) }] },
    ...TOTALS.map((total) => ({ type: 'totals', specifiers: { total }, status: 'active' as const, outcomes: [{ id: 'over', odds: jitter(1900) }, { id: 'under', odds: jitter(1900) }] })),
    ...HANDICAPS.map((hcp) => ({ type: 'asian_handicap', specifiers: { hcp }, status: 'active' as const, outcomes: [{ id: 'home', odds: jitter(1950) }, { id: 'away', odds: jitter(1850) }] })),
  ];
  for (let index = 0; index < EVENTS; index += 1) {
    const id = eventId(index);
    await book.api.applyFeedMessage({
      kind: 'fixture_change',
      producer: 'bench',
      eventId: id,
      timestamp: at(id),
      sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
      category: { id: 'bench:br', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
      tournament: { id: 'bench:serie-a', namePt: 'Série A', nameEn: 'Série A' },
      home: `Casa ${index}`,
      away: `Fora ${index}`,
      startAt: Date.now() - 1_800_000,
    });
    await book.api.applyFeedMessage({ kind: 'odds_change', producer: 'bench', eventId: id, timestamp: at(id), event: { status: 'live', homeScore: 0, awayScore: 0, clockSeconds: 1800 }, markets: markets() });
  }
  await book.api.flushPush();
  console.log(JSON.stringify({ ready: true }));
  await once(createInterface({ input: process.stdin }), 'line');

  // Messages a second = RATE / markets per message; each slot of 10 ms sends its share, round-robin over the events.
  const perSecond = RATE / MARKETS_PER_EVENT;
  const started = performance.now();
  const until = started + DURATION_S * 1000;
  let sent = 0;
  let applied = 0;
  let inFlight = 0;
  let next = 0;
  let score = 0;
  const applyMs: number[] = [];
  while (performance.now() < until) {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    while (sent < due && inFlight < FEED_CONCURRENCY) {
      const id = eventId(next++ % EVENTS);
      sent += 1;
      inFlight += 1;
      const began = performance.now();
      // Now and then a goal: the event's state changes too (the live list carries it).
      const event = sent % 50 === 0 ? { homeScore: ++score % 10, clockSeconds: 1800 + Math.floor((performance.now() - started) / 1000) } : undefined;
      void book.api
        .applyFeedMessage({ kind: 'odds_change', producer: 'bench', eventId: id, timestamp: at(id), ...(event ? { event } : {}), markets: markets() })
        .then(() => {
          applied += 1;
          applyMs.push(performance.now() - began);
        })
        .finally(() => (inFlight -= 1));
    }
    await sleep(5);
  }
  while (inFlight > 0) await sleep(5);
  await book.api.flushPush();
  const elapsed = (performance.now() - started) / 1000;
  applyMs.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      done: true,
      messages: applied,
      marketChanges: applied * MARKETS_PER_EVENT,
      mainChanges: applied,
      rate: Math.round((applied * MARKETS_PER_EVENT) / elapsed),
      behind: Math.max(0, Math.floor(DURATION_S * perSecond) - sent),
      applyP50: applyMs[Math.floor(applyMs.length * 0.5)],
      applyP95: applyMs[Math.floor(applyMs.length * 0.95)],
    }),
  );
  await sleep(500);
  book.close();
  await bus.stop();
  await handle.close();
  await pushHandle.close();
  process.exit(0);
}

function lines(child: ChildProcess) {
  const reader = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  reader.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : queue.push(line)));
  return () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise<string>((resolve) => waiting.push(resolve)));
}

async function runClients(): Promise<void> {
  const benchDatabase = await createBenchDatabase('sportsbook_push', 58_100);
  const { databaseUrl } = benchDatabase;
  const env = { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', SPORTSBOOK_FEED: 'off' };
  const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), '--import', 'tsx', 'bench/api-server.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const serverLine = lines(server);
  const wsUrl = `ws://127.0.0.1:${(JSON.parse(await serverLine()) as { port: number }).port}/ws`;
  const feed = spawn(process.execPath, ['--import', 'tsx', 'bench/sportsbook-push.ts', 'feed'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const feedLine = lines(feed);
  await feedLine(); // ready: the book has its events

  // Who watches what (see the header): deterministic, so runs compare.
  let seed = 42;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const popularEvent = () => (random() < 0.5 ? Math.floor(random() * (EVENTS / 10)) : Math.floor(random() * EVENTS));
  const watchers = new Array<number>(EVENTS).fill(0);
  let listWatchers = 0;
  const latencies: number[] = [];
  /** From the batch leaving the feed process (sentAt) to the client: NOTIFY, the hub, the socket. */
  const sinceSent: number[] = [];
  let eventChanges = 0;
  let marketUpdates = 0;
  let measuring = false;

  function connect(index: number): Promise<WebSocket> {
    const topics = new Set<string>();
    const first = popularEvent();
    topics.add(`sportsbook.event:${eventId(first)}`);
    if (index % 4 === 0) topics.add(`sportsbook.event:${eventId(popularEvent())}`);
    if (index % 2 === 0) topics.add('sportsbook.live');
    for (const topic of topics) {
      if (topic === 'sportsbook.live') listWatchers += 1;
      else watchers[Number(topic.split(':').at(-1))]! += 1;
    }
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl);
      socket.on('message', (raw: Buffer) => {
        if (!measuring) {
          if (raw.includes(HELLO)) {
            for (const topic of topics) socket.send(JSON.stringify({ type: 'subscribe', topic }));
            resolve(socket);
          }
          return;
        }
        // Read by scanning rather than JSON.parse: one load-generating process stands in for 2,000
        // phones, and parsing ~100,000 updates a second there would measure the bench, not the server.
        const text = raw.toString('latin1');
        if (!text.startsWith(CHANGES)) return;
        const now = Date.now();
        const sentAt = numberAfter(text, text.indexOf(SENT_AT) + SENT_AT.length);
        if (sentAt !== undefined) sinceSent.push(now - sentAt);
        for (let at = text.indexOf(COMMITTED_AT); at >= 0; at = text.indexOf(COMMITTED_AT, at + 1)) {
          latencies.push(now - numberAfter(text, at + COMMITTED_AT.length)!);
          eventChanges += 1;
        }
        for (let at = text.indexOf(MARKET_KEY); at >= 0; at = text.indexOf(MARKET_KEY, at + 1)) marketUpdates += 1;
      });
      socket.once('error', reject);
    });
  }

  const connecting = performance.now();
  const sockets: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 100) sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, (_, j) => connect(i + j)))));
  console.log(`(${CLIENTS.toLocaleString('en')} clients connected and subscribed in ${((performance.now() - connecting) / 1000).toFixed(1)} s)`);
  await sleep(500);

  measuring = true;
  feed.stdin!.write('go\n');
  const result = JSON.parse(await feedLine()) as { messages: number; marketChanges: number; mainChanges: number; rate: number; behind: number; applyP50: number; applyP95: number };
  await sleep(1000); // the last window's messages
  measuring = false;

  // Market updates the clients would get with no coalescing: each message's markets to its event's watchers, its main market to the list's.
  const perEventMessages = result.messages / EVENTS;
  const uncoalesced = watchers.reduce((sum, count) => sum + count * perEventMessages * MARKETS_PER_EVENT, 0) + listWatchers * result.mainChanges;
  const sorted = latencies.sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  console.log(`\nsportsbook live push — ${CLIENTS.toLocaleString('en')} clients (${listWatchers} on the live list, ${watchers.reduce((a, b) => a + b, 0)} event-page subscriptions over ${EVENTS} live events), ${DURATION_S} s`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; PostgreSQL: ${benchDatabase.server}`);
  console.log(
    `feed: ${result.messages.toLocaleString('en')} odds_change messages, ${result.marketChanges.toLocaleString('en')} market odds changes (${result.rate.toLocaleString('en')}/s${result.behind > 0 ? `, ${result.behind} messages behind schedule` : ''}); apply p50 ${result.applyP50?.toFixed(1)} ms p95 ${result.applyP95?.toFixed(1)} ms`,
  );
  console.log(
    `delivered: ${eventChanges.toLocaleString('en')} event changes carrying ${marketUpdates.toLocaleString('en')} market updates (${Math.round(marketUpdates / DURATION_S).toLocaleString('en')}/s; ${uncoalesced > 0 ? ((100 * marketUpdates) / uncoalesced).toFixed(0) : '?'}% of the ${Math.round(uncoalesced).toLocaleString('en')} an uncoalesced push would send — a market changed twice in one window is sent once, at its latest)`,
  );
  console.log(`latency commit → client ms: p50 ${q(0.5)}  p95 ${q(0.95)}  p99 ${q(0.99)}  max ${sorted.at(-1)}`);
  const sent = sinceSent.sort((a, b) => a - b);
  const qs = (p: number) => sent[Math.min(sent.length - 1, Math.floor(p * sent.length))] ?? NaN;
  console.log(`  of which publish → client (NOTIFY, hub, socket) ms: p50 ${qs(0.5)}  p95 ${qs(0.95)}  p99 ${qs(0.99)}`);
  console.log(q(0.95) <= 100 && result.rate >= RATE * 0.95 ? 'target met: p95 within 100 ms at the rate' : 'target NOT met');

  for (const socket of sockets) socket.terminate();
  feed.kill('SIGTERM');
  server.kill('SIGTERM');
  await once(server, 'exit');
  await benchDatabase.drop();
}
