import { randomUUID } from 'node:crypto';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { fmt, ms, seconds, startBenchSite } from './bench-site.ts';
import { hashPassword } from '../apps/server/src/platform/security/passwords.ts';
import * as settlementSql from '../apps/server/src/modules/agents/settlement/settlement.repository.ts';

/**
 * npm run bench:agents — the agent centre at the issue's scale: a tree of 100,000 members over 6
 * levels (1 top agent → 10 → 100 → 1,000 → 10,000 agents → 88,889 members) with 2,000,000
 * settled rounds. Prints how long loading and the rollup take, the team overview's latency over
 * HTTP (logged-in agent, sequential calls) for the top agent and a mid-level agent, each overview
 * query's own time and the slowest one's plan, and a daily salary and a dividend settlement run
 * over the whole tree (1,111 contracted agents per kind), with payouts timed apart.
 * Target (issue 10): overview p95 ≤ 200 ms for the top agent; each run ≤ 60 s.
 *
 * The data are written set-based: members level by level (the closure triggers fill agents_tree),
 * rounds 100,000 per statement into provider_round (its trigger writes agents_bet_fact with the
 * chain), in time order over the 4 days before today and today up to now; each batch's facts are
 * re-dated in the same transaction, since the trigger stamps now(). Contracts go through the
 * contracts service (grant, offer, accept).
 *
 * DATABASE_URL's server (else a throwaway embedded one); BENCH_AGENTS_SCALE=0.1 scales members and
 * rounds (levels 1–4 stay 1,111 agents); BENCH_AGENTS_CALLS overview calls per case (60);
 * BENCH_AGENTS_LOADERS connections loading rounds (one per core); BENCH_TRACE=1 prints progress;
 * BENCH_KEEP=1 keeps the database for EXPLAIN sessions.
 */
const SCALE = Number(process.env.BENCH_AGENTS_SCALE ?? 1);
if (!(SCALE >= 0.02 && SCALE <= 1)) throw new Error('BENCH_AGENTS_SCALE must be between 0.02 and 1');
const MEMBERS = Math.round(100_000 * SCALE);
const ROUNDS = Math.round(2_000_000 * SCALE);
const DAYS = 5;
const BATCH = 100_000;
const CALLS = Number(process.env.BENCH_AGENTS_CALLS ?? 60);
const TAIL = Math.round(10_000 * SCALE);
const PASSWORD = 'Bench-agents-1';
/** Levels 1–4 fan out by 10; level 5 (agents) is scaled with the tree; level 6 holds the rest. */
const LEVELS = [1, 10, 100, 1000, Math.round(10_000 * SCALE)];
LEVELS.push(MEMBERS - LEVELS.reduce((a, b) => a + b, 0));

const started = performance.now();
const site = await startBenchSite('agents', 58_000);
const { databaseUrl, sqlc, q, core, base } = site;
const agents = core.modules.agents.api;
const settings = await core.modules.system.api.getSettings();
const timeZone = settings.locale.timeZone;

const pgVersion = String((await q<{ server_version: string }>('show server_version'))[0]!.server_version);
console.log(
  `agents benchmark: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ` +
    `PostgreSQL ${pgVersion} (${site.server}), scale ${SCALE}: ${fmt(MEMBERS)} members, ${fmt(ROUNDS)} rounds, ${timeZone}`,
);

