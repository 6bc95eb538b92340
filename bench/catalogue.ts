import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { createBenchDatabase } from './bench-database.ts';
import pg from 'pg';
import { loadCatalogue, SEARCH_TERMS, VENDOR_COUNT, vendorCode } from './catalogue-data.ts';

/**
 * npm run bench:catalogue — game lists, filters and name searches over HTTP on loopback, at 10,000
 * and 100,000 games, in three states of the API process:
 *   cold      freshly started, no warm-up: the first requests build the game index and fill the
 *             answer cache while the load runs (a deploy under traffic);
 *   warm      the same process after one pass over every URL of the kind;
 *   uncached  the answer cache off (CATALOGUE_CACHE_ENTRIES=0): every request walks the in-memory
 *             game index and fetches its page from PostgreSQL by primary key.
 * The API runs in a child process; autocannon drives it with CONNECTIONS connections for
 * DURATION_S per run. Prints requests/s and latency percentiles per run, then the query plans.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);

const benchDatabase = await createBenchDatabase('catalogue', 56_000);
const { databaseUrl } = benchDatabase;

/** Each kind is a fixed set of URLs, requested in random order. */
function urlsOf(kind: 'list' | 'filter' | 'search'): string[] {
  const urls: string[] = [];
  if (kind === 'list') {
    for (const type of ['RNG', 'LIVE', 'FISH', 'PVP', 'CRASH', 'SPORTS']) for (let page = 1; page <= 40; page += 1) urls.push(`/api/games?gameType=${type}&pageNo=${page}&pageSize=20&language=pt`);
  } else if (kind === 'filter') {
    for (let v = 0; v < VENDOR_COUNT; v += 1) {
      for (const classify of ['slots', 'megaways', 'classic']) urls.push(`/api/games?gameType=RNG&vassalage=${vendorCode(v)}&gameClassify=${classify}&pageNo=1&pageSize=20`);
      urls.push(`/api/games?gameType=RNG&vassalage=${vendorCode(v)}&pageNo=2&pageSize=20`);
      urls.push(`/api/games?gameType=RNG&vassalage=${vendorCode(v)}&isNew=true&pageSize=20`);
      urls.push(`/api/games?gameType=RNG&vassalage=${vendorCode(v)}&isHot=true&pageSize=20`);
    }
  } else {
    for (const term of SEARCH_TERMS) {
      for (const type of ['', '&gameType=RNG', '&gameType=LIVE']) for (let page = 1; page <= 3; page += 1) urls.push(`/api/games?gameName=${encodeURIComponent(term)}${type}&pageNo=${page}&pageSize=20&language=pt`);
    }
  }
  return urls;
}

async function startServer(cacheEntries: number): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CATALOGUE_CACHE_ENTRIES: String(cacheEntries), DB_POOL_MAX: '10' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` };
}

async function run(base: string, urls: string[]) {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [{ setupRequest: (request) => ({ ...request, path: urls[Math.floor(Math.random() * urls.length)]! }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200) errors += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { rps: latencies.length / DURATION_S, p50: at(50), p95: at(95), p99: at(99), errors: errors + result.errors + result.timeouts };
}

console.log(`catalogue benchmark: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${DURATION_S} s per run, ${CONNECTIONS} connections, PostgreSQL ${benchDatabase.server}`);
console.log('games     state     kind     req/s     p50 ms  p95 ms  p99 ms  errors');
let warmServer: { child: ChildProcess; base: string } | undefined;
for (const size of SIZES) {
  const loadStarted = performance.now();
  await loadCatalogue(databaseUrl, size);
  console.log(`(${size.toLocaleString('en')} games loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)`);
  for (const kind of ['list', 'filter', 'search'] as const) {
    const urls = urlsOf(kind);
    for (const state of ['cold', 'warm', 'uncached'] as const) {
      const { child, base } = state === 'warm' ? warmServer! : await startServer(state === 'uncached' ? 0 : 5000);
      if (state === 'warm') for (const path of urls) await (await fetch(base + path)).arrayBuffer();
      if (state === 'uncached') for (const path of urls.slice(0, 50)) await (await fetch(base + path)).arrayBuffer(); // JIT and pool warm-up
      const r = await run(base, urls);
      console.log(
        `${String(size).padEnd(9)} ${state.padEnd(9)} ${kind.padEnd(7)} ${r.rps.toFixed(0).padStart(6)}  ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)}  ${r.errors}`,
      );
      // The cold process goes on to be the warm one; the others stop here.
      if (state === 'cold') warmServer = { child, base };
      else {
        child.kill('SIGTERM');
        await once(child, 'exit');
        if (state === 'warm') warmServer = undefined;
      }
    }
  }
}

// The plans of the two queries behind the lists, at the last size.
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const plans: [string, string][] = [
  ['page rows by primary key (every list, filter and search request)', `select g.id, g.vendor_code, g.game_code, g.game_type, g.classify, g.names, g.icon_path, g.is_hot, g.is_new, g.min_bet, g.min_line_num, g.rtp::text, g.demo_supported, g.enabled, g.maintenance, g.is_demo from catalogue_game g where g.id = any(array[${Array.from({ length: 20 }, (_, i) => 1 + i * 4099).join(',')}])`],
  ['index load (start-up and after each catalogue change)', `select g.id, g.game_type, g.vendor_code, g.classify, g.is_new, g.is_hot, g.search_text from catalogue_game g join catalogue_vendor v on v.code = g.vendor_code where g.enabled and v.enabled order by g.rank, g.id`],
];
for (const [label, query] of plans) {
  const plan = await client.query(`explain (analyze, costs off, timing off, summary on) ${query}`);
  console.log(`\n-- ${label}\n${plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')}`);
}
await client.end();
await benchDatabase.drop();
