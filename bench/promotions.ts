import { cpus, freemem, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:promotions — the daily rebate at the issue's scale: 100,000 members who joined a
 * rebate promotion and 2,000,000 settled rounds yesterday (site time zone) over the ten catalogue
 * game types, then one run of the day through the promotions module (batches of 5,000 members,
 * set-based SQL over agents_v_settled_play and provider_v_round) and an idempotent re-run of it.
 * Target (issue 21): the daily rebate for 100,000 members with 2,000,000 bets in ≤ 60 s.
 *
 * The data are written set-based with generate_series: members, their participation, rounds into
 * provider_round and their facts into agents_bet_fact (as the provider's trigger would write them,
 * with the triggers off for the load: session_replication_role = replica). Round n: member by hash
 * of n, stake R$ 0.50–50.00, 55 % lost, the rest paid 0–4.27×, settled at a time spread over
 * yesterday.
 *
 * DATABASE_URL's server (else a throwaway embedded one), in its own scratch database;
 * BENCH_PROMOTIONS_SCALE=0.1 scales members and rounds.
 */
const SCALE = Number(process.env.BENCH_PROMOTIONS_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) throw new Error('BENCH_PROMOTIONS_SCALE must be in (0, 1]');
const MEMBERS = Math.round(100_000 * SCALE);
const ROUNDS = Math.round(2_000_000 * SCALE);
const BATCH = 250_000;
const GAME_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'CRASH', 'COCKFIGHT'];
const fmt = (n: number | bigint) => n.toLocaleString('en');
const seconds = (since: number) => (performance.now() - since) / 1000;

const benchDatabase = await createBenchDatabase('promotions', 57_600);
const { databaseUrl } = benchDatabase;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const q = async <Row extends object>(text: string, values: unknown[] = []) => (await client.query<Row & pg.QueryResultRow>(text, values)).rows;

const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const timeZone = (await core.modules.system.api.getSettings()).locale.timeZone;
const pgVersion = (await q<{ server_version: string }>('show server_version'))[0]!.server_version;
console.log(
  `promotions benchmark: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ` +
    `PostgreSQL ${pgVersion} (${benchDatabase.server}), ${fmt(MEMBERS)} members, ${fmt(ROUNDS)} rounds, ${timeZone}`,
);

// ---------------------------------------------------------------------------------------------
// Members, the promotion (rates per product type, a cap of R$ 500 per member and day, a budget
// that does not bind), and every member's participation since before yesterday.
const loadStarted = performance.now();
await q(`insert into accounts_member (account, nickname, password_hash) select 'pr' || n, 'pr' || n, 'x' from generate_series(1, $1::int) as n order by n`, [MEMBERS]);
const [range] = await q<{ lo: string; hi: string }>(`select min(id)::text as lo, max(id)::text as hi from accounts_member where account like 'pr%'`);
const lo = BigInt(range!.lo);
if (BigInt(range!.hi) - lo + 1n !== BigInt(MEMBERS)) throw new Error('member ids are not contiguous');
const [day] = await q<{ yesterday: string }>(`select to_char((now() at time zone $1)::date - 1, 'YYYY-MM-DD') as yesterday`, [timeZone]);
const yesterday = day!.yesterday;
const texts = JSON.stringify({ pt: { title: 'Rebate diário', summary: '', html: '', imageUrl: null }, en: { title: 'Daily rebate', summary: '', html: '', imageUrl: null } });
const eligibility = JSON.stringify({ vipLevels: [], registeredFrom: null, registeredTo: null, newMembersOnly: false, onePerCpf: false, agentAccount: null, minDeposit: null, minValidBet: null });
const [promotion] = await q<{ id: string }>(
  `insert into promotions_promotion (type, starts_at, eligibility, budget, member_cap, reward, texts, updated_by)
   values ('rebate', now() - interval '30 days', $1, 100000000000, 10000000, $2, $3, 'bench') returning id::text`,
  [eligibility, JSON.stringify({ kind: 'cash', amount: '500.00' }), texts],
);
const promotionId = BigInt(promotion!.id);
await q(
  `insert into promotions_participation (promotion_id, member_id, state, created_at)
   select $1, id, 'joined', now() - interval '10 days' from accounts_member where account like 'pr%' order by id`,
  [promotionId],
);
await core.modules.backoffice.api.ensureOperator({ username: 'benchowner', displayName: 'owner', role: 'owner', password: 'Operator@1234' });
const operator = await core.db.selectFrom('backoffice_operator').select('id').where('username', '=', 'benchowner').executeTakeFirstOrThrow();
await core.modules.promotions.api.periodic.saveConfig(
  promotionId,
  {
    kind: 'rebate',
    rates: [
      { vipLevel: 0, productType: 'live', percent: '0.8' },
      { vipLevel: 0, productType: 'slots', percent: '1' },
      { vipLevel: 0, productType: 'sports', percent: '0.6' },
      { vipLevel: 0, productType: 'lottery', percent: '0.5' },
      { vipLevel: 0, productType: 'pvp', percent: '0.4' },
      { vipLevel: 0, productType: 'fish', percent: '1' },
    ],
  },
  { id: operator.id, username: 'benchowner', ip: null },
);
const membersSeconds = seconds(loadStarted);

