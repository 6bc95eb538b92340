import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:points — the points earning job against settled play.
 * 1. Backlog: BENCH_BACKLOG settled rounds over the catalogue's game types (written to
 *    provider_round in one statement, so the provider's trigger records the agents' facts), then
 *    one crediting pass over them: facts/s, members credited, points.
 * 2. Live: writers settle rounds at BENCH_RATE rounds/s (10 connections, 20 rounds per
 *    transaction) for BENCH_DURATION_S while a pass runs every second, as the job does; the lag of
 *    each fact is the time from its settlement (settled_at) to the commit of the pass that credited
 *    it. Target (issue 22): keep up with 2,000 settled bets/s, lag p95 ≤ 2 s.
 * 3. A re-run credits nothing; every member's points equal their ledger pocket and movements.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 200_000);
const RATE = Number(process.env.BENCH_RATE ?? 2_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WRITERS = 10;
const PER_TRANSACTION = 20;
const GAME_TYPES = ['RNG', 'CRASH', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'];

const benchDatabase = await createBenchDatabase('points', 57_600);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const ids = (await setup.query<{ id: string }>(`insert into accounts_member (account, nickname, password_hash) select 'pb' || n, 'pb' || n, 'x' from generate_series(1, $1::int) as n returning id::text`, [MEMBERS])).rows.map((row) => row.id);
const first = ids[0]!;

const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const credit = () => core.modules.points.api.creditEarnings();
console.log(`points earning: ${MEMBERS.toLocaleString('en')} members; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);

// 1. Backlog.
let started = performance.now();
await setup.query(
  `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
   select 'BENCHV', $1::bigint + (n % $2::int), 'b' || n, 'g', ($3::text[])[1 + n % 10], 500 + (n % 50) * 100, (n % 3) * 400, 'settled', now()
   from generate_series(1, $4::int) as n`,
  [first, MEMBERS, GAME_TYPES, BACKLOG],
);
const loadSeconds = (performance.now() - started) / 1000;
started = performance.now();
const backlog = await credit();
const backlogSeconds = (performance.now() - started) / 1000;
console.log(`backlog: ${BACKLOG.toLocaleString('en')} rounds written in ${loadSeconds.toFixed(1)} s`);
console.log(`  one pass: ${backlog.play.facts.toLocaleString('en')} facts in ${backlogSeconds.toFixed(1)} s = ${Math.round(backlog.play.facts / backlogSeconds).toLocaleString('en')} facts/s; ${backlog.play.members.toLocaleString('en')} member credits, ${backlog.play.points.toLocaleString('en')} points`);

// 2. Live.
const pool = new pg.Pool({ connectionString: databaseUrl, max: WRITERS });
const passes: { upTo: bigint; at: number; ms: number; facts: number }[] = [];
let written = 0;
let serial = 0;
const until = Date.now() + DURATION_S * 1000;
const interval = (WRITERS * PER_TRANSACTION * 1000) / RATE;
const writers = Array.from({ length: WRITERS }, async (_, writer) => {
  let next = Date.now() + (writer * interval) / WRITERS;
  while (Date.now() < until) {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    next += interval;
    const base = (serial += PER_TRANSACTION);
    await pool.query(
      `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
       select 'BENCHV', $1::bigint + ((n * 7919) % $2::int), 'l' || n, 'g', ($3::text[])[1 + n % 10], 1000, 500, 'settled', now()
       from generate_series($4::int, $5::int) as n`,
      [first, MEMBERS, GAME_TYPES, base - PER_TRANSACTION + 1, base],
    );
    written += PER_TRANSACTION;
  }
});
const crediting = (async () => {
  while (Date.now() < until + 3000) {
    const began = performance.now();
    const outcome = await credit();
    const ms = performance.now() - began;
    const cursor = await core.db.selectFrom('points_cursor').select('position').where('name', '=', 'play').executeTakeFirstOrThrow();
    passes.push({ upTo: cursor.position, at: Date.now(), ms, facts: outcome.play.facts });
    // As the job: a pass a second, the next at once when this one took longer.
    await new Promise((resolve) => setTimeout(resolve, Math.max(50, 1000 - ms)));
  }
})();
await Promise.all(writers);
await crediting;
await pool.end();

const facts = (await setup.query<{ seq: string; settled: string }>(`select seq::text, (extract(epoch from settled_at) * 1000)::float8::text as settled from agents_v_settled_play where round_id like 'l%' order by seq`)).rows;
const lags: number[] = [];
let missed = 0;
for (const fact of facts) {
  const pass = passes.find((candidate) => candidate.upTo >= BigInt(fact.seq));
  if (!pass) missed += 1;
  else lags.push(pass.at - Number(fact.settled));
}
lags.sort((a, b) => a - b);
const pct = (p: number) => (lags.length === 0 ? NaN : Math.round(lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))]!));
console.log(`live: ${written.toLocaleString('en')} rounds in ${DURATION_S} s (${Math.round(written / DURATION_S).toLocaleString('en')} rounds/s asked ${RATE}); ${passes.length} passes`);
console.log(`  passes: ${passes.map((pass) => `${pass.facts} facts/${Math.round(pass.ms)} ms`).join(', ')}`);
console.log(`  lag settle → credited: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${Math.round(lags.at(-1) ?? NaN)} ms; not credited by the end: ${missed}`);

// 3. Idempotence and the ledger.
const again = await credit();
const check = await setup.query<{ members: string; differ: string }>(`
  with pockets as (select member_id, balance from wallet_account where pocket = 'points' and member_id is not null),
  moves as (select member_id, sum(amount) as total from points_movement group by 1)
  select count(*)::text as members, count(*) filter (where p.balance <> coalesce(m.total, 0))::text as differ from pockets p left join moves m using (member_id)`);
const ledger = await core.modules.wallet.api.runLedgerCheck();
console.log(`re-run: ${again.play.facts} facts, ${again.play.points} points; members with points ${check.rows[0]!.members}, pocket ≠ movements: ${check.rows[0]!.differ}; ledger check ${ledger.ok ? 'ok' : 'FAILED'}`);
const met = pct(95) <= 2000 && missed === 0 && written / DURATION_S >= RATE * 0.95;
console.log(`target (2,000 settled bets/s credited, lag p95 ≤ 2 s): ${met ? 'met' : 'NOT met'}`);

await setup.end();
await core.close();
if (!process.env.BENCH_KEEP) await benchDatabase.drop();
process.exit(0);
