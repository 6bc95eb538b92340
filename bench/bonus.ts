import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:bonus — wagering progress under settled bets: rounds written to provider_round as
 * the money callback writes them (one upsert per round, its own transaction), so the provider's
 * trigger runs the agents' and the bonus module's hooks. Members with an active bonus grant (each
 * round counts, and grants complete and convert along the way) against members without one (the
 * hook's one index probe). Prints settled rounds/s per connection count for both.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2_000);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '8,32').split(',').map(Number);

const benchDatabase = await createBenchDatabase('bonus', 57_400);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const ids = (await setup.query<{ id: string }>(`insert into accounts_member (account, nickname, password_hash) select 'bb' || n, 'bb' || n, 'x' from generate_series(1, $1::int) as n returning id::text`, [MEMBERS * 2])).rows.map((row) => BigInt(row.id));
await setup.end();
const withGrant = ids.slice(0, MEMBERS);
const withoutGrant = ids.slice(MEMBERS);

const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const expiresAt = new Date(Date.now() + 86_400_000);
for (const memberId of withGrant) {
  // R$ 20 at 10×: R$ 200 to wager (four rounds), so grants complete and convert during the run.
  await core.db.transaction().execute((tx) => core.modules.bonus.api.grant(tx, { key: `bench:${memberId}`, memberId, amount: 20_00n, wageringMultiple: 10, expiresAt, source: { kind: 'bench', id: String(memberId) } }));
}

async function run(members: bigint[], connections: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  let rounds = 0;
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const member = members[Math.floor(Math.random() * members.length)]!;
        await pool.query(
          `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
           values ('BENCHV', $1, $2, 'g', 'RNG', 5000, 2000, 'settled', now())
           on conflict (vendor_code, member_id, round_id) do update set bet = provider_round.bet + excluded.bet, status = excluded.status`,
          [member, randomUUID()],
        );
        rounds += 1;
      }
    }),
  );
  await pool.end();
  return rounds / DURATION_S;
}

console.log(`bonus wagering: ${MEMBERS.toLocaleString('en')} members with an active grant, as many without; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
console.log('connections   with grant rounds/s   without grant rounds/s');
for (const connections of LEVELS) {
  const granted = await run(withGrant, connections);
  const plain = await run(withoutGrant, connections);
  console.log(`${String(connections).padStart(11)}   ${granted.toFixed(0).padStart(19)}   ${plain.toFixed(0).padStart(22)}`);
}
const closed = await core.db.selectFrom('bonus_grant').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'converted').executeTakeFirstOrThrow();
console.log(`(grants converted during the run by the event: ${closed.n})`);
await core.close();
await benchDatabase.drop();
process.exit(0);
