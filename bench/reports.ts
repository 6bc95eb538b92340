import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { fmt, ms, seconds, startBenchSite } from './bench-site.ts';
import { secretOfOtpauthUri, totp } from '../apps/server/src/platform/security/totp.ts';

/**
 * npm run bench:reports — the back-office dashboard and reports on a month of a busy site:
 * 100,000 members, 3,000,000 settled rounds over 31 days (the 30 days before today and today up
 * to now) on 40 vendors and 8 product types, 310,000 deposits, 62,000 withdrawals (300 still
 * pending), 496,000 logins, 10,850 bonus and adjustment journals among 1,000,000 others. Prints how long loading and the
 * reports rollup take, then the latency over HTTP (owner's operator session, sequential calls)
 * of the dashboard and of 30-day reports: GGR by day, product type and vendor, payments, and the
 * GGR by day over 366 days.
 *
 * Loading is set-based and skips what the reports never read: rounds go into provider_round with
 * triggers off (session_replication_role = replica) and their facts into agents_bet_fact in the
 * same statement, as the agents trigger would write them; all but the last 2,000 facts are marked
 * rolled up, with their agents_member_day rows (the agents rollup's steady state). Journals have
 * one leg each (the reports read only the house legs of bonuses and adjustments), so the ledger does
 * not balance: no ledger check here. The reports rollup then starts from the
 * first fact's hour, as after installing over existing history.
 *
 * DATABASE_URL's server (else a throwaway embedded one); BENCH_REPORTS_SCALE=0.1 scales members
 * and every row count; BENCH_REPORTS_CALLS calls per case (60); BENCH_KEEP=1 keeps the database.
 */
const SCALE = Number(process.env.BENCH_REPORTS_SCALE ?? 1);
if (!(SCALE >= 0.01 && SCALE <= 1)) throw new Error('BENCH_REPORTS_SCALE must be between 0.01 and 1');
const MEMBERS = Math.round(100_000 * SCALE);
const ROUNDS = Math.round(3_000_000 * SCALE);
const DAYS = 31;
const DEPOSITS = Math.round(310_000 * SCALE);
const WITHDRAWALS = Math.round(62_000 * SCALE);
const LOGINS = Math.round(496_000 * SCALE);
const GIVEN = Math.round(10_850 * SCALE);
const LEDGER = Math.round(1_000_000 * SCALE);
const VENDORS = 40;
const BATCH = 250_000;
const CALLS = Number(process.env.BENCH_REPORTS_CALLS ?? 60);
const NO_ROLLUP_CALLS = Math.min(CALLS, 10);

const site = await startBenchSite('reports', 59_000);
const { q, core, base } = site;
const timeZone = (await core.modules.system.api.getSettings()).locale.timeZone;
const pgVersion = String((await q<{ server_version: string }>('show server_version'))[0]!.server_version);
console.log(
  `reports benchmark: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ` +
    `PostgreSQL ${pgVersion} (${site.server}), scale ${SCALE}: ${fmt(MEMBERS)} members, ${fmt(ROUNDS)} rounds over ${DAYS} days, ${timeZone}`,
);

// ---------------------------------------------------------------------------------------------
// Time: item n of N lies at the matching point of the DAYS operator days, today only up to now.
const [clock] = await q<{ today: string; elapsed: number }>(
  `select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as today,
     greatest(60, extract(epoch from now() - ((now() at time zone $1)::date::timestamp at time zone $1)) - 60)::int as elapsed`,
  [timeZone],
);
const today = clock!.today;
await q(`create function bench_at(n bigint, total bigint) returns timestamptz language sql immutable as $$
  select ((date '${today}' - (${DAYS - 1} - i))::timestamp at time zone '${timeZone}')
         + (x - i) * (case when i = ${DAYS - 1} then ${clock!.elapsed} else 86400 end) * interval '1 second'
  from (select floor(x)::int as i, x from (select (n - 1)::float8 * ${DAYS} / total as x) as a) as b $$`);
const loadStarted = performance.now();

// Members (the agents closure trigger gives each its self row), created over the last 180 days.
let t = performance.now();
await q(
  `insert into accounts_member (account, nickname, type, password_hash, created_at)
   select 'bm' || n, 'bm' || n, 0, 'x', now() - (abs(hashint8(n * 31)::bigint) % (180 * 86400)) * interval '1 second'
   from generate_series(1, ${MEMBERS}) as n`,
);
const [{ lo }] = (await q<{ lo: string }>(`select min(id)::text as lo from accounts_member where account like 'bm%'`)) as [{ lo: string }];
console.log(`members: ${fmt(MEMBERS)} in ${seconds(t).toFixed(1)} s`);

