import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { membersPerLevel, seedVipMembers, timed } from './vip-data.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:vip — recomputing every member's VIP level (target: 100,000 members in ≤ 30 s).
 * BENCH_MEMBERS members (100,000) with BENCH_DAYS days of play each in agents_member_day (as the
 * agents' rollup writes it) and two credited deposits each, the demo levels (Bronze … Diamante)
 * with their upgrade bonuses. Times, in order: the first recompute of everyone (every member row
 * written, upgrade bonuses owed), a second with nothing changed, one after a new day of play for
 * every member (every row updated), the recent-members job (everyone played today), then paying
 * owed bonuses through the bonus module's grant for BENCH_PAY_S seconds (grants/s).
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const PAY_S = Number(process.env.BENCH_PAY_S ?? 10);

const benchDatabase = await createBenchDatabase('vip', 57_600);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const started = performance.now();
await seedVipMembers(setup, MEMBERS, DAYS);
console.log(`vip recompute: ${MEMBERS.toLocaleString('en')} members × ${DAYS} days of play (${(MEMBERS * DAYS).toLocaleString('en')} member days), ${(MEMBERS * 2).toLocaleString('en')} credited deposits; data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);

const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
await core.modules.vip.api.seedDemo();

const levels = () => membersPerLevel(setup);

await timed('recompute all, first time (every row written)', () => core.modules.vip.api.recomputeAll({ payDues: false }));
console.log(`  members per level: ${await levels()}`);
await timed('recompute all, nothing changed', () => core.modules.vip.api.recomputeAll({ payDues: false }));
await setup.query(`insert into agents_member_day (day, member_id, bets, stake, payout, valid_bet)
  select (now() at time zone 'America/Sao_Paulo')::date, id, 10, 50000, 0, 50000 from accounts_member where account like 'vb%'`);
await timed('recompute all, a new day for every member', () => core.modules.vip.api.recomputeAll({ payDues: false }));
console.log(`  members per level: ${await levels()}`);
await setup.query(`update agents_member_day set valid_bet = valid_bet + 100 where day = (now() at time zone 'America/Sao_Paulo')::date`);
await timed('recent-members job (everyone played today)', async () => {
  const result = await core.modules.vip.api.recomputeRecent({ payDues: false });
  return result && { upgraded: result.upgraded };
});
const owed = (await setup.query<{ n: string }>('select count(*)::text as n from vip_bonus_due where paid_at is null')).rows[0]!.n;
const payStart = performance.now();
let paid = 0;
while (performance.now() - payStart < PAY_S * 1000) {
  const batch = await core.modules.vip.api.payDues({ max: 500 });
  paid += batch;
  if (batch === 0) break;
}
const seconds = (performance.now() - payStart) / 1000;
console.log(`bonuses owed ${owed}; paid ${paid} in ${seconds.toFixed(1)} s through bonus grant: ${(paid / seconds).toFixed(0)} grants/s`);

await core.close();
await setup.end();
await benchDatabase.drop();
process.exit(0);
