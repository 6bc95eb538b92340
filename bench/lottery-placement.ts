import { randomInt, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { completeCpf, ticketTotalCents, type LotteryFamily, type PlaceLotteryTicketRequest } from '@app/contracts';
import { formatCents } from '@app/kernel';
import { cpuSince, cpuSnapshot } from './bench-cpu.ts';
import { createBenchDatabase } from './bench-database.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:lottery (placement) — issue 24's target "bet placement ≥ 1,000 tickets/s with p99
 * ≤ 50 ms". The games as the module seeds them, their draws scheduled by the draw clock; the open
 * draws of the Miền Bắc game (VN_MB), two southern provinces and the 5-minute fast game take the
 * bets. BENCH_MEMBERS adult members with money. C callers each place tickets back to back for
 * BENCH_DURATION_S per level through the tickets api in process (selections checked with the shared
 * rules, the draw read FOR SHARE against the close, the numbers' exposure locked and raised, the
 * ticket stored, the stake debited through the provider protocol, the ticket opened): 40 % bao lô 2
 * on 1–5 numbers, 15 % đề đặc biệt, 10 % xiên 2 on 3 numbers, 35 % fast-draw options; 90 % of
 * tickets from a random member, 10 % from one of 5 hot members. Prints tickets/s, p50/p95/p99/max,
 * refusals by code, statements and CPU per ticket (this process and the PostgreSQL backends), and
 * the ledger check.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const LEVELS = (process.env.BENCH_CALLERS ?? '4,16,32,64').split(',').map(Number);
const HOT_MEMBERS = 5;

let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const benchDatabase = await createBenchDatabase('lottery_placement', 58_300);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const memberIds = (
  await setup.query<{ id: string }>(`insert into accounts_member (account, nickname, password_hash) select 'lt' || n, 'lt' || n, 'x' from generate_series(1, $1::int) as n returning id::text`, [MEMBERS])
).rows.map((row) => BigInt(row.id));
// Adults with a declared identity (name, a valid CPF, an 18+ birthday), as real-money bets require.
await setup.query(`update accounts_member m set payee_name = 'Jogador Bench', cpf = v.cpf, birthday = '1990-01-01' from unnest($1::bigint[], $2::text[]) as v(id, cpf) where m.id = v.id`, [
  memberIds.map(String),
  memberIds.map((_, index) => completeCpf(String(400_000_000 + index))),
]);

const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', DB_POOL_MAX: process.env.DB_POOL_MAX ?? '16' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const lottery = core.modules.lottery.api;
await lottery.ready();
await lottery.tick({ schedule: true });
// Caps wide enough that the load is not refused for a number's liability (the point is placement's cost).
await setup.query(`update lottery_game set number_liability_cents = 100000000000`);
const t = performance.now();
for (let i = 0; i < memberIds.length; i += 500) {
  await Promise.all(
    memberIds.slice(i, i + 500).map((id) => core.modules.wallet.api.submit({ key: `bench:opening:${id}`, type: 'adjustment', legs: [{ member: id, amount: 10_000_000n }, { house: 'adjustments', amount: -10_000_000n }] })),
  );
}
console.log(`(${MEMBERS.toLocaleString('en')} members funded in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

/** The open draw of a game that closes last (so it stays open for the whole run). */
async function openDraw(gameCode: string): Promise<{ id: string; family: string }> {
  const row = (
    await setup.query<{ id: string; family: string }>(
      `select d.id::text, g.family from lottery_draw d join lottery_game g on g.code = d.game_code where d.game_code = $1 and d.status = 'open' and d.closes_at > now() + interval '10 minutes' order by d.closes_at limit 1`,
      [gameCode],
    )
  ).rows[0];
  if (row) return row;
  // The schedule opens draws as their day comes; a bench needs one open now.
  const next = (await setup.query<{ id: string; family: string }>(`select d.id::text, g.family from lottery_draw d join lottery_game g on g.code = d.game_code where d.game_code = $1 and d.status = 'scheduled' order by d.closes_at limit 1`, [gameCode])).rows[0];
  if (!next) throw new Error(`no draw of ${gameCode} is scheduled`);
  await setup.query(`update lottery_draw set status = 'open', opened_at = now() where id = $1`, [next.id]);
  return next;
}
const south = (await setup.query<{ code: string }>(`select code from lottery_game where family = 'vn_south' order by code limit 2`)).rows.map((row) => row.code);
const fast = (await setup.query<{ code: string }>(`select code from lottery_game where family = 'fast_5d' order by interval_minutes desc limit 1`)).rows[0]!.code;
// One after another: they share the set-up client, which runs one statement at a time.
const vn: { id: string; family: string }[] = [];
for (const code of ['VN_MB', ...south]) vn.push(await openDraw(code));
// The fast game's draws close every few minutes: the bench keeps a later one open for the run.
const fastDraw = await (async () => {
  const row = (await setup.query<{ id: string }>(`select id::text from lottery_draw where game_code = $1 and status in ('scheduled', 'open') order by closes_at desc limit 1`, [fast])).rows[0]!;
  await setup.query(`update lottery_draw set status = 'open', opened_at = coalesce(opened_at, now()), secret = coalesce(secret, 'ab'), commit_hash = coalesce(commit_hash, 'cd') where id = $1`, [row.id]);
  return { id: row.id, family: 'fast_5d' };
})();

/** What the slip shows before confirming: the ticket's total from the shared rules. */
const formatLotteryTotal = (family: string, betType: string, selections: string[], unit: number) => formatCents(ticketTotalCents(family as LotteryFamily, betType, selections, BigInt(unit) * 100n));
// The vendors exist once the first stakes have moved (the module registers them then): one ticket
// at each, then every member has played before — an open session at both vendors.
for (const draw of [vn[0]!, fastDraw]) {
  const body = draw.family === 'fast_5d'
    ? { betType: 'odd_even', selections: ['sum:odd'] }
    : { betType: 'de_dac_biet', selections: ['07'] };
  await lottery.tickets.place(memberIds[0]!, { requestId: randomUUID(), drawId: draw.id, ...body, unitStake: '1.00', expectedTotal: formatLotteryTotal(draw.family, body.betType, body.selections, 1) });
}
await setup.query(
  `insert into provider_player_session (vendor_code, member_id, demo, expires_at) select v, id, false, now() + interval '1 day' from accounts_member, unnest(array['LOTT', 'ELOTT']) as v
   on conflict do nothing`,
);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const two = () => String(randomInt(100)).padStart(2, '0');
function distinct(count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(two());
  return [...chosen].sort();
}
function slip(): PlaceLotteryTicketRequest {
  const roll = randomInt(100);
  const unit = 1 + randomInt(10);
  if (roll < 65) {
    const draw = pick(vn);
    const [betType, selections] = roll < 40 ? ['bao_lo_2', distinct(1 + randomInt(5))] : roll < 55 ? ['de_dac_biet', distinct(1 + randomInt(3))] : ['xien_2', distinct(3)];
    return { requestId: randomUUID(), drawId: draw.id, betType, selections, unitStake: `${unit}.00`, expectedTotal: formatLotteryTotal(draw.family, betType, selections, unit) };
  }
  const position = 1 + randomInt(5);
  const [betType, selections] = pick([
    ['big_small', [`p${position}:${pick(['big', 'small'])}`]],
    ['odd_even', [`sum:${pick(['odd', 'even'])}`]],
    ['position', [`p${position}:${randomInt(10)}`]],
  ] as const);
  return { requestId: randomUUID(), drawId: fastDraw.id, betType, selections: [...selections], unitStake: `${unit}.00`, expectedTotal: formatLotteryTotal('fast_5d', betType, [...selections], unit) };
}
const memberOf = (): bigint => (randomInt(10) === 0 ? memberIds[randomInt(HOT_MEMBERS)]! : memberIds[HOT_MEMBERS + randomInt(memberIds.length - HOT_MEMBERS)]!);

interface LevelResult { placed: number; seconds: number; latencies: number[]; refusals: Map<string, number>; statements: number; cpuMs: { node: number; pg: number } }

async function level(callers: number, seconds: number): Promise<LevelResult> {
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  let placed = 0;
  const before = statements;
  const cpuBefore = await cpuSnapshot(setup);
  const began = performance.now();
  const until = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const body = slip();
        const t0 = performance.now();
        try {
          const ticket = await lottery.tickets.place(memberOf(), body);
          if (ticket.status !== 'open') throw Object.assign(new Error(ticket.status), { code: `status ${ticket.status}` });
          placed += 1;
        } catch (error) {
          const code = (error as { code?: string }).code ?? (error as Error).message;
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const cpu = cpuSince(cpuBefore, await cpuSnapshot(setup));
  return { placed, seconds: elapsed, latencies, refusals, statements: (statements - before) / latencies.length, cpuMs: { node: cpu.node / latencies.length, pg: cpu.pg / latencies.length } };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
function line(label: string, r: LevelResult): string {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const refused = [...r.refusals].map(([code, n]) => `${code} ${n}`).join(', ');
  return `${label.padEnd(10)} ${(r.placed / r.seconds).toFixed(0).padStart(9)}  ${percentile(sorted, 50).toFixed(1).padStart(6)}  ${percentile(sorted, 95).toFixed(1).padStart(6)}  ${percentile(sorted, 99).toFixed(1).padStart(6)}  ${(sorted.at(-1) ?? 0).toFixed(1).padStart(7)}  ${String(r.placed).padStart(7)}  ${r.statements.toFixed(1).padStart(6)}  ${r.cpuMs.node.toFixed(2).padStart(6)} + ${r.cpuMs.pg.toFixed(2).padStart(5)}${refused ? `  refused: ${refused}` : ''}`;
}

console.log(`lottery placement: ${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(1)).join(' ')}, ${DURATION_S} s per level, ${MEMBERS.toLocaleString('en')} members, draws VN_MB ${south.join(' ')} ${fast}, pool ${config.dbPoolMax}, PostgreSQL ${benchDatabase.server}`);
await level(8, 2); // warm-up: JIT, pools, plans
console.log('callers    tickets/s  p50 ms  p95 ms  p99 ms   max ms   placed   stmts  CPU ms node + PG (per ticket)');
for (const callers of LEVELS) console.log(line(`api ${callers}`, await level(callers, DURATION_S)));

const totals = await setup.query<{ status: string; n: string }>(`select status, count(*)::text as n from lottery_ticket group by 1 order by 1`);
console.log(`tickets: ${totals.rows.map((row) => `${row.status} ${row.n}`).join(', ')}; load ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const check = await core.modules.wallet.api.runLedgerCheck();
console.log(`ledger check: ${check.ok ? 'ok' : 'FAILED'}`);
await setup.end();
await core.close();
if (process.env.BENCH_KEEP) console.log(`kept ${databaseUrl}`);
else await benchDatabase.drop();
if (!check.ok) process.exitCode = 1;
