import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { completeCpf } from '@app/contracts';
import { cpuSince, cpuSnapshot } from './bench-cpu.ts';
import { createBenchDatabase } from './bench-database.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:bet-batch — what one stake costs on the path our own products share (the
 * sportsbook's, the lottery's and the live tables' placements all end in the provider's bet batch:
 * `batchCallbacks.handleMany(vendor, 'bet', bodies)` → betBatch → provider_place_bets for the plain
 * bets, provider_money_callback per bet for the others). One caller, batches sent one after another (no concurrency of our
 * own), so the CPU per bet is the path's, not a queue's: this process and the database backends,
 * per bet, for batches of 1, 8, 32 and 64 bets of 1.00 by distinct funded adult members with an
 * open session at vendor LIVE, each in a new provider round (as a live table's or a ticket's).
 * A first pass over every member warms the caches (18+ identity, limits, exclusions) and each pool
 * connection's plans; the measured passes follow.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 3000);
const BETS = Number(process.env.BENCH_BETS ?? 1920);
const SIZES = (process.env.BENCH_SIZES ?? '1,8,32,64').split(',').map(Number);

const benchDatabase = await createBenchDatabase('bet_batch', 58_700);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const memberIds = (
  await setup.query<{ id: string }>(`insert into accounts_member (account, nickname, password_hash) select 'bb' || n, 'bb' || n, 'x' from generate_series(1, $1::int) as n returning id::text`, [MEMBERS])
).rows.map((row) => BigInt(row.id));
await setup.query(`update accounts_member m set payee_name = 'Jogador Bench', cpf = v.cpf, birthday = '1990-01-01' from unnest($1::bigint[], $2::text[]) as v(id, cpf) where m.id = v.id`, [
  memberIds.map(String),
  memberIds.map((_, index) => completeCpf(String(500_000_000 + index))),
]);
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', DB_POOL_MAX: '16' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
for (let i = 0; i < memberIds.length; i += 500) {
  await Promise.all(
    memberIds.slice(i, i + 500).map((id) => core.modules.wallet.api.submit({ key: `bench:opening:${id}`, type: 'adjustment', legs: [{ member: id, amount: 10_000_000n }, { house: 'adjustments', amount: -10_000_000n }] })),
  );
}
// Vendor LIVE as the live tables register it (their leader does, once); then a session per member.
await core.modules.liveTables.api.ready();
core.modules.liveTables.api.startLeader();
while ((await setup.query(`select 1 from catalogue_vendor where code = 'LIVE'`)).rowCount === 0) await sleep(100);
await core.modules.liveTables.api.stopLeader();
await setup.query(`insert into provider_player_session (vendor_code, member_id, demo, expires_at) select 'LIVE', id, false, now() + interval '1 day' from accounts_member on conflict do nothing`);

const handleMany = core.modules.provider.api.batchCallbacks.handleMany;
let next = 0;
async function pass(size: number, bets: number): Promise<{ wallMs: number; nodeMs: number; pgMs: number; refused: number }> {
  const before = await cpuSnapshot(setup);
  const started = performance.now();
  let refused = 0;
  for (let sent = 0; sent < bets; sent += size) {
    const bodies = Array.from({ length: size }, () => {
      const member = memberIds[next++ % memberIds.length]!;
      return { playerId: member.toString(), transactionId: `bb-${randomUUID()}`, roundId: `bb-${randomUUID()}`, gameCode: 'roleta-copacabana', amount: '1.00' };
    });
    refused += (await handleMany('LIVE', 'bet', bodies)).filter((answer) => answer.status !== 200).length;
  }
  const cpu = cpuSince(before, await cpuSnapshot(setup));
  return { wallMs: (performance.now() - started) / bets, nodeMs: cpu.node / bets, pgMs: cpu.pg / bets, refused };
}

await pass(64, memberIds.length);
console.log(`provider bet batch: ${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg().map((n) => n.toFixed(1)).join(' ')}, PostgreSQL ${benchDatabase.server}, ${BETS} bets per size, one caller`);
console.log('batch   wall ms/bet   CPU ms/bet node + PostgreSQL');
let refusedInAll = 0;
for (const size of SIZES) {
  const figures = await pass(size, BETS);
  refusedInAll += figures.refused;
  console.log(`${String(size).padStart(5)}   ${figures.wallMs.toFixed(3).padStart(11)}   ${figures.nodeMs.toFixed(3)} + ${figures.pgMs.toFixed(3)}`);
}
const check = await core.modules.wallet.api.runLedgerCheck();
console.log(`refused ${refusedInAll}; ledger check: ${check.ok ? 'ok' : 'FAILED'}`);
await setup.end();
await core.close();
await benchDatabase.drop();
if (!check.ok || refusedInAll > 0) process.exitCode = 1;
