import { randomInt, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { completeCpf, type PlaceTicketRequest } from '@app/contracts';
import { cpuSince, cpuSnapshot } from './bench-cpu.ts';
import { createBenchDatabase } from './bench-database.ts';
import { composeHttp } from '../apps/server/src/compose-http.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import type { FeedMessage } from '../apps/server/src/modules/sportsbook/index.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:sportsbook (placement) — issue 23's target "ticket placement ≥ 1,000 tickets/s with
 * p99 ≤ 50 ms (without the live delay)". A book of BENCH_EVENTS pre-match football events (1X2 and
 * totals 2.5, built through the feed apply service as a feed would) and BENCH_MEMBERS adult members
 * with money and a SPORTSBOOK session at the provider (members who have bet before). C callers each
 * place tickets back to back for BENCH_DURATION_S per level through the tickets api in process
 * (slip validation, legs checked under the markets' locks, liability, ticket stored, the stake
 * debited through the provider protocol, the ticket opened): 85 % singles, 12 % 3-leg accumulators,
 * 3 % Yankees (4 legs, 11 bets); 90 % of tickets from a random member, 10 % from one of 5 hot members;
 * a third of the legs on 6 "big match" events. Pre-match events have no live delay (checked: every
 * ticket answers isLive false and status open). Then one level over HTTP (Fastify inject:
 * the member's bearer session, schema validation and serialization) for the route's overhead.
 * Prints tickets/s and p50/p95/p99/max per level, refusals by code, and the ledger check.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const LEVELS = (process.env.BENCH_CALLERS ?? '4,16,32,64').split(',').map(Number);
const HTTP_CALLERS = Number(process.env.BENCH_HTTP_CALLERS ?? 32);
const HOT_MEMBERS = 5;
const BIG_EVENTS = 6;

// Statements sent to PostgreSQL (every pool client): per ticket is the placement's round-trip count;
// while `spans` is set, each statement's time from send to answer, by its first words.
let statements = 0;
let trace: string[] | undefined;
let spans: Map<string, { n: number; ms: number }> | undefined;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const text = String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text).replace(/\s+/g, ' ').trim();
  if (trace) trace.push(text.slice(0, 160));
  const began = performance.now();
  const result = query.apply(this, args);
  if (spans && result instanceof Promise) {
    const key = text.slice(0, 70);
    const record = () => {
      const span = spans?.get(key) ?? { n: 0, ms: 0 };
      span.n += 1;
      span.ms += performance.now() - began;
      spans?.set(key, span);
    };
    result.then(record, record);
  }
  return result;
} as typeof pg.Client.prototype.query;

const benchDatabase = await createBenchDatabase('sportsbook_placement', 57_900);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const memberIds = (
  await setup.query<{ id: string }>(`insert into accounts_member (account, nickname, password_hash) select 'sb' || n, 'sb' || n, 'x' from generate_series(1, $1::int) as n returning id::text`, [MEMBERS])
).rows.map((row) => BigInt(row.id));
// Adults with a declared identity (name, a valid CPF, an 18+ birthday), as real-money bets require.
await setup.query(`update accounts_member m set payee_name = 'Jogador Bench', cpf = v.cpf, birthday = '1990-01-01' from unnest($1::bigint[], $2::text[]) as v(id, cpf) where m.id = v.id`, [
  memberIds.map(String),
  memberIds.map((_, index) => completeCpf(String(200_000_000 + index))),
]);
// Limits wide enough that the load is not refused for liability (the default market limit R$ 100.000 would fill on the big matches).
await setup.query(`update sportsbook_ticket_setting set market_liability_cents = 100000000000, event_liability_cents = 100000000000 where id = 1`);

