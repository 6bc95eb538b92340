import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { pgbenchSingleRowUpdate } from './pgbench-reference.ts';
import { HOUSE, type Journal, type PostResult, type Reversal } from '../apps/server/src/modules/wallet/index.ts';

/**
 * npm run bench:wallet — the wallet service in-process (group commit through wallet.submit)
 * with a bet / win / rollback mix on 10 hot and 100,000 cold accounts at 1, 8, 32 and 256
 * concurrent callers, then pgbench's single-row UPDATE on 100,000 rows of the same database,
 * and the ratio. Ends with the ledger invariant check. DATABASE_URL's server, or an embedded one.
 */
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,8,32,256').split(',').map(Number);
const COLD = 100_000;
const HOT = 10;
const OPENING = 100_000_000n; // R$ 1.000.000,00: the mix must not run accounts dry
const quiet = { info: () => undefined, warn: () => undefined };

const embedded = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(tmpdir(), `bench-wallet-${process.pid}`), port: 56_000 + (process.pid % 1000), database: 'postgres', logger: quiet, throwaway: true, durable: true });
const adminUrl = process.env.DATABASE_URL ?? embedded!.adminUrl;
const database = `bench_wallet_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const databaseUrl = url.toString();
await migrate(databaseUrl, quiet);

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...(process.env.WALLET_LANES ? { WALLET_LANES: process.env.WALLET_LANES } : {}) });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const wallet = core.modules.wallet.api;

// Accounts and opening balances straight in SQL (one balanced journal), so setup takes seconds.
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const setupStarted = Date.now();
await setup.query(`insert into accounts_member (account, nickname, type, password_hash)
                   select 'bench' || n, 'bench' || n, 0, 'x' from generate_series(1, ${COLD + HOT}) n`);
await setup.query(`with j as (insert into wallet_journal (idempotency_key, type, status, reference) values ('bench:opening', 'adjustment', 'applied', 'bench') returning id),
                        a as (insert into wallet_account (member_id, pocket, currency, balance) select id, 'cash', 'BRL', ${OPENING} from accounts_member where account like 'bench%' returning id),
                        h as (insert into wallet_account (house_code, currency, shard, pocket, balance) values ('adjustments', 'BRL', 63, 'house', -${OPENING * BigInt(COLD + HOT)}) returning id)
                   insert into wallet_entry (journal_id, account_id, amount, balance_after)
                   select j.id, a.id, ${OPENING}, ${OPENING} from j, a
                   union all select j.id, h.id, -${OPENING * BigInt(COLD + HOT)}, -${OPENING * BigInt(COLD + HOT)} from j, h`);
await setup.query('vacuum analyze');
const ids = (await setup.query<{ id: string }>(`select id from accounts_member where account like 'bench%' order by id`)).rows.map((row) => BigInt(row.id));
const hotIds = ids.slice(0, HOT);
const coldIds = ids.slice(HOT);
console.log(`wallet benchmark: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${DURATION_MS / 1000} s per level, ${config.walletLanes} lanes, PostgreSQL ${embedded ? 'embedded 18' : (await setup.query('show server_version')).rows[0].server_version}; setup ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);

const revenue = HOUSE.gameRevenue('bench');
const bet = (member: bigint, key: string, amount: bigint): Journal => ({ key, type: 'bet', product: 'slots', vendor: 'bench', legs: [{ member, amount: -amount }, { house: revenue, amount }] });
const win = (member: bigint, key: string, amount: bigint): Journal => ({ key, type: 'win', product: 'slots', vendor: 'bench', legs: [{ member, amount }, { house: revenue, amount: -amount }] });
const rollback = (member: bigint, key: string, reverses: string): Reversal => ({ key, reverses, reversedType: 'bet', member });

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
let run = 0;

