import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { everySecond, lagLine, liveFacts, percentiles, settleLive, writeBacklog } from './settled-play.ts';
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
await writeBacklog(setup, first, MEMBERS, BACKLOG);
const loadSeconds = (performance.now() - started) / 1000;
started = performance.now();
const backlog = await credit();
const backlogSeconds = (performance.now() - started) / 1000;
console.log(`backlog: ${BACKLOG.toLocaleString('en')} rounds written in ${loadSeconds.toFixed(1)} s`);
console.log(`  one pass: ${backlog.play.facts.toLocaleString('en')} facts in ${backlogSeconds.toFixed(1)} s = ${Math.round(backlog.play.facts / backlogSeconds).toLocaleString('en')} facts/s; ${backlog.play.members.toLocaleString('en')} member credits, ${backlog.play.points.toLocaleString('en')} points`);

// 2. Live.
const passes: { upTo: bigint; at: number; ms: number; facts: number }[] = [];
const until = Date.now() + DURATION_S * 1000;
const [{ written }] = await Promise.all([
  settleLive({ databaseUrl, first, members: MEMBERS, rate: RATE, until }),
  // As the job: a pass a second, the next at once when this one took longer; 3 s more to catch up.
  everySecond(until + 3000, credit, async (outcome, began, ended) => {
    const cursor = await core.db.selectFrom('points_cursor').select('position').where('name', '=', 'play').executeTakeFirstOrThrow();
    passes.push({ upTo: cursor.position, at: ended, ms: ended - began, facts: outcome.play.facts });
  }),
]);

const lags: number[] = [];
let missed = 0;
for (const fact of await liveFacts(setup)) {
  const pass = passes.find((candidate) => candidate.upTo >= fact.seq);
  if (!pass) missed += 1;
  else lags.push(pass.at - fact.settled);
}
console.log(`live: ${written.toLocaleString('en')} rounds in ${DURATION_S} s (${Math.round(written / DURATION_S).toLocaleString('en')} rounds/s asked ${RATE}); ${passes.length} passes`);
console.log(`  passes: ${passes.map((pass) => `${pass.facts} facts/${Math.round(pass.ms)} ms`).join(', ')}`);
console.log(`  lag settle → credited: ${lagLine(lags)}; not credited by the end: ${missed}`);

// 3. Idempotence and the ledger.
const again = await credit();
const check = await setup.query<{ members: string; differ: string }>(`
  with pockets as (select member_id, balance from wallet_account where pocket = 'points' and member_id is not null),
  moves as (select member_id, sum(amount) as total from points_movement group by 1)
  select count(*)::text as members, count(*) filter (where p.balance <> coalesce(m.total, 0))::text as differ from pockets p left join moves m using (member_id)`);
const ledger = await core.modules.wallet.api.runLedgerCheck();
console.log(`re-run: ${again.play.facts} facts, ${again.play.points} points; members with points ${check.rows[0]!.members}, pocket ≠ movements: ${check.rows[0]!.differ}; ledger check ${ledger.ok ? 'ok' : 'FAILED'}`);
const met = percentiles(lags).p95 <= 2000 && missed === 0 && written / DURATION_S >= RATE * 0.95;
console.log(`target (2,000 settled bets/s credited, lag p95 ≤ 2 s): ${met ? 'met' : 'NOT met'}`);

await setup.end();
await core.close();
if (!process.env.BENCH_KEEP) await benchDatabase.drop();
process.exit(0);
