import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { completeCpf } from '@app/contracts';
import { createBenchDatabase } from './bench-database.ts';
import { pgbenchSingleRowUpdate } from './pgbench-reference.ts';
import pg from 'pg';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { signBody } from '../apps/server/src/modules/provider/index.ts';

/**
 * npm run bench:provider — the seamless-wallet provider API under a vendor's load: signed bet/win
 * pairs (each pair one round of one random player) over HTTP on loopback, from 10,000 players
 * with money, through the whole stack (signature, validation, session, stored answer, ledger post
 * in one transaction, request log). Prints callbacks/s and latency percentiles per connection
 * count, then runs the ledger invariant check.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10_000);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '8,32,64').split(',').map(Number);
/** API processes behind the load generator's connections (autocannon spreads them round robin). */
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 2);
/** Callback lanes per API process: the database's two cores shared by the processes, as npm run cluster runs them. */
const CALLBACK_LANES = process.env.PROVIDER_CALLBACK_LANES ?? '1';
const VENDOR = 'BENCHV';
const SECRET = 'bench-vendor-secret-0123456789';

const benchDatabase = await createBenchDatabase('provider', 57_000);
const { databaseUrl } = benchDatabase;

// Players, their sessions at the vendor (as authenticate leaves them) and their money.
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
await setup.query(`insert into catalogue_vendor (code, display_name, game_types, wallet_mode, is_demo) values ($1, 'Bench Vendor', '{RNG}', 'seamless', true)`, [VENDOR]);
await setup.query(`insert into provider_vendor_secret (vendor_code, secret) values ($1, $2)`, [VENDOR, SECRET]);
const inserted = await setup.query<{ id: string }>(
  `insert into accounts_member (account, nickname, password_hash)
   select 'bp' || n, 'bp' || n, 'x' from generate_series(1, $1::int) as n returning id::text`,
  [PLAYERS],
);
const playerIds = inserted.rows.map((row) => row.id);
// Adults with a declared identity (name, a valid CPF, an 18+ birthday), as real-money bets require.
await setup.query(
  `update accounts_member m set payee_name = 'Jogador Bench', cpf = v.cpf, birthday = '1990-01-01'
   from unnest($1::bigint[], $2::text[]) as v(id, cpf) where m.id = v.id`,
  [playerIds, playerIds.map((_, index) => completeCpf(String(100_000_000 + index)))],
);
await setup.query(`insert into provider_player_session (vendor_code, member_id, demo, expires_at) select $1, id, false, now() + interval '1 day' from accounts_member`, [VENDOR]);
await setup.end();
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const opening = performance.now();
await Promise.all(
  playerIds.map((id) =>
    core.modules.wallet.api.submit({ key: `bench:opening:${id}`, type: 'adjustment', legs: [{ member: BigInt(id), amount: 10_000_000n }, { house: 'adjustments', amount: -10_000_000n }] }),
  ),
);
console.log(`(${PLAYERS.toLocaleString('en')} players funded in ${((performance.now() - opening) / 1000).toFixed(1)} s)`);

const children = await Promise.all(
  Array.from({ length: API_PROCESSES }, async () => {
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/api-server.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl, DB_POOL_MAX: '16', PROVIDER_CALLBACK_LANES: CALLBACK_LANES }, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! });
    const [line] = (await once(lines, 'line')) as [string];
    return { child, lines, url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` };
  }),
);
const urls = children.map((each) => each.url);

/** One bet then its win (closing the round), per connection in turn, each signed like a vendor signs. */
function signed(request: autocannon.Request, action: 'bet' | 'win', body: Record<string, string | boolean>) {
  const raw = JSON.stringify(body);
  return { ...request, method: 'POST' as const, path: `/provider/v1/${VENDOR}/${action}`, body: raw, headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) } };
}
interface RoundContext { playerId?: string; roundId?: string }

async function run(connections: number) {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        // autocannon takes several URLs and spreads the connections over them (its types say one).
        url: urls as unknown as string,
        connections,
        duration: DURATION_S,
        requests: [
          {
            setupRequest: (request, context: RoundContext) => {
              context.playerId = playerIds[randomInt(playerIds.length)]!;
              context.roundId = randomUUID();
              return signed(request, 'bet', { playerId: context.playerId, transactionId: `b-${context.roundId}`, roundId: context.roundId, gameCode: 'bench-slot', amount: '1.00' });
            },
          },
          {
            setupRequest: (request, context: RoundContext) =>
              signed(request, 'win', { playerId: context.playerId!, transactionId: `w-${context.roundId}`, roundId: context.roundId!, gameCode: 'bench-slot', amount: randomInt(4) === 0 ? '2.50' : '0.00', roundClosed: true }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  return { rps: result.requests.average, p50: result.latency.p50, p97: result.latency.p97_5, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts, total: result.requests.total };
}

console.log(`provider API benchmark: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${DURATION_S} s per run, ${PLAYERS.toLocaleString('en')} players, ${API_PROCESSES} API process(es) with ${CALLBACK_LANES} callback lane(s) each, PostgreSQL ${benchDatabase.server}`);
// Warm-up: JIT, pools, prepared plans.
await run(8);
console.log('connections  callbacks/s  p50 ms  p97.5 ms  p99 ms  callbacks  errors');
const rates = new Map<number, { rps: number; p99: number }>();
for (const connections of LEVELS) {
  const r = await run(connections);
  rates.set(connections, r);
  console.log(`${String(connections).padEnd(12)} ${r.rps.toFixed(0).padStart(11)}  ${r.p50.toFixed(2).padStart(6)}  ${r.p97.toFixed(2).padStart(8)}  ${r.p99.toFixed(2).padStart(6)}  ${String(r.total).padStart(9)}  ${r.errors}`);
}
// Each API process prints its group-commit counts as it stops (bench/api-server.ts).
let callbacks = 0;
let statements = 0;
await Promise.all(
  children.map(async ({ child, lines }) => {
    lines.on('line', (line) => {
      const stats = (JSON.parse(line) as { callbackStats?: { callbacks: number; statements: number } }).callbackStats;
      if (stats) {
        callbacks += stats.callbacks;
        statements += stats.statements;
      }
    });
    child.kill('SIGTERM');
    await once(child, 'exit');
  }),
);
if (statements > 0) console.log(`group commit: ${callbacks.toLocaleString('en')} money callbacks in ${statements.toLocaleString('en')} statements (${(callbacks / statements).toFixed(1)} per statement)`);

// The machine's ceiling at this hour: pgbench's single-row UPDATE on the same database.
const pgbenchTps = await pgbenchSingleRowUpdate(databaseUrl, { rows: 100_000, seconds: DURATION_S, clients: [32], label: 'provider' });
const reference = pgbenchTps.get(32);
const at64 = rates.get(64);
if (reference && at64) {
  console.log(`\ntarget at 64 connections: ${at64.rps.toFixed(0)} callbacks/s (≥ 5,000 and ≥ 0.5× pgbench: ${(at64.rps / reference).toFixed(2)}× of ${reference.toFixed(0)} tps at 32 clients), p99 ${at64.p99.toFixed(1)} ms (≤ 25 ms)`);
}

const check = await core.modules.wallet.api.runLedgerCheck();
console.log(`ledger check: ${check.ok ? 'ok' : 'FAILED'} (${JSON.stringify(check, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)).slice(0, 300)})`);
await core.close();
await benchDatabase.drop();
if (!check.ok) process.exitCode = 1;