/** N callers, each looping: a bet, then 60 % a win on it, 10 % its rollback, 30 % nothing. */
async function measure(callers: number, accounts: bigint[]) {
  run += 1;
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const deadline = Date.now() + DURATION_MS;
  // BENCH_TRACE=1 prints ops per second while the level runs (to see checkpoints and stalls).
  const perSecond: number[] = [];
  let previous = 0;
  const tracer = process.env.BENCH_TRACE
    ? setInterval(() => {
        perSecond.push(latencies.length - previous);
        previous = latencies.length;
      }, 1000)
    : undefined;
  const timed = async (work: Promise<PostResult>) => {
    const started = performance.now();
    const result = await work;
    latencies.push(performance.now() - started);
    statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
  };
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let n = 0; Date.now() < deadline; n += 1) {
        const member = accounts[Math.floor(Math.random() * accounts.length)]!;
        const key = `r${run}:${caller}:${n}`;
        await timed(wallet.submit(bet(member, `bet:${key}`, 100n + BigInt(n % 900))));
        const dice = Math.random();
        if (dice < 0.6) await timed(wallet.submit(win(member, `win:${key}`, BigInt(1 + (n % 1500)))));
        else if (dice < 0.7) await timed(wallet.submit(rollback(member, `rollback:${key}`, `bet:${key}`)));
      }
    }),
  );
  clearInterval(tracer);
  if (tracer) console.log(`  per second: ${perSecond.join(' ')}`);
  const sorted = Float64Array.from(latencies).sort();
  return { opsPerSecond: latencies.length / (DURATION_MS / 1000), p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), statuses };
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
console.log('accounts  callers      ops/s    p50 ms   p95 ms   p99 ms   outcomes');
const SETS = (process.env.BENCH_SETS ?? 'hot,cold').split(',');
for (const [label, accounts] of [
  ['hot', hotIds],
  ['cold', coldIds],
] as const) {
  if (!SETS.includes(label)) continue;
  for (const callers of LEVELS) {
    const result = await measure(callers, accounts);
    results[`${label}:${callers}`] = result;
    const outcomes = [...result.statuses].map(([status, count]) => `${status} ${count}`).join(', ');
    console.log(`${label.padEnd(8)} ${String(callers).padStart(8)} ${result.opsPerSecond.toFixed(0).padStart(10)} ${result.p50.toFixed(2).padStart(9)} ${result.p95.toFixed(2).padStart(8)} ${result.p99.toFixed(2).padStart(8)}   ${outcomes}`);
  }
}

// pgbench's single-row UPDATE on 100,000 rows of the same database, same settings.
const pgbenchTps = await pgbenchSingleRowUpdate(databaseUrl, { rows: COLD, seconds: Math.round(DURATION_MS / 1000), clients: [1, 8, 32], label: 'wallet' });

const cold256 = results['cold:256'];
const one = results['cold:1'];
const reference = pgbenchTps.get(32);
console.log('\ntargets');
if (cold256 && reference) {
  console.log(`  256 callers, cold: ${cold256.opsPerSecond.toFixed(0)} ops/s = ${(cold256.opsPerSecond / reference).toFixed(2)}× pgbench at 32 clients (target ≥ 1.0×), p99 ${cold256.p99.toFixed(2)} ms (target ≤ 25 ms)`);
}
if (one) console.log(`  1 caller, cold: p99 ${one.p99.toFixed(2)} ms (target ≤ 2 ms)`);

const check = await wallet.runLedgerCheck();
// (the check reads everything in one snapshot; its duration is printed with it)
console.log(`\nledger check: ${check.ok ? 'ok' : 'PROBLEMS'} — ${check.journals} journals, ${check.entries} entries, ${((check.finishedAt.getTime() - check.startedAt.getTime()) / 1000).toFixed(1)} s${check.ok ? '' : `\n${JSON.stringify(check.problems, null, 2)}`}`);

await setup.end();
await core.close();
if (process.env.BENCH_KEEP) console.log(`kept database ${database}`);
else await admin.query(`drop database ${database} with (force)`);
await admin.end();
await embedded?.stop();
if (!check.ok) process.exitCode = 1;
