import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import type { FeedMessage } from '../apps/server/src/modules/sportsbook/index.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:sportsbook (settlement) — issue 23's target "settling an event with 200,000 open
 * tickets ≤ 60 s". One pre-match football event (1X2, built through the feed apply service) and
 * BENCH_TICKETS open single tickets on it from BENCH_MEMBERS members, a third on each outcome.
 * Setup writes the tickets, their legs and their provider rounds (the stake taken, so each win is
 * legal at the protocol) straight in SQL, in bulk; the stakes' ledger journals are left out (a
 * setup shortcut: the wins are what is measured). Then one bet_settlement message (home won) and
 * settlement passes back to back, as the job runs them, until every ticket is settled: each pass
 * reads the result log, records the legs and stores the intents set-based, then pays every
 * ticket's closing win through the provider protocol in process (a third R$ 21.00 credits, 250 a
 * statement; two thirds 0.00 closes, 1,000 a statement, set-based), 6 statements at a time. Prints tickets/s, the first pass's decide time, the
 * per-pass figures and the checks (every ticket settled once, wins = expected, ledger check).
 * With BENCH_RESETTLE=1 the result is then corrected (rolled back, away won) and the resettlement
 * timed the same way (the home and away tickets change; the draw's stay lost and do not move).
 */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 200_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const RESETTLE = process.env.BENCH_RESETTLE === '1';
const EVENT = 'bench:settle:match:1';
const ODDS = { home: 2100, draw: 3400, away: 3600 } as const;
const STAKE_CENTS = 1_000n;

const benchDatabase = await createBenchDatabase('sportsbook_settlement', 58_100);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();

// BENCH_SLOW_MS: statements slower than this go to the PostgreSQL server log (to see where a pass spends its time).
// BENCH_PROFILE=1: PL/pgSQL function timings (pg_stat_user_functions) printed at the end.
if (process.env.BENCH_PROFILE) await setup.query(`alter database "${new URL(databaseUrl).pathname.slice(1)}" set track_functions = 'all'`);
if (process.env.BENCH_SLOW_MS) await setup.query(`alter database "${new URL(databaseUrl).pathname.slice(1)}" set log_min_duration_statement = ${Number(process.env.BENCH_SLOW_MS)}`);
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', DB_POOL_MAX: process.env.DB_POOL_MAX ?? '16' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const sportsbook = core.modules.sportsbook.api;
const tickets = sportsbook.tickets!;
await tickets.register();
console.log(`sportsbook settlement: ${TICKETS.toLocaleString('en')} open singles on one event, ${MEMBERS.toLocaleString('en')} members; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);

const t = performance.now();
await setup.query(`insert into accounts_member (account, nickname, password_hash) select 'ss' || n, 'ss' || n, 'x' from generate_series(1, $1::int) as n`, [MEMBERS]);
const clock = Date.now();
await sportsbook.applyFeedMessage({
  kind: 'fixture_change',
  producer: 'benchfeed',
  eventId: EVENT,
  timestamp: clock,
  sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
  category: { id: 'bench:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
  tournament: { id: 'bench:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
  home: 'Casa',
  away: 'Fora',
  startAt: clock + 86_400_000,
} as FeedMessage);
await sportsbook.applyFeedMessage({
  kind: 'odds_change',
  producer: 'benchfeed',
  eventId: EVENT,
  timestamp: clock + 1,
  markets: [{ type: '1x2', status: 'active', outcomes: Object.entries(ODDS).map(([id, odds]) => ({ id, odds })) }],
} as FeedMessage);
// Tickets n = 1..TICKETS: member n mod MEMBERS, outcome n mod 3 (home, draw, away), R$ 10.00 each.
await setup.query(
  `insert into sportsbook_ticket (member_id, request_id, bet_type, stake_mode, stake_cents, total_stake_cents, bet_count, odds_policy, max_payout_cents, potential_return_cents, status, bet_transaction_id, accepted_at)
   select m.first + (n % $2::int), 'bench-settle-' || n, 'single', 'unit', $3::bigint, $3::bigint, 1, 'none', 25000000, $3::bigint * (array[${ODDS.home}, ${ODDS.draw}, ${ODDS.away}])[1 + n % 3] / 1000, 'open', 'pending', now()
   from generate_series(1, $1::int) as n, (select min(id) as first from accounts_member) m`,
  [TICKETS, MEMBERS, STAKE_CENTS.toString()],
);
await setup.query(`update sportsbook_ticket set bet_transaction_id = 'sportsbook-' || id || '-bet'`);
await setup.query(
  `insert into sportsbook_ticket_leg (ticket_id, leg_index, event_id, market_key, outcome_id, slip_odds, locked_odds, odds_version)
   select id, 0, $1, '1x2', (array['home', 'draw', 'away'])[1 + substr(request_id, 14)::int % 3],
          (array[${ODDS.home}, ${ODDS.draw}, ${ODDS.away}])[1 + substr(request_id, 14)::int % 3], (array[${ODDS.home}, ${ODDS.draw}, ${ODDS.away}])[1 + substr(request_id, 14)::int % 3], 1
   from sportsbook_ticket`,
  [EVENT],
);
// The stake as the protocol's bet left it: the ticket's open round with its stake (what makes its win legal).
await setup.query(
  `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, status)
   select 'SPORTSBOOK', member_id, 'sportsbook-' || id, 'sportsbook', 'SPORTS', stake_cents, 'open' from sportsbook_ticket`,
);
await setup.query('analyze');
console.log(`(setup: tickets, legs and rounds written in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

interface PassLine {
  ms: number;
  decided: number;
  reversed: number;
  paid: number;
  unpaid: number;
}
/** Passes back to back until no win or reversal is due; answers the passes and the seconds. */
async function settleAll(): Promise<{ passes: PassLine[]; seconds: number }> {
  const passes: PassLine[] = [];
  const began = performance.now();
  for (;;) {
    const start = performance.now();
    const outcome = await tickets.settlePass({ sweep: false });
    passes.push({ ms: performance.now() - start, decided: outcome.decided, reversed: outcome.reversed, paid: outcome.paid, unpaid: outcome.unpaid });
    if (outcome.paid === 0 && outcome.unpaid === 0 && outcome.results === 0) break;
    if (passes.length > 5_000) throw new Error('settlement does not converge');
  }
  return { passes, seconds: (performance.now() - began) / 1000 };
}
function report(label: string, run: { passes: PassLine[]; seconds: number }, settled: number) {
  const first = run.passes[0]!;
  const paid = run.passes.reduce((sum, pass) => sum + pass.paid, 0);
  const unpaid = run.passes.reduce((sum, pass) => sum + pass.unpaid, 0);
  console.log(`${label}: ${settled.toLocaleString('en')} tickets in ${run.seconds.toFixed(1)} s = ${Math.round(settled / run.seconds).toLocaleString('en')} tickets/s; ${run.passes.length} passes`);
  console.log(`  first pass ${(first.ms / 1000).toFixed(1)} s (${first.decided.toLocaleString('en')} intents, ${first.reversed.toLocaleString('en')} reversals stored, ${first.paid.toLocaleString('en')} paid); protocol calls answered ${paid.toLocaleString('en')}, failed ${unpaid}`);
  const paying = run.passes.filter((pass) => pass.paid > 0);
  const perCall = paying.map((pass) => pass.ms / pass.paid);
  if (perCall.length > 0) console.log(`  paying passes: ${Math.round(paying.reduce((sum, pass) => sum + pass.paid, 0) / (paying.reduce((sum, pass) => sum + pass.ms, 0) / 1000)).toLocaleString('en')} calls/s`);
}

async function counts() {
  const rows = await setup.query<{ status: string; n: string; returns: string }>(`select status, count(*)::text as n, coalesce(sum(return_cents), 0)::text as returns from sportsbook_ticket group by 1 order by 1`);
  return rows.rows;
}

await sportsbook.applyFeedMessage({
  kind: 'bet_settlement',
  producer: 'benchfeed',
  eventId: EVENT,
  timestamp: clock + 2,
  markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'won' }, { id: 'draw', result: 'lost' }, { id: 'away', result: 'lost' }] }],
} as FeedMessage);
const load = loadavg()[0]!;
const run = await settleAll();
report('settle', run, TICKETS);
const after = await counts();
console.log(`  tickets: ${after.map((row) => `${row.status} ${Number(row.n).toLocaleString('en')} (returns R$ ${(Number(row.returns) / 100).toLocaleString('en')})`).join(', ')}; load before ${load.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}`);
const wins = await setup.query<{ n: string; total: string }>(`select count(*)::text as n, coalesce(sum(e.amount), 0)::text as total from wallet_journal j join wallet_entry e on e.journal_id = j.id join wallet_account a on a.id = e.account_id where j.type = 'win' and a.member_id is not null`);
const expectedHome = Math.floor(TICKETS / 3); // tickets n with n mod 3 = 0 are on home
console.log(`  win journals ${Number(wins.rows[0]!.n).toLocaleString('en')} (expected ${expectedHome.toLocaleString('en')}), credited R$ ${(Number(wins.rows[0]!.total) / 100).toLocaleString('en')} (expected R$ ${((expectedHome * 2100) / 100).toLocaleString('en')})`);
const settledAll = after.every((row) => row.status !== 'open');
console.log(`target (${TICKETS.toLocaleString('en')} tickets settled ≤ 60 s): ${settledAll && run.seconds <= 60 ? 'met' : 'NOT met'}`);