const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', DB_POOL_MAX: process.env.DB_POOL_MAX ?? '16' });
const logger = createLogger({ level: 'silent', pretty: false });
const core = await composeCore({ config, logger, databaseUrl });
const sportsbook = core.modules.sportsbook.api;
const tickets = sportsbook.tickets!;
await tickets.register();
await setup.query(`insert into provider_player_session (vendor_code, member_id, demo, expires_at) select 'SPORTSBOOK', id, false, now() + interval '1 day' from accounts_member`);
let t = performance.now();
for (let i = 0; i < memberIds.length; i += 500) {
  await Promise.all(
    memberIds.slice(i, i + 500).map((id) => core.modules.wallet.api.submit({ key: `bench:opening:${id}`, type: 'adjustment', legs: [{ member: id, amount: 10_000_000n }, { house: 'adjustments', amount: -10_000_000n }] })),
  );
}
console.log(`(${MEMBERS.toLocaleString('en')} members funded in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

// The book: EVENTS pre-match events, each a fixture then its odds, as a feed sends them.
interface Selection { eventId: string; marketKey: string; outcomeId: string; odds: number }
const selections: Selection[][] = [];
t = performance.now();
const startAt = Date.now() + 86_400_000;
for (let n = 0; n < EVENTS; n += 1) {
  const eventId = `bench:match:${n}`;
  const clock = Date.now();
  await sportsbook.applyFeedMessage({
    kind: 'fixture_change',
    producer: 'benchfeed',
    eventId,
    timestamp: clock,
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'bench:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'bench:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: `Casa ${n}`,
    away: `Fora ${n}`,
    startAt: startAt + n * 60_000,
  } as FeedMessage);
  const home = 1400 + randomInt(2600);
  const [draw, away, over, under] = [3000 + randomInt(800), 1500 + randomInt(3500), 1700 + randomInt(500), 1700 + randomInt(500)];
  await sportsbook.applyFeedMessage({
    kind: 'odds_change',
    producer: 'benchfeed',
    eventId,
    timestamp: clock + 1,
    markets: [
      { type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: draw }, { id: 'away', odds: away }] },
      { type: 'totals', specifiers: { total: '2.5' }, status: 'active', outcomes: [{ id: 'over', odds: over }, { id: 'under', odds: under }] },
    ],
  } as FeedMessage);
  selections.push([
    { eventId, marketKey: '1x2', outcomeId: 'home', odds: home },
    { eventId, marketKey: '1x2', outcomeId: 'draw', odds: draw },
    { eventId, marketKey: '1x2', outcomeId: 'away', odds: away },
    { eventId, marketKey: 'totals?total=2.5', outcomeId: 'over', odds: over },
    { eventId, marketKey: 'totals?total=2.5', outcomeId: 'under', odds: under },
  ]);
}
console.log(`(${EVENTS} pre-match events, 2 markets each, through the feed in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

/** A third of the legs on the big matches, the rest anywhere; one leg per event in a ticket. */
function pickEvents(count: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(randomInt(3) === 0 ? randomInt(BIG_EVENTS) : randomInt(EVENTS));
  return [...chosen];
}
function slip(): PlaceTicketRequest {
  const roll = randomInt(100);
  const kind = roll < 85 ? 'single' : roll < 97 ? 'accumulator' : 'yankee';
  const legs = pickEvents(kind === 'single' ? 1 : kind === 'accumulator' ? 3 : 4).map((event) => {
    const options = selections[event]!;
    const pick = options[randomInt(options.length)]!;
    return { eventId: pick.eventId, marketKey: pick.marketKey, outcomeId: pick.outcomeId, odds: pick.odds };
  });
  const betType: PlaceTicketRequest['betType'] = kind === 'yankee' ? { kind: 'system_preset', preset: 'yankee' } : { kind };
  const stake = kind === 'yankee' ? `${1 + randomInt(5)}.00` : `${1 + randomInt(50)}.${randomInt(10)}0`;
  return { requestId: randomUUID(), betType, stakeMode: 'unit', stake, oddsPolicy: 'none', legs };
}
const memberOf = (): bigint => (randomInt(10) === 0 ? memberIds[randomInt(HOT_MEMBERS)]! : memberIds[HOT_MEMBERS + randomInt(memberIds.length - HOT_MEMBERS)]!);

interface LevelResult { placed: number; seconds: number; latencies: number[]; refusals: Map<string, number>; statements: number; cpuMs: { node: number; pg: number } }

async function level(callers: number, seconds: number, placeOne: (memberIndex: bigint, body: PlaceTicketRequest) => Promise<void>): Promise<LevelResult> {
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
        const member = memberOf();
        const t0 = performance.now();
        try {
          await placeOne(member, body);
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
  return `${label.padEnd(14)} ${(r.placed / r.seconds).toFixed(0).padStart(9)}  ${percentile(sorted, 50).toFixed(1).padStart(6)}  ${percentile(sorted, 95).toFixed(1).padStart(6)}  ${percentile(sorted, 99).toFixed(1).padStart(6)}  ${(sorted.at(-1) ?? 0).toFixed(1).padStart(7)}  ${String(r.placed).padStart(7)}  ${r.statements.toFixed(1).padStart(6)}  ${r.cpuMs.node.toFixed(2).padStart(6)} + ${r.cpuMs.pg.toFixed(2).padStart(5)}${refused ? `  refused: ${refused}` : ''}`;
}

/** In process: the tickets api as the route calls it. Every pre-match ticket must stand at once (no live delay). */
async function inProcess(member: bigint, body: PlaceTicketRequest): Promise<void> {
  const ticket = await tickets.place(member, body);
  if (ticket.status !== 'open' || ticket.isLive) throw new Error(`unexpected ticket ${ticket.status} live=${ticket.isLive}`);
}

const delay = (await setup.query<{ live_delay_ms: number }>(`select live_delay_ms from sportsbook_ticket_setting`)).rows[0]!.live_delay_ms;
console.log(
  `sportsbook placement: ${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(1)).join(' ')}, ${DURATION_S} s per level, ${MEMBERS.toLocaleString('en')} members, ${EVENTS} events, pool ${config.dbPoolMax}, PostgreSQL ${benchDatabase.server}; live delay setting ${delay} ms (applies to live events only; these are pre-match)`,
);
await level(8, 2, inProcess); // warm-up: JIT, pools, plans
// One single placed alone: the statements it sends; with BENCH_TRACE, also 300 tickets placed one
// after another with each statement's time (send to answer, nothing else running in the bench).
trace = [];
await inProcess(memberIds[HOT_MEMBERS]!, { ...slip(), betType: { kind: 'single' }, legs: [selections[BIG_EVENTS]![0]!].map(({ eventId, marketKey, outcomeId, odds }) => ({ eventId, marketKey, outcomeId, odds })) });
console.log(`one single, ${trace.length} statements:${process.env.BENCH_TRACE ? `\n  ${trace.join('\n  ')}` : ''}`);
trace = undefined;
if (process.env.BENCH_TRACE) {
  spans = new Map();
  const began = performance.now();
  for (let i = 0; i < 300; i += 1) await inProcess(memberOf(), slip());
  const wall = (performance.now() - began) / 300;
  console.log(`300 tickets one at a time: ${wall.toFixed(2)} ms each; per ticket, by statement (ms):`);
  for (const [key, span] of [...spans].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${(span.ms / 300).toFixed(3).padStart(7)}  ${(span.n / 300).toFixed(2)}×  ${key}`);
  spans = undefined;
}
console.log('callers        tickets/s  p50 ms  p95 ms  p99 ms   max ms   placed   stmts  CPU ms node + PG (per ticket)');
for (const callers of LEVELS) {
  // BENCH_SPANS=1: where each level's statements spend their time (send to answer, summed over callers, per ticket).
  if (process.env.BENCH_SPANS) spans = new Map();
  const result = await level(callers, DURATION_S, inProcess);
  console.log(line(`api ${callers}`, result));
  if (spans) for (const [key, span] of [...spans].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) console.log(`    ${(span.ms / result.latencies.length).toFixed(3).padStart(7)} ms  ${(span.n / result.latencies.length).toFixed(2)}×  ${key}`);
  spans = undefined;
}

// The floor: the stake's debit alone (the same in-process provider call a ticket makes, a new round
// each), so the ticket's own cost is the difference.
const handle = core.modules.provider.api.callbacks.handle;
async function debitOnly(member: bigint): Promise<void> {
  const round = `bench-floor-${randomUUID()}`;
  const answer = await handle('SPORTSBOOK', 'bet', { playerId: member.toString(), transactionId: `${round}-bet`, roundId: round, gameCode: 'sportsbook', amount: '1.00' });
  if (answer.status !== 200) throw Object.assign(new Error(JSON.stringify(answer.body)), { code: String(answer.status) });
}
console.log(line(`debit only 16`, await level(16, DURATION_S, debitOnly)));

// The batched floor: the same bets, grouped as placement groups them (3 lanes, up to 64 a batch,
// each batch one provider bet batch: callbacks.handleMany 'bet').
const handleMany = core.modules.provider.api.callbacks.handleMany;
const debitQueue: Array<{ body: object; resolve: () => void; reject: (error: Error) => void }> = [];
let debitLanes = 0;
function pumpDebits(): void {
  while (debitLanes < 3 && debitQueue.length > 0) {
    const batch = debitQueue.splice(0, 64);
    debitLanes += 1;
    handleMany('SPORTSBOOK', 'bet', batch.map((each) => each.body))
      .then(
        (answers) => answers.forEach((answer, index) => (answer.status === 200 ? batch[index]!.resolve() : batch[index]!.reject(Object.assign(new Error(JSON.stringify(answer.body)), { code: String(answer.status) })))),
        (error: Error) => batch.forEach((each) => each.reject(error)),
      )
      .finally(() => {
        debitLanes -= 1;
        pumpDebits();
      });
  }
}
async function debitBatched(member: bigint): Promise<void> {
  const round = `bench-floor-${randomUUID()}`;
  await new Promise<void>((resolve, reject) => {
    debitQueue.push({ body: { playerId: member.toString(), transactionId: `${round}-bet`, roundId: round, gameCode: 'sportsbook', amount: '1.00' }, resolve, reject });
    pumpDebits();
  });
}
console.log(line(`debit batch 64`, await level(64, DURATION_S, debitBatched)));

// Over HTTP (Fastify inject): each member of a small set logged in once (bearer session).
const { app } = await composeHttp(core, { config, logger });
const httpMembers: Array<{ id: bigint; token: string }> = [];
for (let n = 0; n < 64; n += 1) {
  const account = `sbh${n}`;
  const password = `Bench-${randomUUID()}`;
  await core.modules.accounts.api.ensureMember({ account, nickname: account, type: 0, password });
  const found = (await core.modules.accounts.api.directory.findMemberByAccount(account))!;
  await setup.query(`update accounts_member set payee_name = 'Jogador Bench', cpf = $2, birthday = '1990-01-01' where id = $1`, [found.id.toString(), completeCpf(String(300_000_000 + n))]);
  await core.modules.wallet.api.submit({ key: `bench:opening:http:${found.id}`, type: 'adjustment', legs: [{ member: found.id, amount: 100_000_000n }, { house: 'adjustments', amount: -100_000_000n }] });
  const login = await app.inject({ method: 'POST', url: '/api/session/login', payload: { username: account, password, type: 'username' } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  httpMembers.push({ id: found.id, token: (login.json() as { token: string }).token });
}
async function overHttp(_member: bigint, body: PlaceTicketRequest): Promise<void> {
  const member = httpMembers[randomInt(httpMembers.length)]!;
  const response = await app.inject({ method: 'POST', url: '/api/sportsbook/tickets', headers: { authorization: `Bearer ${member.token}` }, payload: body });
  if (response.statusCode !== 200) throw Object.assign(new Error(response.body), { code: (response.json() as { error?: { code?: string } }).error?.code ?? String(response.statusCode) });
}
await level(8, 2, overHttp);
console.log(line(`http ${HTTP_CALLERS}`, await level(HTTP_CALLERS, DURATION_S, overHttp)));
await app.close();

const totals = await setup.query<{ status: string; n: string }>(`select status, count(*)::text as n from sportsbook_ticket group by 1 order by 1`);
console.log(`tickets: ${totals.rows.map((row) => `${row.status} ${row.n}`).join(', ')}; load ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const check = await core.modules.wallet.api.runLedgerCheck();
console.log(`ledger check: ${check.ok ? 'ok' : 'FAILED'}`);
await setup.end();
await core.close();
if (process.env.BENCH_KEEP) console.log(`kept ${databaseUrl}`);
else await benchDatabase.drop();
if (!check.ok) process.exitCode = 1;