// ---------------------------------------------------------------------------------------------
// The tree, level by level: each member's upline is a member of the level above, round-robin.
// Every row carries one real argon2id hash (so any of them can log in); created_at is spread over
// the last 180 days so "new members" filters something.
const treeStarted = performance.now();
const passwordHash = await hashPassword(PASSWORD);
const levelIds: { lo: bigint; count: number }[] = [];
for (const [index, count] of LEVELS.entries()) {
  const level = index + 1;
  const parent = levelIds[index - 1];
  await q(
    `insert into accounts_member (account, nickname, type, password_hash, upline_member_id, created_at)
     select 'l${level}m' || n, 'l${level}m' || n, ${level <= 5 ? 1 : 0}, $1,
       ${parent ? `${parent.lo}::bigint + (n % ${parent.count})` : 'null'},
       now() - (abs(hashint8(n * 31 + ${level})::bigint) % (180 * 86400)) * interval '1 second'
     from generate_series(0, ${count - 1}) as n order by n`,
    [passwordHash],
  );
  const [row] = await q<{ lo: string; hi: string; n: string }>(`select min(id)::text as lo, max(id)::text as hi, count(*)::text as n from accounts_member where account like 'l${level}m%'`);
  const lo = BigInt(row!.lo);
  if (BigInt(row!.hi) - lo + 1n !== BigInt(row!.n) || Number(row!.n) !== count) throw new Error(`level ${level}: ids are not contiguous`);
  levelIds.push({ lo, count });
}
const allLo = levelIds[0]!.lo;
const treeRows = Number((await q<{ n: bigint }>('select count(*) as n from agents_tree'))[0]!.n);
const treeSeconds = seconds(treeStarted);
console.log(`tree: ${LEVELS.map(fmt).join(' → ')} members, ${fmt(treeRows)} closure rows, ${treeSeconds.toFixed(1)} s`);

// ---------------------------------------------------------------------------------------------
// Contracts through the service: the operator grants the top agent daily and dividend contracts;
// every agent of levels 2–4 is offered lower rates by its upline and accepts.
const contractsStarted = performance.now();
const operatorName = 'benchowner';
await core.modules.backoffice.api.ensureOperator({ username: operatorName, displayName: 'owner', role: 'owner', password: 'Operator@1234' });
const operatorRow = await core.db.selectFrom('backoffice_operator').select('id').where('username', '=', operatorName).executeTakeFirstOrThrow();
const operator = { id: operatorRow.id, username: operatorName, ip: null };
// Per level (1 = the top agent): daily rates (two tiers) and dividend rates (two tiers), percent.
const DAILY_RATES = [['1', '1.5'], ['0.8', '1.2'], ['0.6', '0.9'], ['0.4', '0.6']] as const;
const DIVIDEND_RATES = [['30', '40'], ['25', '35'], ['20', '30'], ['15', '25']] as const;
const dailyTiers = (level: number) => [
  { minValidBet: '0', minActive: 0, rate: DAILY_RATES[level - 1]![0] },
  { minValidBet: '100000.00', minActive: 100, rate: DAILY_RATES[level - 1]![1] },
];
const dividendTiers = (level: number) => [
  { minValidBet: '0', minLoss: '0', minActive: 0, rate: DIVIDEND_RATES[level - 1]![0] },
  { minValidBet: '100000.00', minLoss: '1000.00', minActive: 50, rate: DIVIDEND_RATES[level - 1]![1] },
];
const top = { id: allLo, account: 'l1m0', type: 1 };
await agents.contracts.grant(operator, { downline: top.account, kind: 'daily', tiers: dailyTiers(1) });
await agents.contracts.grant(operator, { downline: top.account, kind: 'dividend', tiers: dividendTiers(1) });
let contractCalls = 2;
for (const level of [2, 3, 4]) {
  const rows = await q<{ id: string; account: string; upline_id: string; upline_account: string }>(
    `select m.id::text as id, m.account, u.id::text as upline_id, u.account as upline_account from accounts_member m join accounts_member u on u.id = m.upline_member_id
     where m.account like 'l${level}m%' order by m.id`,
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const upline = { id: BigInt(row.upline_id), account: row.upline_account, type: 1 };
        const downline = { id: BigInt(row.id), account: row.account, type: 1 };
        for (const [kind, tiers] of [['daily', dailyTiers(level)], ['dividend', dividendTiers(level)]] as const) {
          const offer = await agents.contracts.offer(upline, { kind, downline: row.account, tiers, confirmReplace: true, requestId: randomUUID() });
          await agents.contracts.decide(downline, BigInt(offer.id), 'accept');
          contractCalls += 2;
        }
      }
    }),
  );
}
const contractRows = (await q<{ kind: string; n: bigint }>(`select kind, count(*) as n from agents_contract where status = 'active' group by kind order by kind`)).map((row) => `${row.kind} ${row.n}`).join(', ');
const contractsSeconds = seconds(contractsStarted);
console.log(`contracts: ${contractRows} active, ${fmt(contractCalls)} service calls, ${contractsSeconds.toFixed(1)} s`);