// Rounds and their facts, BATCH per statement pair, triggers off (replica) as a bulk load.
const roundsStarted = performance.now();
await q(`set session_replication_role = replica`);
await q(
  `create function pg_temp.bench_at(n bigint, total bigint, d date, tz text) returns timestamptz language sql immutable as $$
     select (d::timestamp at time zone tz) + ((n * 86399 / total) || ' seconds')::interval $$`,
);
for (let from = 0; from < ROUNDS; from += BATCH) {
  const to = Math.min(ROUNDS, from + BATCH) - 1;
  await q(
    `with r as (
       select n, ${lo}::bigint + abs(hashint8(n * 7 + 3)::bigint) % ${MEMBERS} as member_id,
         (array['${GAME_TYPES.join("','")}'])[1 + (abs(hashint8(n * 13 + 5)::bigint) % ${GAME_TYPES.length})] as game_type,
         50 + abs(hashint8(n * 7 + 1)::bigint) % 4951 as bet, abs(hashint8(n * 11 + 2)::bigint) % 1000 as luck,
         pg_temp.bench_at(n, $1, $2::date, $3) as at
       from generate_series(${from}::bigint, ${to}::bigint) as n
     ), settled as (
       select *, case when luck < 550 then 0 else bet * (luck - 550) / 105 end as win from r
     ), rounds as (
       insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, opened_at, closed_at)
       select 'BENCHV', member_id, 'r' || n, 'g' || (n % 500), game_type, bet, win, 'settled', at, at from settled
     )
     insert into agents_bet_fact (member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets, settled_at, rolled_up)
     select member_id, '{}', 'BENCHV', 'r' || n, bet, win > bet, bet, win, least(abs(win - bet), bet), 1, at, true from settled`,
    [ROUNDS, yesterday, timeZone],
  );
}
await q(`set session_replication_role = origin`);
await q('analyze');
const roundsSeconds = seconds(roundsStarted);
const [facts] = await q<{ n: string; valid: string }>(`select count(*)::text as n, sum(valid_bet)::text as valid from agents_bet_fact`);
console.log(`load: members, participation and rule ${membersSeconds.toFixed(1)} s; ${fmt(Number(facts!.n))} rounds and facts ${roundsSeconds.toFixed(1)} s (valid bet R$ ${fmt(Number(facts!.valid) / 100)})`);

// ---------------------------------------------------------------------------------------------
// The daily rebate for yesterday, then the same day again (a re-run: nothing issued twice).
const periodic = core.modules.promotions.api.periodic;
const runStarted = performance.now();
const run = await periodic.runPeriod(promotionId, yesterday, 'schedule');
const runSeconds = seconds(runStarted);
console.log(
  `daily rebate ${yesterday}: ${runSeconds.toFixed(1)} s, ${run.batches} batches, ${fmt(run.membersRewarded)} members rewarded, R$ ${fmt(Number(run.total) / 100)} issued ` +
    `(${fmt(Math.round(ROUNDS / runSeconds))} rounds/s, ${fmt(Math.round(MEMBERS / runSeconds))} members/s)`,
);
const rerunStarted = performance.now();
const rerun = await periodic.runPeriod(promotionId, yesterday, 'schedule');
console.log(`re-run of the same day: ${seconds(rerunStarted).toFixed(1)} s, ${fmt(rerun.membersRewarded)} members rewarded (nothing twice)`);
const [issued] = await q<{ n: string; total: string }>(`select count(*)::text as n, sum(amount)::text as total from promotions_reward where promotion_id = $1`, [promotionId]);
if (Number(issued!.n) !== run.membersRewarded || BigInt(issued!.total) !== run.total) throw new Error('the run record disagrees with the rewards issued');
console.log(`target (≤ 60 s for 100,000 members and 2,000,000 bets): ${runSeconds <= 60 ? 'met' : 'NOT met'}${SCALE < 1 ? ` (at scale ${SCALE})` : ''}`);

await client.end();
await core.close();
if (process.env.BENCH_KEEP !== '1') await benchDatabase.drop();
process.exit(0);
