import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { randomResult } from '../apps/server/src/modules/lottery/index.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * npm run bench:lottery (settlement) — issue 24's target "a draw with 1,000,000 tickets settles in
 * ≤ 60 s". One southern Vietnamese draw (18 prize numbers) with BENCH_TICKETS open tickets from
 * BENCH_MEMBERS members: 60 % bao lô 2 on one number (R$ 18,00: 18 units of R$ 1,00), 25 % đề đặc
 * biệt on one number (R$ 1,00), 15 % xiên 2 on three numbers (3 pairs, R$ 3,00), numbers spread
 * evenly. Setup writes the tickets and their provider rounds (the stake taken, so each win is legal
 * at the protocol) straight in SQL, in bulk; the stakes' ledger journals are left out (a setup
 * shortcut: the settlement is what is measured). Then the draw closes, its result is entered (a
 * random valid southern result), and the settlement runs as the job runs it (settleDraw until the
 * draw is settled): plan every ticket's outcome in chunks, close the losers' rounds with 0.00 set-
 * based, credit the winners through the provider protocol in batches. Prints the time, tickets/s,
 * the winners and what they were paid, and the checks (every ticket settled once, wins in the
 * ledger = the tickets' returns, ledger check). BENCH_RESETTLE=1 then corrects the result and times
 * the resettlement the same way.
 */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const RESETTLE = process.env.BENCH_RESETTLE === '1';

const benchDatabase = await createBenchDatabase('lottery_settlement', 58_500);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', DB_POOL_MAX: process.env.DB_POOL_MAX ?? '16' });
const core = await composeCore({ config, logger: createLogger({ level: (process.env.BENCH_LOG as 'warn') ?? 'silent', pretty: false }), databaseUrl });
const lottery = core.modules.lottery.api;
await lottery.ready();
await lottery.tick({ schedule: true });
const game = (await setup.query<{ code: string }>(`select code from lottery_game where family = 'vn_south' order by code limit 1`)).rows[0]!.code;
const draw = (await setup.query<{ id: string }>(`select id::text from lottery_draw where game_code = $1 and status in ('scheduled', 'open') order by closes_at limit 1`, [game])).rows[0]!.id;
await setup.query(`update lottery_draw set status = 'open', opened_at = now() where id = $1`, [draw]);
console.log(`lottery settlement: ${TICKETS.toLocaleString('en')} tickets on draw ${draw} (${game}), ${MEMBERS.toLocaleString('en')} members; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, PostgreSQL ${benchDatabase.server}`);

const t = performance.now();
await setup.query(`insert into accounts_member (account, nickname, password_hash) select 'ls' || n, 'ls' || n, 'x' from generate_series(1, $1::int) as n`, [MEMBERS]);
const odds = async (betType: string) => (await setup.query<{ odds: object }>(`select odds from lottery_odds where game_code = $1 and prize_mode = 'LOTT' and bet_type = $2`, [game, betType])).rows[0]!.odds;
const [lo, de, xien] = [await odds('bao_lo_2'), await odds('de_dac_biet'), await odds('xien_2')];
// Ticket n: member n mod MEMBERS; kind by n mod 20 (0–11 bao lô, 12–16 đề, 17–19 xiên 2); numbers from n.
await setup.query(
  `insert into lottery_ticket (member_id, request_id, request_hash, draw_id, game_code, bet_type, prize_mode, selections, combinations, unit_stake_cents, total_stake_cents, odds, status, bet_transaction_id)
   select m.first + (n % $2::int), 'bench-settle-' || n, 'x', $3::bigint, $4, k.bet_type, 'LOTT', k.selections, k.combinations, 100, k.total, k.odds, 'open', 'pending'
   from generate_series(1, $1::int) as n
   cross join (select min(id) as first from accounts_member) m
   cross join lateral (
     select case when n % 20 < 12 then 'bao_lo_2' when n % 20 < 17 then 'de_dac_biet' else 'xien_2' end as bet_type,
            case when n % 20 < 17 then array[lpad(((n / 20) % 100)::text, 2, '0')]
                 else array(select lpad(((n / 20 + s * 37) % 100)::text, 2, '0') from generate_series(0, 2) as s order by 1) end as selections,
            case when n % 20 < 17 then 1 else 3 end as combinations,
            case when n % 20 < 12 then 1800 when n % 20 < 17 then 100 else 300 end as total,
            case when n % 20 < 12 then $5::jsonb when n % 20 < 17 then $6::jsonb else $7::jsonb end as odds
   ) k`,
  [TICKETS, MEMBERS, draw, game, JSON.stringify(lo), JSON.stringify(de), JSON.stringify(xien)],
);
await setup.query(`update lottery_ticket set bet_transaction_id = 'lottery-' || id || '-bet'`);
// The stake as the protocol's bet left it: the ticket's open round with its stake (what makes its win legal).
await setup.query(
  `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, status)
   select 'LOTT', member_id, 'lottery-' || id, game_code, 'LOTT', total_stake_cents, 'open' from lottery_ticket`,
);
await setup.query('analyze');
console.log(`(setup: tickets and rounds written in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

// The draw closes, its result comes in (the feed's or the console's path), the settlement runs as its job does.
await setup.query(`update lottery_draw set closes_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' where id = $1`, [draw]);
await lottery.tick({ schedule: false });
await lottery.enterResult(BigInt(draw), randomResult('vn_south'), 'bench');

/** Seconds of CPU this process spent settling (the rest of the machine's two cores is PostgreSQL's). */
let nodeCpuSeconds = 0;
/** The settlement's two steps over all passes: deciding (first losses closed and written) and paying (wins). */
const steps = { planMs: 0, payMs: 0 };

async function settleAll(): Promise<number> {
  const began = performance.now();
  steps.planMs = 0;
  steps.payMs = 0;
  const cpu = process.cpuUsage();
  for (let pass = 0; ; pass += 1) {
    const outcome = await lottery.settleDraw(BigInt(draw));
    steps.planMs += outcome.planMs;
    steps.payMs += outcome.payMs;
    const status = (await setup.query<{ status: string }>(`select status from lottery_draw where id = $1`, [draw])).rows[0]!.status;
    if (status === 'settled') break;
    if (pass > 1_000) throw new Error(`the draw does not settle (status ${status})`);
  }
  const used = process.cpuUsage(cpu);
  nodeCpuSeconds = (used.user + used.system) / 1e6;
  return (performance.now() - began) / 1000;
}

async function checks(label: string, seconds: number) {
  const rows = (await setup.query<{ status: string; n: string; returns: string }>(`select status, count(*)::text as n, coalesce(sum(return_cents), 0)::text as returns from lottery_ticket group by 1 order by 1`)).rows;
  const settled = rows.filter((row) => ['won', 'lost', 'void'].includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  const returns = rows.reduce((sum, row) => sum + BigInt(row.returns), 0n);
  const ledger = (
    await setup.query<{ total: string }>(
      `select coalesce(sum(e.amount), 0)::text as total from wallet_journal j join wallet_entry e on e.journal_id = j.id join wallet_account a on a.id = e.account_id where j.type in ('win', 'rollback') and a.member_id is not null`,
    )
  ).rows[0]!.total;
  // A settlement in force per ticket: its row not reversed, or a first loss kept on the ticket alone (no row).
  const settlements = (
    await setup.query<{ n: string; tickets: string }>(
      `select count(*)::text as n, count(distinct ticket_id)::text as tickets from (
         select ticket_id from lottery_ticket_settlement where reversed_at is null
         union all
         select t.id from lottery_ticket t where t.settle_n = 1 and t.status = 'lost' and not exists (select 1 from lottery_ticket_settlement s where s.ticket_id = t.id)
       ) as in_force`,
    )
  ).rows[0]!;
  console.log(`${label}: ${TICKETS.toLocaleString('en')} tickets in ${seconds.toFixed(1)} s = ${Math.round(TICKETS / seconds).toLocaleString('en')} tickets/s (deciding ${(steps.planMs / 1000).toFixed(1)} s, paying ${(steps.payMs / 1000).toFixed(1)} s; node CPU ${nodeCpuSeconds.toFixed(1)} s); load ${loadavg()[0]!.toFixed(1)}`);
  console.log(`  tickets: ${rows.map((row) => `${row.status} ${Number(row.n).toLocaleString('en')} (R$ ${(Number(row.returns) / 100).toLocaleString('en')})`).join(', ')}`);
  console.log(`  settled ${settled.toLocaleString('en')} of ${TICKETS.toLocaleString('en')}; settlements in force ${Number(settlements.n).toLocaleString('en')} for ${Number(settlements.tickets).toLocaleString('en')} tickets; member credits in the ledger R$ ${(Number(ledger) / 100).toLocaleString('en')} = returns R$ ${(Number(returns) / 100).toLocaleString('en')}: ${BigInt(ledger) === returns ? 'yes' : 'NO'}`);
  return settled === TICKETS && BigInt(ledger) === returns && Number(settlements.tickets) === TICKETS && Number(settlements.n) === TICKETS;
}

let ok = await checks('settle', await settleAll());
if (RESETTLE) {
  await lottery.correctResult(BigInt(draw), randomResult('vn_south'), 'bench', 'bench correction');
  ok = (await checks('resettle', await settleAll())) && ok;
}
const check = await core.modules.wallet.api.runLedgerCheck();
console.log(`ledger check: ${check.ok ? 'ok' : 'FAILED'}`);
await setup.end();
await core.close();
if (process.env.BENCH_KEEP) console.log(`kept ${databaseUrl}`);
else await benchDatabase.drop();
if (!check.ok || !ok) process.exitCode = 1;