// Vendors: 40, of 8 product types (slots most).
const TYPES = ['RNG', 'RNG', 'RNG', 'LIVE', 'CRASH', 'FISH', 'SPORTS', 'PVP'];
await q(
  `insert into catalogue_vendor (code, display_name, game_types, wallet_mode, is_demo)
   select 'BV' || lpad(v::text, 2, '0'), 'Bench Vendor ' || v, array[(array['${TYPES.join("','")}'])[v % 8 + 1]], 'seamless', true from generate_series(0, ${VENDORS - 1}) as v`,
);

// Rounds and their facts: stake R$ 0.50–50.00, 55 % lost, the rest paid 0–4.27× (RTP ≈ 96 %).
t = performance.now();
await q('set session_replication_role = replica');
for (let from = 1; from <= ROUNDS; from += BATCH) {
  const to = Math.min(ROUNDS, from + BATCH - 1);
  await q(`
    with r as (
      insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, opened_at, closed_at)
      select 'BV' || lpad(v::text, 2, '0'), ${lo}::bigint + abs(hashint8(n)::bigint) % ${MEMBERS}, 'r' || n, 'g' || (n % 50), (array['${TYPES.join("','")}'])[v % 8 + 1], bet,
        case when abs(hashint8(n * 7 + 2)::bigint) % 100 < 55 then 0 else bet * (abs(hashint8(n * 7 + 3)::bigint) % 42667) / 10000 end,
        'settled', at, at
      from (select n, abs(hashint8(n * 5 + 4)::bigint) % ${VENDORS} as v, 50 + abs(hashint8(n * 7 + 1)::bigint) % 4951 as bet, bench_at(n, ${ROUNDS}) as at
            from generate_series(${from}::bigint, ${to}::bigint) as n) as g
      returning vendor_code, member_id, round_id, bet, win, closed_at
    )
    insert into agents_bet_fact (member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets, settled_at, rolled_up)
    select member_id, '{}', vendor_code, round_id, bet, win > bet, bet, win, agents_valid_bet(bet, win), 1, closed_at, true from r`);
}
await q('set session_replication_role = origin');
await q(`update agents_bet_fact set rolled_up = false where seq > (select max(seq) - 2000 from agents_bet_fact)`);
await q(`insert into agents_member_day (day, member_id, bets, stake, payout, valid_bet)
  select (settled_at at time zone '${timeZone}')::date, member_id, sum(bets), sum(stake), sum(payout), sum(valid_bet) from agents_bet_fact where rolled_up group by 1, 2`);
console.log(`rounds: ${fmt(ROUNDS)} with their facts and member days in ${seconds(t).toFixed(1)} s`);

// Deposits (85 % credited, the rest expired), withdrawals (95 % paid, then rejected, the last 300 pending).
t = performance.now();
await q(
  `insert into payments_deposit (member_id, request_id, amount, status, provider, txid, br_code, expires_at, created_at, paid_at, paid_amount, credited_at)
   select ${lo}::bigint + abs(hashint8(n * 11)::bigint) % ${MEMBERS}, 'benchdep' || n, amount, status, 'sandbox', md5(n::text), 'x', at + interval '30 minutes', at,
     case when status = 'credited' then at + interval '1 minute' end, case when status = 'credited' then amount end, case when status = 'credited' then at + interval '1 minute' end
   from (select n, (1 + abs(hashint8(n * 13)::bigint) % 500) * 1000 as amount, case when n % 100 < 85 then 'credited' else 'expired' end as status,
           bench_at(n, ${DEPOSITS}) - interval '1 minute' as at from generate_series(1, ${DEPOSITS}) as n) as d`,
);
await q(
  `insert into payments_withdrawal (member_id, request_id, amount, status, destination, destination_display, requested_at, provider, paid_at)
   select ${lo}::bigint + abs(hashint8(n * 17)::bigint) % ${MEMBERS}, 'benchwd' || n, (1 + abs(hashint8(n * 19)::bigint) % 300) * 1000, status, '{}', 'PIX', at, 'sandbox',
     case when status = 'paid' then at + interval '20 minutes' end
   from (select n, case when n > ${WITHDRAWALS} - 300 then (array['reviewing', 'approved', 'paying'])[n % 3 + 1] when n % 100 < 95 then 'paid' else 'rejected' end as status,
           bench_at(n, ${WITHDRAWALS}) - interval '25 minutes' as at from generate_series(1, ${WITHDRAWALS}) as n) as w`,
);
// Logins: sessions opened over the days.
await q(
  `insert into accounts_session (token_hash, member_id, created_at, last_seen_at, absolute_expires_at)
   select sha256(('bench-session-' || n)::bytea), ${lo}::bigint + abs(hashint8(n * 23)::bigint) % ${MEMBERS}, at, at, at + interval '12 hours'
   from (select n, bench_at(n, ${LOGINS}) as at from generate_series(1, ${LOGINS}) as n) as s`,
);
// Bonuses and adjustments (their house legs): 6 in 7 bonuses of R$ 5–50, the rest adjustments of ±R$ 100.
await q(`insert into wallet_account (house_code, shard, pocket, currency)
  select code, shard, 'house', 'BRL' from unnest(array['bonus_expense', 'adjustments']) as code, generate_series(0, 63) as shard
  on conflict (house_code, currency, shard) where house_code is not null do nothing`);
