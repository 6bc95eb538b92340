import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { completeCpf } from '@app/contracts';
import { createBenchDatabase } from './bench-database.ts';
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

const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), '--import', 'tsx', 'bench/api-server.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl, DB_POOL_MAX: '16' }, stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const base = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;

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
        url: base,
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

console.log(`provider API benchmark: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${DURATION_S} s per run, ${PLAYERS.toLocaleString('en')} players, PostgreSQL ${benchDatabase.server}`);
// Warm-up: JIT, pools, prepared plans.
await run(8);
console.log('connections  callbacks/s  p50 ms  p97.5 ms  p99 ms  callbacks  errors');
for (const connections of LEVELS) {
  const r = await run(connections);
  console.log(`${String(connections).padEnd(12)} ${r.rps.toFixed(0).padStart(11)}  ${r.p50.toFixed(2).padStart(6)}  ${r.p97.toFixed(2).padStart(8)}  ${r.p99.toFixed(2).padStart(6)}  ${String(r.total).padStart(9)}  ${r.errors}`);
}
child.kill('SIGTERM');
await once(child, 'exit');

const check = await core.modules.wallet.api.runLedgerCheck();
console.log(`ledger check: ${check.ok ? 'ok' : 'FAILED'} (${JSON.stringify(check, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)).slice(0, 300)})`);
await core.close();
await benchDatabase.drop();
if (!check.ok) process.exitCode = 1;
