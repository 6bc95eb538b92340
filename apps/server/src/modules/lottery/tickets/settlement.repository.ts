import { sql } from 'kysely';
import type { LotteryOddsTable } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import { refundTransactionId } from './provider-money.ts';

/** Settlement n's closing win; the reversal of settlement n (resettlement). */
export const settleTransactionId = (ticketId: bigint, n: number) => `lottery-${ticketId}-settle-${n}`;
/** A first settlement's loss, decided for result `version` (settlement-plan.ts): a name only, its round closed by endRound. */
export const lostTransactionId = (ticketId: bigint, version: number) => `lottery-${ticketId}-lost-${version}`;
export const unsettleTransactionId = (ticketId: bigint, n: number) => `lottery-${ticketId}-unsettle-${n}`;

/**
 * A cancelled draw's refunds as void settlements (n = 1, its "win" the rollback of the bet), for
 * its open tickets never settled; set-based. Answers how many were stored. Run again for tickets
 * whose debit was confirmed after the cancel (the settlement pass does).
 */
export async function voidOpenTickets(tx: DbExecutor, drawId: bigint): Promise<number> {
  const result = await sql<{ id: bigint }>`
    with voided as (
      update lottery_ticket set settle_status = 'void', return_cents = total_stake_cents, hits = 0, settle_n = 1,
        settle_transaction_id = 'lottery-' || id || '-rollback', updated_at = now()
      where draw_id = ${drawId} and status = 'open' and settle_n = 0
      returning id, total_stake_cents, settle_transaction_id
    )
    insert into lottery_ticket_settlement (ticket_id, n, status, return_cents, hits, result_version, win_transaction_id)
    select id, 1, 'void', total_stake_cents, 0, 0, settle_transaction_id from voided
    returning ticket_id as id`.execute(tx);
  return result.rows.length;
}

/**
 * Responsible gaming (issue 27): the member's open tickets on draws still scheduled or open (no
 * result can be known) as void settlements refunding the stake (the bet rolled back), exactly as a
 * cancelled draw's; result_version is set to the largest integer so the draw's later settlement
 * never plans them. Idempotent (only tickets never settled). Answers the draws touched.
 */
export async function voidMemberOpenTickets(tx: DbExecutor, memberId: bigint): Promise<bigint[]> {
  const result = await sql<{ draw_id: bigint }>`
    with voided as (
      update lottery_ticket t set settle_status = 'void', return_cents = total_stake_cents, hits = 0, settle_n = 1,
        settle_transaction_id = 'lottery-' || t.id || '-rollback', result_version = 2147483647, updated_at = now()
      from lottery_draw d
      where d.id = t.draw_id and d.status in ('scheduled', 'open') and t.member_id = ${memberId} and t.status = 'open' and t.settle_n = 0
      returning t.id, t.draw_id, t.total_stake_cents, t.settle_transaction_id
    ), stored as (
      insert into lottery_ticket_settlement (ticket_id, n, status, return_cents, hits, result_version, win_transaction_id)
      select id, 1, 'void', total_stake_cents, 0, 0, settle_transaction_id from voided
    )
    select distinct draw_id from voided`.execute(tx);
  return result.rows.map((row) => BigInt(row.draw_id));
}

export interface TicketToPlan {
  id: bigint;
  member_id: bigint;
  game_code: string;
  vendor_code: string;
  bet_type: string;
  selections: string[];
  unit_stake_cents: bigint;
  odds: LotteryOddsTable;
  settle_n: number;
  settle_status: string | null;
  return_cents: bigint | null;
}

/** The draw's tickets not yet settled for result `version`, after `afterId`, in id order (read only: the writes check again). */
export async function ticketsToPlan(db: DbExecutor, drawId: bigint, version: number, afterId: bigint, limit: number): Promise<TicketToPlan[]> {
  const rows = await sql<TicketToPlan>`
    select t.id, t.member_id, t.game_code, g.vendor_code, t.bet_type, t.selections, t.unit_stake_cents, t.odds, t.settle_n, t.settle_status, t.return_cents
    from lottery_ticket t join lottery_game g on g.code = t.game_code
    where t.draw_id = ${drawId} and t.id > ${afterId} and t.result_version < ${version} and t.status in ('open', 'won', 'lost')
    order by t.id limit ${limit}`.execute(db);
  return rows.rows;
}

/** Of `ticketIds`, the ones still not settled for result `version`, locked: their settle_n by id. */
export async function lockUndecided(tx: DbExecutor, version: number, ticketIds: readonly bigint[]): Promise<Map<string, number>> {
  const rows = await sql<{ id: string; settle_n: number }>`
    select id::text, settle_n from lottery_ticket
    where id = any(${ticketIds.map(String)}::bigint[]) and result_version < ${version} and status in ('open', 'won', 'lost')
    order by id
    for update`.execute(tx);
  return new Map(rows.rows.map((row) => [row.id, row.settle_n]));
}