// ---------------------------------------------------------------------------------------------
// Settled rounds. Round n: a member drawn by hash of n (agents play too), stake R$ 0.50–50.00,
// 55 % lost, the rest paid 0–4.27× (RTP ≈ 96 %). Rounds are in time order, as facts arrive in
// production: the first fifth on the oldest of the DAYS operator days, the last fifth today (up
// to now). The trigger stamps its facts now(); the batch's own transaction re-dates them from the
// round id.
const [clock] = await q<{ today: string; elapsed: number }>(
  `select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as today,
     greatest(60, extract(epoch from now() - ((now() at time zone $1)::date::timestamp at time zone $1)) - 60)::int as elapsed`,
  [timeZone],
);
const today = clock!.today;
const dayStart = (offset: number) => `((date '${today}' - ${offset})::timestamp at time zone '${timeZone}')`;
const benchAtSql = `create function pg_temp.bench_at(n bigint) returns timestamptz language sql immutable as $$
  select ((date '${today}' - (${DAYS - 1} - i))::timestamp at time zone '${timeZone}')
         + (x - i) * (case when i = ${DAYS - 1} then ${clock!.elapsed} else 86400 end) * interval '1 second'
  from (select floor(x)::int as i, x from (select (n - 1)::float8 * ${DAYS} / ${ROUNDS} as x) as a) as b $$`;
await q(benchAtSql);
const roundsSql = (from: number, to: number) => `
  insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, opened_at, closed_at)
  select 'BENCHV', ${allLo}::bigint + abs(hashint8(n)::bigint) % ${MEMBERS}, 'r' || n, 'g' || (n % 40), 'RNG', bet,
    case when abs(hashint8(n * 7 + 2)::bigint) % 100 < 55 then 0 else bet * (abs(hashint8(n * 7 + 3)::bigint) % 42667) / 10000 end,
    'settled', at, at
  from (select n, 50 + abs(hashint8(n * 7 + 1)::bigint) % 4951 as bet, pg_temp.bench_at(n) as at from generate_series(${from}::bigint, ${to}::bigint) as n) as r`;
// LOADERS connections (one per core) take batches in turn; each batch is one transaction: the
// rounds, then their facts re-dated (facts of a batch another loader committed meanwhile may
// match seq > before too; the round-id range leaves them out).
const LOADERS = Number(process.env.BENCH_AGENTS_LOADERS ?? cpus().length);
let insertMs = 0;
let redateMs = 0;
let nextFrom = 1;
const roundsStarted = performance.now();
await Promise.all(
  Array.from({ length: LOADERS }, async () => {
    const loader = new pg.Client({ connectionString: databaseUrl });
    await loader.connect();
    await loader.query(benchAtSql);
    while (nextFrom <= ROUNDS) {
      const from = nextFrom;
      const to = Math.min(ROUNDS, from + BATCH - 1);
      nextFrom = to + 1;
      await loader.query('begin');
      const before = (await loader.query<{ seq: string }>('select coalesce(max(seq), 0)::text as seq from agents_bet_fact')).rows[0]!.seq;
      let t0 = performance.now();
      await loader.query(roundsSql(from, to));
      insertMs += ms(t0);
      t0 = performance.now();
      await loader.query(
        `update agents_bet_fact set settled_at = pg_temp.bench_at(substr(round_id, 2)::bigint)
         where seq > $1 and vendor_code = 'BENCHV' and substr(round_id, 2)::bigint between $2 and $3`,
        [before, from, to],
      );
      redateMs += ms(t0);
      await loader.query('commit');
      if (process.env.BENCH_TRACE) console.log(`  rounds ${fmt(to)}: ${seconds(roundsStarted).toFixed(0)} s`);
    }
    await loader.end();
  }),
);
const roundsSeconds = seconds(roundsStarted);
let t = performance.now();
await q('vacuum analyze');
const vacuumLoadSeconds = seconds(t);
const [facts] = await q<{ n: bigint; days: bigint }>(`select count(*) as n, count(distinct (settled_at at time zone '${timeZone}')::date) as days from agents_bet_fact`);
console.log(
  `rounds: ${fmt(ROUNDS)} in ${roundsSeconds.toFixed(1)} s = ${fmt(ROUNDS / roundsSeconds)} rounds/s on ${LOADERS} connections (of their busy time: insert with the fact trigger ` +
    `${fmt((100 * insertMs) / (insertMs + redateMs))} %, re-dating the facts ${fmt((100 * redateMs) / (insertMs + redateMs))} %); ${fmt(Number(facts!.n))} facts over ${facts!.days} days; vacuum analyze ${vacuumLoadSeconds.toFixed(1)} s`,
);