await q(`
  with j as (
    insert into wallet_journal (idempotency_key, type, status, created_at)
    select 'bench:given:' || n, case when n % 7 = 0 then 'adjustment' else 'bonus' end, 'applied', bench_at(n, ${GIVEN}) from generate_series(1, ${GIVEN}) as n
    returning id, type
  )
  insert into wallet_entry (journal_id, account_id, amount, balance_after)
  select j.id, a.id, case when j.type = 'bonus' then -(500 + j.id % 4500) else (case when j.id % 2 = 0 then -10000 else 10000 end) end, 0
  from j join wallet_account a on a.house_code = case when j.type = 'bonus' then 'bonus_expense' else 'adjustments' end and a.shard = j.id % 64 and a.currency = 'BRL'`);
// The ledger's bulk (bets and wins): journals with one entry each, so the bonus read meets a ledger of realistic size.
await q(`
  with j as (
    insert into wallet_journal (idempotency_key, type, status, created_at)
    select 'bench:bet:' || n, case when n % 2 = 0 then 'bet' else 'win' end, 'applied', bench_at(n, ${LEDGER}) from generate_series(1, ${LEDGER}) as n
    returning id
  )
  insert into wallet_entry (journal_id, account_id, amount, balance_after)
  select j.id, (select id from wallet_account where house_code = 'adjustments' and shard = 0), 1, 0 from j`);
console.log(`payments: ${fmt(DEPOSITS)} deposits, ${fmt(WITHDRAWALS)} withdrawals; ${fmt(LOGINS)} logins; ${fmt(GIVEN)} bonus/adjustment and ${fmt(LEDGER)} other journals: ${seconds(t).toFixed(1)} s`);
t = performance.now();
await q('vacuum analyze');
console.log(`vacuum analyze ${seconds(t).toFixed(1)} s; loading ${seconds(loadStarted).toFixed(0)} s in all`);

// ---------------------------------------------------------------------------------------------
// The reports rollup from the first fact's hour (a fresh install over existing history).
await q(`update reports_rollup_state set rolled_until = (select date_trunc('hour', min(settled_at) at time zone 'UTC') at time zone 'UTC' from agents_bet_fact)`);
t = performance.now();
const until = await core.modules.reports.api.rollup();
const rollupSeconds = seconds(t);
await q('vacuum analyze reports_bet_hour');
const [hours] = await q<{ n: string; tail: string }>(
  `select (select count(*) from reports_bet_hour)::text as n, (select count(*) from agents_bet_fact where settled_at >= $1)::text as tail`,
  [until],
);
console.log(`reports rollup: ${fmt(ROUNDS)} facts into ${fmt(Number(hours!.n))} vendor-type-hours in ${rollupSeconds.toFixed(1)} s; frontier ${until.toISOString()}, ${fmt(Number(hours!.tail))} facts after it (read live)`);
// A steady-state run (the job every 5 minutes): recomputes the last two hours.
t = performance.now();
await core.modules.reports.api.rollup();
console.log(`reports rollup, steady state (nothing new to roll, last 2 hours recomputed): ${ms(t).toFixed(0)} ms`);