/**
 * First settlements that lose, their rounds already closed (endRound; named 'lottery-<id>-lost-<version>'):
 * each ticket written lost and settled for `version`, in one statement that takes only tickets
 * never settled. Answers how many it wrote. Such a settlement lives on its ticket alone (settle_n
 * 1, lost, its name, hits, version and time): it paid nothing, so there is nothing to pay or
 * reverse, and a row per loss would cost a draw a million inserts (~12 µs each). Its row in
 * lottery_ticket_settlement is written when a correction reverses it (storePlans), and
 * settlementsOf reads it from the ticket until then.
 */
export async function storeFirstLosses(db: DbExecutor, version: number, losses: ReadonlyArray<{ ticketId: bigint; hits: number; transactionId: string }>): Promise<number> {
  if (losses.length === 0) return 0;
  const result = await sql<{ n: number }>`
    with lost as (
      update lottery_ticket t set status = 'lost', settle_status = 'lost', return_cents = 0, hits = x.hits, settle_n = 1,
        settle_transaction_id = x.transaction_id, settled_at = now(), result_version = ${version}, updated_at = now()
      from unnest(${losses.map((each) => each.ticketId.toString())}::bigint[], ${losses.map((each) => each.hits)}::integer[],
                  ${losses.map((each) => each.transactionId)}::text[]) as x (ticket_id, hits, transaction_id)
      where t.id = x.ticket_id and t.status = 'open' and t.settle_n = 0 and t.result_version < ${version}
      returning 1
    )
    select count(*)::int as n from lost`.execute(db);
  return result.rows[0]?.n ?? 0;
}

export interface Plan {
  ticketId: bigint;
  /** The settlement in force to reverse first (resettlement), or 0. */
  reverseN: number;
  /** Unchanged: only the version moves (a correction that does not change this ticket). */
  unchanged: boolean;
  status: 'won' | 'lost';
  returnCents: bigint;
  hits: number;
}

/**
 * Stores a chunk's plans, set-based (one statement each): the reversals (settlement n marked to be
 * taken back), the new settlements n + 1 (their rows, the ticket's settlement in force, the ticket
 * open again until its win is answered), and the version every planned ticket is now settled for.
 */
export async function storePlans(tx: DbExecutor, version: number, plans: readonly Plan[]): Promise<void> {
  if (plans.length === 0) return;
  const reversals = plans.filter((plan) => !plan.unchanged && plan.reverseN > 0);
  if (reversals.length > 0) {
    // A first loss kept on its ticket alone (storeFirstLosses) gets its row now, to be reversed:
    // read from the ticket before this statement's update below moves it on.
    await sql`
      insert into lottery_ticket_settlement (ticket_id, n, status, return_cents, hits, result_version, win_transaction_id, paid_at)
      select t.id, 1, 'lost', 0, t.hits, t.result_version, t.settle_transaction_id, t.settled_at
      from lottery_ticket t
      where t.id = any(${reversals.filter((plan) => plan.reverseN === 1).map((plan) => plan.ticketId.toString())}::bigint[])
        and t.settle_n = 1 and t.status = 'lost'
      on conflict (ticket_id, n) do nothing`.execute(tx);
    await sql`
      update lottery_ticket_settlement s set reversal_transaction_id = 'lottery-' || s.ticket_id || '-unsettle-' || s.n
      from unnest(${reversals.map((plan) => plan.ticketId.toString())}::bigint[], ${reversals.map((plan) => plan.reverseN)}::integer[]) as x (ticket_id, n)
      where s.ticket_id = x.ticket_id and s.n = x.n and s.reversal_transaction_id is null`.execute(tx);
  }
  const changed = plans.filter((plan) => !plan.unchanged);
  if (changed.length > 0) {
    const columns = sql.join([
      sql`${changed.map((plan) => plan.ticketId.toString())}::bigint[]`,
      sql`${changed.map((plan) => plan.reverseN + 1)}::integer[]`,
      sql`${changed.map((plan) => plan.status)}::text[]`,
      sql`${changed.map((plan) => plan.returnCents.toString())}::bigint[]`,
      sql`${changed.map((plan) => plan.hits)}::integer[]`,
    ]);
    await sql`
      insert into lottery_ticket_settlement (ticket_id, n, status, return_cents, hits, result_version, win_transaction_id)
      select ticket_id, n, status, return_cents, hits, ${version}, 'lottery-' || ticket_id || '-settle-' || n
      from unnest(${columns}) as x (ticket_id, n, status, return_cents, hits)`.execute(tx);
    await sql`
      update lottery_ticket t set status = 'open', settle_status = x.status, return_cents = x.return_cents, hits = x.hits, settle_n = x.n,
        settle_transaction_id = 'lottery-' || t.id || '-settle-' || x.n, settled_at = null, result_version = ${version}, updated_at = now()
      from unnest(${columns}) as x (ticket_id, n, status, return_cents, hits)
      where t.id = x.ticket_id`.execute(tx);
  }
  const unchanged = plans.filter((plan) => plan.unchanged);
  if (unchanged.length > 0) {
    await sql`update lottery_ticket set result_version = ${version} where id = any(${unchanged.map((plan) => plan.ticketId.toString())}::bigint[])`.execute(tx);
  }
}