// ---------------------------------------------------------------------------------------------
// Rollup: every fact into member days, team days and team hours.
t = performance.now();
const rolled = await agents.rollup();
const rollupSeconds = seconds(t);
t = performance.now();
await q('vacuum analyze');
const vacuumRollupSeconds = seconds(t);
const sizes = await q<{ name: string; n: bigint; size: string }>(
  `select relname as name, n_live_tup as n, pg_size_pretty(pg_total_relation_size(relid)) as size from pg_stat_user_tables
   where relname in ('agents_tree', 'agents_bet_fact', 'agents_member_day', 'agents_team_day', 'agents_team_hour', 'provider_round') order by relname`,
);
console.log(`rollup: ${fmt(rolled)} facts in ${rollupSeconds.toFixed(1)} s = ${fmt(rolled / rollupSeconds)} facts/s; vacuum analyze after ${vacuumRollupSeconds.toFixed(1)} s`);
console.log(`  ${sizes.map((row) => `${row.name} ${fmt(Number(row.n))} rows ${row.size}`).join(' · ')}`);

// ---------------------------------------------------------------------------------------------
// Team overview over HTTP: log in as the agent, then CALLS sequential GET /api/agent/overview.
async function login(account: string): Promise<string> {
  const response = await fetch(`${base}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account, password: PASSWORD, type: 'username' }) });
  if (response.status !== 200) throw new Error(`login ${account}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
interface Overview {
  teamSize: number;
  directCount: number;
  newMembers: number;
  activeMembers: number;
  figures: { bets: number; stake: string; validBet: string; payout: string };
}
async function overview(token: string, period: string): Promise<{ ms: number; body: Overview }> {
  const t0 = performance.now();
  const response = await fetch(`${base}/api/agent/overview?period=${period}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as Overview;
  if (response.status !== 200) throw new Error(`overview: ${response.status} ${JSON.stringify(body)}`);
  return { ms: ms(t0), body };
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
interface Latency {
  label: string;
  p50: number;
  p95: number;
  max: number;
  body: Overview;
}
async function measureOverview(label: string, token: string, period: string): Promise<Latency> {
  for (let i = 0; i < 3; i += 1) await overview(token, period); // warm-up
  const times: number[] = [];
  let body: Overview | undefined;
  for (let i = 0; i < CALLS; i += 1) {
    const result = await overview(token, period);
    times.push(result.ms);
    body = result.body;
  }
  times.sort((a, b) => a - b);
  return { label, p50: pct(times, 50), p95: pct(times, 95), max: times.at(-1) ?? 0, body: body! };
}
const mid = { account: 'l3m0', id: levelIds[2]!.lo };
const topToken = await login(top.account);
const midToken = await login(mid.account);
const latencies: Latency[] = [];
for (const [label, token, period] of [
  ['top agent, today', topToken, 'today'],
  ['top agent, thisMonth', topToken, 'thisMonth'],
  ['mid agent (level 3), today', midToken, 'today'],
  ['mid agent (level 3), thisMonth', midToken, 'thisMonth'],
] as const) {
  latencies.push(await measureOverview(label, token, period));
}
const showLatency = (row: Latency) =>
  `${row.label.padEnd(34)} ${row.p50.toFixed(1).padStart(7)} ${row.p95.toFixed(1).padStart(7)} ${row.max.toFixed(1).padStart(7)}   team ${fmt(row.body.teamSize)}, active ${fmt(row.body.activeMembers)}, new ${fmt(row.body.newMembers)}, bets ${fmt(row.body.figures.bets)}, valid bet R$ ${row.body.figures.validBet}`;
console.log(`\nteam overview over HTTP (logged-in agent, ${CALLS} sequential calls after 3 warm-up, all facts rolled up)`);
console.log(`${'agent, period'.padEnd(34)}  p50 ms  p95 ms  max ms`);
for (const row of latencies) console.log(showLatency(row));

// The overview's five queries on their own (replicas of figures.repository.ts and agent-tree
// teamSize), median of 10 runs each, to see which dominates; the slowest is then explained.
const threshold = BigInt(Math.round(Number(settings.agents.activeMemberValidBet) * 100));
const monthFrom = `${today.slice(0, 8)}01`;
const periodEnd = `(($3::date + 1)::timestamp at time zone $4)`;
const periodStart = `($2::date::timestamp at time zone $4)`;
const OVERVIEW_QUERIES: [string, string][] = [
  ['teamSize', `select count(*), count(descendant_id) filter (where depth = 1) from agents_tree where ancestor_id = $1 and depth > 0`],
  ['newMembers', `select count(*)::text as count from agents_tree t join accounts_member m on m.id = t.descendant_id where t.ancestor_id = $1 and t.depth > 0 and m.created_at >= ${periodStart} and m.created_at < ${periodEnd}`],
  [
    'activeMembers',
    `select count(*)::text as count from (select member_id from (
       select d.member_id, d.valid_bet from agents_member_day d join agents_tree t on t.descendant_id = d.member_id and t.ancestor_id = $1
       where d.day between $2::date and $3::date
       union all
       select f.member_id, f.valid_bet from agents_bet_fact f
       where not f.rolled_up and (f.member_id = $1 or f.chain @> array[$1]::bigint[]) and f.settled_at >= ${periodStart} and f.settled_at < ${periodEnd}
     ) as play group by member_id having sum(valid_bet) >= $5) as active`,
  ],
  [
    'teamPlay',
    `select key, sum(bets)::text as bets, sum(stake)::text as stake, sum(payout)::text as payout, sum(valid_bet)::text as valid_bet from (
       select null::text as key, bets, stake, payout, valid_bet from agents_team_day where agent_id = $1 and day between $2::date and $3::date
       union all
       select null::text as key, bets, stake, payout, valid_bet from agents_bet_fact
       where not rolled_up and (member_id = $1 or chain @> array[$1]::bigint[]) and settled_at >= ${periodStart} and settled_at < ${periodEnd}
     ) as parts group by key`,
  ],
  [
    'teamMoney',
    `with m as (select null::text as key, descendant_id as member_id from agents_tree where ancestor_id = $1)
     select key, sum(deposits)::text as deposits, sum(withdrawals)::text as withdrawals from (
       select m.key, coalesce(d.paid_amount, d.amount) as deposits, 0::bigint as withdrawals from payments_deposit d join m on m.member_id = d.member_id
       where d.status = 'credited' and d.credited_at >= ${periodStart} and d.credited_at < ${periodEnd}
       union all
       select m.key, 0::bigint, w.amount from payments_withdrawal w join m on m.member_id = w.member_id
       where w.status = 'paid' and w.paid_at >= ${periodStart} and w.paid_at < ${periodEnd}
     ) as flows group by key`,
  ],
];
const queryValues = (name: string, agentId: bigint, from: string) =>
  name === 'teamSize' ? [agentId] : name === 'activeMembers' ? [agentId, from, today, timeZone, threshold] : [agentId, from, today, timeZone];
async function queryBreakdown(agentId: bigint, from: string) {
  const medians: { name: string; ms: number }[] = [];
  for (const [name, text] of OVERVIEW_QUERIES) {
    const times: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const t0 = performance.now();
      await sqlc.query(text, queryValues(name, agentId, from));
      times.push(ms(t0));
    }
    times.sort((a, b) => a - b);
    medians.push({ name, ms: pct(times, 50) });
  }
  return medians;
}
console.log('\neach overview query alone, median of 10 in ms (the service runs the five in parallel on the pool)');
console.log(`${'agent, period'.padEnd(34)} ${OVERVIEW_QUERIES.map(([name]) => name.padStart(13)).join(' ')}`);
let slowest = { name: '', ms: 0, label: '', agentId: 0n, from: '' };
for (const [label, agentId, from] of [
  ['top agent, today', top.id, today],
  ['top agent, thisMonth', top.id, monthFrom],
  ['mid agent (level 3), today', mid.id, today],
  ['mid agent (level 3), thisMonth', mid.id, monthFrom],
] as const) {
  const medians = await queryBreakdown(agentId, from);
  console.log(`${label.padEnd(34)} ${medians.map((row) => row.ms.toFixed(1).padStart(13)).join(' ')}`);
  for (const row of medians) if (row.ms > slowest.ms) slowest = { ...row, label, agentId, from };
}
const slowestSql = OVERVIEW_QUERIES.find(([name]) => name === slowest.name)![1];
const plan = await q<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${slowestSql}`, queryValues(slowest.name, slowest.agentId, slowest.from));
console.log(`-- explain analyze ${slowest.name} (${slowest.label})\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);

// ---------------------------------------------------------------------------------------------
// Settlement over the whole tree: the daily salary of today (the loaded day; a contract counts
// when it was in force at the period's end, and these were accepted today), paid; then the
// dividend of all the loaded days, which subtracts the wages just paid, paid.
const instant = async (offset: number) => new Date((await q<{ at: Date }>(`select ${dayStart(offset)} as at`))[0]!.at);
const dailyPeriod = { start: await instant(0), end: await instant(-1) };
const dividendPeriod = { start: await instant(DAYS - 1), end: await instant(-1) };
interface RunFigures {
  kind: string;
  period: string;
  runSeconds: number;
  lines: number;
  statuses: string;
  amount: string;
  paySeconds: number;
  paid: number;
  insufficient: number;
}
async function settle(kind: 'daily' | 'dividend', period: { start: Date; end: Date }): Promise<RunFigures> {
  const t0 = performance.now();
  const runId = await agents.settlement.settlePeriod(kind, period);
  const runSeconds = seconds(t0);
  if (runId === null) throw new Error(`${kind}: no run`);
  const rows = await q<{ status: string; n: string; amount: string }>(`select status, count(*)::text as n, coalesce(sum(amount), 0)::text as amount from agents_settlement_line where run_id = $1 group by status order by status`, [runId]);
  const t1 = performance.now();
  const payout = await agents.settlement.payPending();
  return {
    kind,
    period: `${period.start.toISOString().slice(0, 16)}Z → ${period.end.toISOString().slice(0, 16)}Z`,
    runSeconds,
    lines: rows.reduce((sum, row) => sum + Number(row.n), 0),
    statuses: rows.map((row) => `${row.status} ${row.n}`).join(', '),
    amount: (Number(rows.reduce((sum, row) => sum + BigInt(row.amount), 0n)) / 100).toFixed(2),
    paySeconds: seconds(t1),
    ...payout,
  };
}
const runs = [await settle('daily', dailyPeriod), await settle('dividend', dividendPeriod)];
console.log('\nsettlement over the whole tree (settlePeriod: rollup catch-up, lines in one transaction; payPending: one ledger journal per line)');
console.log('kind       period                                 run s   lines  statuses                          amount R$      pay s  paid  insufficient');
for (const run of runs) {
  console.log(
    `${run.kind.padEnd(10)} ${run.period.padEnd(38)} ${run.runSeconds.toFixed(2).padStart(6)} ${String(run.lines).padStart(7)}  ${run.statuses.padEnd(32)} ${run.amount.padStart(12)} ${run.paySeconds.toFixed(2).padStart(8)} ${String(run.paid).padStart(5)} ${String(run.insufficient).padStart(13)}`,
  );
}
// Where a run's time goes: its reads on their own, again, for the dividend period.
const contractsInForce = await settlementSql.contractsInForce(core.db, 'dividend', dividendPeriod.end);
const contracted = contractsInForce.map((contract) => contract.agentId);
const parts: string[] = [];
for (const [name, read] of [
  ['contractsInForce', () => settlementSql.contractsInForce(core.db, 'dividend', dividendPeriod.end)],
  ['payersAndDepths', () => settlementSql.payersAndDepths(core.db, contracted)],
  ['teamPlayIn', () => settlementSql.teamPlayIn(core.db, contracted, dividendPeriod, false, timeZone)],
  ['activeCounts', () => settlementSql.activeCounts(core.db, contracted, dividendPeriod, timeZone, threshold)],
  ['wagesPaidToTeams', () => settlementSql.wagesPaidToTeams(core.db, contracted, dividendPeriod)],
] as const) {
  const t0 = performance.now();
  await read();
  parts.push(`${name} ${ms(t0).toFixed(0)} ms`);
}
console.log(`  dividend run's reads alone (${contracted.length} contracted agents): ${parts.join(' · ')}`);

// ---------------------------------------------------------------------------------------------
// The overview with a tail of facts not rolled up yet (the worker rolls up every minute).
await q('begin');
await q(roundsSql(ROUNDS + 1, ROUNDS + TAIL).replace('pg_temp.bench_at(n)', 'now()'));
await q('commit');
await q('analyze agents_bet_fact');
const tail = await measureOverview(`top agent, today, ${fmt(TAIL)} facts pending`, topToken, 'today');
console.log(`\nteam overview with a tail not rolled up (≈ a minute of play)\n${showLatency(tail)}`);

// ---------------------------------------------------------------------------------------------
const topLatencies = latencies.filter((row) => row.label.startsWith('top'));
const worstTop = Math.max(...topLatencies.map((row) => row.p95), tail.p95);
const worstRun = Math.max(...runs.map((run) => run.runSeconds));
const worstRunPaid = Math.max(...runs.map((run) => run.runSeconds + run.paySeconds));
console.log('\nsummary');
console.log(`  load: tree ${treeSeconds.toFixed(1)} s, contracts ${contractsSeconds.toFixed(1)} s, rounds ${roundsSeconds.toFixed(1)} s, rollup ${rollupSeconds.toFixed(1)} s (${fmt(rolled / rollupSeconds)} facts/s)`);
console.log(`  overview, top agent: p95 ${topLatencies.map((row) => `${row.label.replace('top agent, ', '')} ${row.p95.toFixed(1)} ms`).join(', ')}, with tail ${tail.p95.toFixed(1)} ms → target p95 ≤ 200 ms ${worstTop <= 200 ? 'MET' : 'NOT MET'}`);
console.log(`  settlement: ${runs.map((run) => `${run.kind} ${run.runSeconds.toFixed(1)} s (+ payouts ${run.paySeconds.toFixed(1)} s)`).join(', ')} → target ≤ 60 s per run ${worstRun <= 60 ? 'MET' : 'NOT MET'}${worstRunPaid <= 60 ? ' (also with payouts)' : ' (not with payouts)'}`);
console.log(`  total ${seconds(started).toFixed(0)} s, load at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

await site.close();