if (RESETTLE) {
  await sportsbook.applyFeedMessage({ kind: 'rollback_bet_settlement', producer: 'benchfeed', eventId: EVENT, timestamp: clock + 3, markets: [{ type: '1x2' }] } as FeedMessage);
  await sportsbook.applyFeedMessage({
    kind: 'bet_settlement',
    producer: 'benchfeed',
    eventId: EVENT,
    timestamp: clock + 4,
    markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'lost' }, { id: 'draw', result: 'lost' }, { id: 'away', result: 'won' }] }],
  } as FeedMessage);
  const again = await settleAll();
  // The draw's tickets lose either way: unchanged, nothing moves for them.
  const changed = again.passes.reduce((sum, pass) => sum + pass.reversed, 0);
  report('resettle (home → away: each changed ticket reversed and settled again)', again, changed);
  console.log(`  tickets: ${(await counts()).map((row) => `${row.status} ${Number(row.n).toLocaleString('en')}`).join(', ')}`);
}

if (process.env.BENCH_PROFILE) {
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the backends flush their function statistics
  const functions = await setup.query<{ funcname: string; calls: string; total: string; self: string }>(
    `select funcname, calls::text, round(total_time)::text as total, round(self_time)::text as self from pg_stat_user_functions order by self_time desc limit 15`,
  );
  console.log('functions (ms, self / total, calls):');
  for (const row of functions.rows) console.log(`  ${row.funcname.padEnd(36)} ${row.self.padStart(8)} / ${row.total.padStart(8)}  ${Number(row.calls).toLocaleString('en')}`);
}
const check = await core.modules.wallet.api.runLedgerCheck();
console.log(`ledger check: ${check.ok ? 'ok' : 'FAILED'}`);
await setup.end();
await core.close();
if (process.env.BENCH_KEEP) console.log(`kept ${databaseUrl}`);
else await benchDatabase.drop();
if (!check.ok) process.exitCode = 1;