export interface DueRow {
  id: bigint;
  member_id: bigint;
  vendor_code: string;
  game_code: string;
  n: number;
  transaction_id: string;
  win_transaction_id: string;
  return_cents: bigint;
}

/** Reversals stored and not yet answered, of one draw's tickets. */
export async function dueReversals(db: DbExecutor, drawId: bigint, limit: number): Promise<DueRow[]> {
  const rows = await sql<DueRow>`
    select t.id, t.member_id, g.vendor_code, t.game_code, s.n, s.reversal_transaction_id as transaction_id, s.win_transaction_id, s.return_cents
    from lottery_ticket t join lottery_ticket_settlement s on s.ticket_id = t.id join lottery_game g on g.code = t.game_code
    where t.draw_id = ${drawId} and s.reversal_transaction_id is not null and s.reversed_at is null
    order by t.id, s.n limit ${limit}`.execute(db);
  return rows.rows;
}

export async function markReversedMany(db: DbExecutor, reversed: ReadonlyArray<{ ticketId: bigint; n: number }>): Promise<void> {
  if (reversed.length === 0) return;
  await sql`
    update lottery_ticket_settlement s set reversed_at = now()
    from unnest(${reversed.map((each) => each.ticketId.toString())}::bigint[], ${reversed.map((each) => each.n)}::integer[]) as x (ticket_id, n)
    where s.ticket_id = x.ticket_id and s.n = x.n and s.reversed_at is null`.execute(db);
}

/**
 * One draw's settlement intents whose win is not yet answered and waits for no reversal,
 * keyset-paged by ticket id: found through their unpaid settlement rows (lottery_settlement_unpaid,
 * 0108; the tickets carry no index on their settlement columns, so their writes stay HOT).
 */
export async function dueIntents(db: DbExecutor, drawId: bigint, afterId: bigint, limit: number): Promise<DueRow[]> {
  const rows = await sql<DueRow>`
    select t.id, t.member_id, g.vendor_code, t.game_code, t.settle_n as n, t.settle_transaction_id as transaction_id, t.settle_transaction_id as win_transaction_id, t.return_cents
    from lottery_ticket_settlement s
    join lottery_ticket t on t.id = s.ticket_id
    join lottery_game g on g.code = t.game_code
    where s.paid_at is null and s.reversal_transaction_id is null and s.ticket_id > ${afterId}
      and t.draw_id = ${drawId} and t.status = 'open' and t.settle_status is not null and t.settle_n = s.n
      and not exists (select 1 from lottery_ticket_settlement r where r.ticket_id = t.id and r.reversal_transaction_id is not null and r.reversed_at is null)
    order by s.ticket_id limit ${limit}`.execute(db);
  return rows.rows;
}

/**
 * Wins (or a void's refund) answered: each ticket takes its settled status from its settlement in
 * force, once; a late answer of a win since reversed changes nothing.
 */
export async function markSettledMany(db: DbExecutor, wins: ReadonlyArray<{ ticketId: bigint; transactionId: string }>): Promise<void> {
  if (wins.length === 0) return;
  await sql`
    with settled as (
      update lottery_ticket t set status = t.settle_status, settled_at = now(), updated_at = now()
      from unnest(${wins.map((each) => each.ticketId.toString())}::bigint[], ${wins.map((each) => each.transactionId)}::text[]) as x (id, transaction_id)
      where t.id = x.id and t.status = 'open' and t.settle_transaction_id = x.transaction_id
      returning t.id, t.settle_n
    )
    update lottery_ticket_settlement s set paid_at = now() from settled where s.ticket_id = settled.id and s.n = settled.settle_n and s.paid_at is null`.execute(db);
}

/** Cancelled draws (of the last day) with refunds to store or pay. */
export async function cancelledWithWork(db: DbExecutor): Promise<Array<{ id: bigint }>> {
  const rows = await sql<{ id: bigint }>`
    select d.id from lottery_draw d
    where d.status = 'cancelled' and d.cancelled_at > now() - interval '1 day'
      and exists (select 1 from lottery_ticket t where t.draw_id = d.id and t.status = 'open')
    order by d.id limit 50`.execute(db);
  return rows.rows;
}

/** A ticket's settlements, first to last (a first loss kept on its ticket alone read from it). */
export async function settlementsOf(db: DbExecutor, ticketId: bigint) {
  const rows = await sql<{ n: number; status: string; return_cents: bigint; hits: number; result_version: number; win_transaction_id: string; paid_at: Date | null; reversal_transaction_id: string | null; reversed_at: Date | null }>`
    select n, status, return_cents, hits, result_version, win_transaction_id, paid_at, reversal_transaction_id, reversed_at
    from lottery_ticket_settlement where ticket_id = ${ticketId}
    union all
    select 1, 'lost', 0, t.hits, t.result_version, t.settle_transaction_id, t.settled_at, null, null
    from lottery_ticket t
    where t.id = ${ticketId} and t.settle_n = 1 and t.status = 'lost'
      and not exists (select 1 from lottery_ticket_settlement s where s.ticket_id = t.id)
    order by n`.execute(db);
  return rows.rows;
}

export { refundTransactionId };