// ---------------------------------------------------------------------------------------------
// An owner operator's session: password, enrolment, confirmation with the app's code.
const operator = { username: 'benchowner', password: 'Operator@1234' };
await core.modules.backoffice.api.ensureOperator({ ...operator, displayName: 'owner', role: 'owner' });
async function postJson(path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body ?? {}) });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
const first = await postJson('/api/backoffice/session', operator);
const enrolment = await postJson('/api/backoffice/2fa/enrol', {}, String(first.enrolmentToken));
const confirmed = await postJson('/api/backoffice/2fa/confirm', { code: totp(secretOfOtpauthUri(String(enrolment.otpauthUri)), { timeMs: Date.now() }) }, String(first.enrolmentToken));
const token = String(confirmed.token);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
async function call(path: string): Promise<{ ms: number; body: Record<string, unknown> }> {
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: ms(t0), body };
}
async function measure(label: string, path: string, describe: (body: Record<string, unknown>) => string, calls = CALLS) {
  for (let i = 0; i < 3; i += 1) await call(path); // warm-up
  const times: number[] = [];
  let body: Record<string, unknown> = {};
  for (let i = 0; i < calls; i += 1) {
    const result = await call(path);
    times.push(result.ms);
    body = result.body;
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} ${pct(times, 50).toFixed(1).padStart(7)} ${pct(times, 95).toFixed(1).padStart(7)} ${(times.at(-1) ?? 0).toFixed(1).padStart(7)}   ${describe(body)}`);
}
const dayBefore = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const month = `from=${dayBefore(29)}&to=${today}`;
type Totals = { totals: { rounds: number; bets: string; ggr: string; ngr: string }; rows: unknown[] };
const ggrLine = (body: Record<string, unknown>) => {
  const report = body as unknown as Totals;
  return `${report.rows.length} rows, ${fmt(report.totals.rounds)} rounds, bets R$ ${report.totals.bets}, GGR ${report.totals.ggr}, NGR ${report.totals.ngr}`;
};
console.log(`\nover HTTP (owner session, ${CALLS} sequential calls after 3 warm-up)`);
console.log(`${'call'.padEnd(34)}  p50 ms  p95 ms  max ms`);
await measure('dashboard (today)', '/api/backoffice/dashboard', (body) => {
  const board = body as { registrations: number; activePlayers: { total: number }; play: { rounds: number; ggr: string }; deposits: { count: number }; withdrawalsPending: { count: number }; products: unknown[] };
  return `registrations ${board.registrations}, active ${fmt(board.activePlayers.total)}, rounds ${fmt(board.play.rounds)}, GGR ${board.play.ggr}, deposits ${board.deposits.count}, pending withdrawals ${board.withdrawalsPending.count}, ${board.products.length} products`;
});
await measure('GGR, 30 days by day', `/api/backoffice/reports/ggr?${month}&groupBy=day`, ggrLine);
await measure('GGR, 30 days by product type', `/api/backoffice/reports/ggr?${month}&groupBy=productType`, ggrLine);
await measure('GGR, 30 days by vendor', `/api/backoffice/reports/ggr?${month}&groupBy=vendor`, ggrLine);
await measure('GGR, 366 days by day', `/api/backoffice/reports/ggr?from=${dayBefore(365)}&to=${today}&groupBy=day`, ggrLine);
await measure('payments, 30 days', `/api/backoffice/reports/payments?${month}`, (body) => {
  const report = body as { totals: { deposits: { count: number; sum: string }; withdrawals: { count: number; sum: string } } };
  return `deposits ${fmt(report.totals.deposits.count)} R$ ${report.totals.deposits.sum}, withdrawals ${fmt(report.totals.withdrawals.count)} R$ ${report.totals.withdrawals.sum}`;
});

// The same month with nothing rolled up (the rollup never ran): every fact read live.
await q(`update reports_rollup_state set rolled_until = now() - interval '60 days'`);
await q('truncate reports_bet_hour');
console.log(`\nwith no rollup (every fact of the period read live, as if the job had never run; ${NO_ROLLUP_CALLS} calls)`);
await measure('dashboard (today)', '/api/backoffice/dashboard', () => '', NO_ROLLUP_CALLS);
await measure('GGR, 30 days by day', `/api/backoffice/reports/ggr?${month}&groupBy=day`, ggrLine, NO_ROLLUP_CALLS);

await site.close();
