import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { LegFeedResult } from './ticket.tables.ts';
import { ticketTables } from './ticket.tables.ts';

/** Tickets whose legs take results: placed (or being placed), open, or settled (a correction resettles them). Never refused or cashed out. */
const RESULT_STATUSES = ['pending_delay', 'pending_debit', 'open', 'won', 'partially_won', 'lost', 'void'] as const;
/** The statuses of a settled ticket. */
export const SETTLED_STATUSES = ['won', 'partially_won', 'lost', 'void'] as const;

/** Locks the settlement cursor (one pass at a time reads the log) and answers where it stands. */
export async function lockCursor(tx: DbExecutor): Promise<bigint> {
  const row = await ticketTables(tx).selectFrom('sportsbook_settlement_cursor').select('last_seq').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
  return BigInt(row.last_seq);
}

export async function moveCursor(tx: DbExecutor, lastSeq: bigint): Promise<void> {
  await ticketTables(tx).updateTable('sportsbook_settlement_cursor').set({ last_seq: lastSeq, updated_at: sql<Date>`now()` }).where('id', '=', 1).execute();
}

export interface PendingLeg {
  ticket_id: bigint;
  leg_index: number;
  outcome_id: string;
  placed_at: Date;
}

/**
 * The undecided legs on a market of tickets still taking results, their tickets locked (id order).
 * A settled ticket (or one with an intent) has every leg decided, except one whose legs a rollback
 * earlier in the same pass reopened: those take the corrected result too.
 */
export async function pendingLegsOn(tx: DbExecutor, eventId: string, marketKey: string): Promise<PendingLeg[]> {
  const rows = await sql<PendingLeg>`
    select l.ticket_id, l.leg_index, l.outcome_id, coalesce(t.accepted_at, t.created_at) as placed_at
    from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id
    where l.event_id = ${eventId} and l.market_key = ${marketKey} and l.result is null
      and t.status in (${sql.join(RESULT_STATUSES.map((status) => sql.lit(status)))})
    order by l.ticket_id
    for update of t`.execute(tx);
  return rows.rows;
}

export async function writeLegResults(tx: DbExecutor, seq: bigint, results: ReadonlyArray<{ ticketId: bigint; legIndex: number; result: LegFeedResult }>): Promise<void> {
  if (results.length === 0) return;
  await sql`
    update sportsbook_ticket_leg l set result = x.result, result_seq = ${seq}
    from unnest(${results.map((each) => each.ticketId.toString())}::bigint[], ${results.map((each) => each.legIndex)}::integer[], ${results.map((each) => JSON.stringify(each.result))}::jsonb[])
      as x (ticket_id, leg_index, result)
    where l.ticket_id = x.ticket_id and l.leg_index = x.leg_index and l.result is null`.execute(tx);
}

/**
 * A rollback of a market's settlement or cancellation: the legs it decided are pending again on
 * every ticket that takes results (settled ones included; cashed-out and refused tickets keep
 * theirs). Answers the tickets reopened: what they are booked at is planned again at the end of
 * the pass (resettled, reversed, or unchanged when the corrected result comes in the same pass).
 */
export async function undoLegResults(tx: DbExecutor, eventId: string, marketKey: string): Promise<bigint[]> {
  const decided = await sql<{ ticket_id: bigint; leg_index: number }>`
    select l.ticket_id, l.leg_index
    from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id
    where l.event_id = ${eventId} and l.market_key = ${marketKey} and l.result is not null
      and t.status in (${sql.join(RESULT_STATUSES.map((status) => sql.lit(status)))})
    order by l.ticket_id
    for update of t`.execute(tx);
  if (decided.rows.length === 0) return [];
  await sql`
    update sportsbook_ticket_leg l set result = null, result_seq = null
    from unnest(${decided.rows.map((row) => row.ticket_id.toString())}::bigint[], ${decided.rows.map((row) => row.leg_index)}::integer[]) as x (ticket_id, leg_index)
    where l.ticket_id = x.ticket_id and l.leg_index = x.leg_index`.execute(tx);
  return [...new Set(decided.rows.map((row) => row.ticket_id))];
}

/** Marks tickets the automatic settlement leaves alone (first reason kept). */
export async function flagForReview(tx: DbExecutor, ticketIds: readonly bigint[], reason: 'selection_not_settled'): Promise<void> {
  if (ticketIds.length === 0) return;
  await ticketTables(tx)
    .updateTable('sportsbook_ticket')
    .set({ needs_resettlement: true, review_reason: sql<string>`coalesce(review_reason, ${reason})`, updated_at: sql<Date>`now()` })
    .where('id', 'in', ticketIds)
    .execute();
}

export interface TicketToSettle {
  id: bigint;
  status: string;
  bet_type: string;
  system_sizes: number[] | null;
  system_preset: string | null;
  stake_mode: string;
  stake_cents: bigint;
  max_payout_cents: bigint;
  /** The settlement in force (an intent or paid), if any. */
  settle_status: string | null;
  return_cents: bigint | null;
  /** Its number (or the last one's, once reversed). */
  settle_n: number;
  /** What partial cash-outs left of the ticket (numerator / denominator as text; null: all of it). */
  remaining_share_num: string | null;
  remaining_share_den: string | null;
  legs: Array<{ locked_odds: bigint; outcome_id: string; market_key: string; event_id: string; result: LegFeedResult | null }>;
}

const TICKET_COLUMNS = sql`t.id, t.status, t.bet_type, t.system_sizes, t.system_preset, t.stake_mode, t.stake_cents, t.max_payout_cents, t.settle_status, t.return_cents, t.settle_n,
  t.remaining_share_num::text, t.remaining_share_den::text`;

async function withLegs(tx: DbExecutor, tickets: Array<Omit<TicketToSettle, 'legs'>>): Promise<TicketToSettle[]> {
  if (tickets.length === 0) return [];
  const legs = await sql<{ ticket_id: bigint } & TicketToSettle['legs'][number]>`
    select ticket_id, locked_odds, outcome_id, market_key, event_id, result from sportsbook_ticket_leg
    where ticket_id = any(${tickets.map((row) => row.id.toString())}::bigint[]) order by ticket_id, leg_index`.execute(tx);
  const byTicket = new Map<bigint, TicketToSettle['legs']>();
  for (const leg of legs.rows) {
    const list = byTicket.get(leg.ticket_id) ?? [];
    list.push(leg);
    byTicket.set(leg.ticket_id, list);
  }
  return tickets.map((row) => ({ ...row, legs: byTicket.get(row.id) ?? [] }));
}

/**
 * The tickets among `ticketIds` to plan (open, or settled for a correction; not flagged for an
 * operator), with their legs and what they are booked at. The caller's transaction already holds
 * their locks (taken when their legs were written or reopened), so they are not locked again.
 */
export async function ticketsToPlan(tx: DbExecutor, ticketIds: readonly bigint[]): Promise<TicketToSettle[]> {
  if (ticketIds.length === 0) return [];
  const tickets = await sql<Omit<TicketToSettle, 'legs'>>`
    select ${TICKET_COLUMNS} from sportsbook_ticket t
    where t.id = any(${ticketIds.map(String)}::bigint[])
      and t.status in ('open', ${sql.join(SETTLED_STATUSES.map((status) => sql.lit(status)))}) and not t.needs_resettlement
    order by t.id`.execute(tx);
  return withLegs(tx, tickets.rows);
}

/** The sweep: open tickets without a settlement in force whose legs are all decided. */
export async function openTicketsDecided(tx: DbExecutor, limit = 200): Promise<TicketToSettle[]> {
  const tickets = await sql<Omit<TicketToSettle, 'legs'>>`
    select ${TICKET_COLUMNS} from sportsbook_ticket t
    where t.status = 'open' and t.settle_status is null and not t.needs_resettlement
      and not exists (select 1 from sportsbook_ticket_leg l where l.ticket_id = t.id and l.result is null)
    order by t.id limit ${limit}
    for update of t`.execute(tx);
  return withLegs(tx, tickets.rows);
}

/** A new settlement n of a ticket: its row (the intent) and the ticket's settlement in force. */
export interface NewSettlement {
  ticketId: bigint;
  n: number;
  status: string;
  returnCents: bigint;
  transactionId: string;
  causedBySeq: bigint | null;
}
/** A settlement n to reverse: its reversal's transaction id and the log row that caused it. */
export interface NewReversal {
  ticketId: bigint;
  n: number;
  transactionId: string;
  causedBySeq: bigint | null;
}

/**
 * Stores the plans of a pass, set-based: the reversals first (the settlement in force marked to
 * be taken back, the ticket open again without one), then the new settlements (their rows and
 * the ticket's settlement in force). A ticket both reversed and settled again ends open with the
 * new intent; its win waits until the reversal is answered (dueWins).
 */
export async function storePlans(tx: DbExecutor, reversals: readonly NewReversal[], settlements: readonly NewSettlement[]): Promise<void> {
  if (reversals.length > 0) {
    await sql`
      update sportsbook_ticket_settlement s set reversal_transaction_id = x.transaction_id, reversed_by_seq = x.seq
      from unnest(${reversals.map((each) => each.ticketId.toString())}::bigint[], ${reversals.map((each) => each.n)}::integer[],
                  ${reversals.map((each) => each.transactionId)}::text[], ${reversals.map((each) => each.causedBySeq?.toString() ?? null)}::bigint[])
        as x (ticket_id, n, transaction_id, seq)
      where s.ticket_id = x.ticket_id and s.n = x.n and s.reversal_transaction_id is null`.execute(tx);
    await sql`
      update sportsbook_ticket set status = 'open', settle_status = null, return_cents = null, settle_transaction_id = null, settled_at = null, updated_at = now()
      where id = any(${reversals.map((each) => each.ticketId.toString())}::bigint[])`.execute(tx);
  }
  if (settlements.length > 0) {
    const columns = [
      sql`${settlements.map((each) => each.ticketId.toString())}::bigint[]`,
      sql`${settlements.map((each) => each.n)}::integer[]`,
      sql`${settlements.map((each) => each.status)}::text[]`,
      sql`${settlements.map((each) => each.returnCents.toString())}::bigint[]`,
      sql`${settlements.map((each) => each.transactionId)}::text[]`,
      sql`${settlements.map((each) => each.causedBySeq?.toString() ?? null)}::bigint[]`,
    ];
    await sql`
      insert into sportsbook_ticket_settlement (ticket_id, n, status, return_cents, win_transaction_id, caused_by_seq)
      select * from unnest(${sql.join(columns)})`.execute(tx);
    await sql`
      update sportsbook_ticket t set settle_status = x.status, return_cents = x.return_cents, settle_transaction_id = x.transaction_id, settle_n = x.n, updated_at = now()
      from unnest(${sql.join(columns)}) as x (ticket_id, n, status, return_cents, transaction_id, seq)
      where t.id = x.ticket_id`.execute(tx);
  }
}

/**
 * One ticket's next settlement as an intent (the operator's manual void uses it): an open ticket
 * without a settlement in force gets settlement n = settle_n + 1, its row and its win's id
 * sportsbook-<id>-settle-<n> (computed here, so a ticket settled before and reversed never reuses
 * an id; a `transactionId` given is that id for a ticket never settled). Answers false when the
 * ticket is not open or already has a settlement in force (nothing changed).
 */
export async function storeIntent(tx: DbExecutor, ticketId: bigint, intent: { status: string; returnCents: bigint; transactionId?: string; causedBySeq?: bigint | null }): Promise<boolean> {
  const stored = await sql<{ id: bigint }>`
    with ticket as (
      update sportsbook_ticket set settle_status = ${intent.status}, return_cents = ${intent.returnCents}, settle_n = settle_n + 1,
        settle_transaction_id = 'sportsbook-' || id || '-settle-' || (settle_n + 1), updated_at = now()
      where id = ${ticketId} and status = 'open' and settle_status is null
      returning id, settle_n, settle_transaction_id
    )
    insert into sportsbook_ticket_settlement (ticket_id, n, status, return_cents, win_transaction_id, caused_by_seq)
    select id, settle_n, ${intent.status}, ${intent.returnCents}, settle_transaction_id, ${intent.causedBySeq ?? null}::bigint from ticket
    returning ticket_id as id`.execute(tx);
  return stored.rows.length > 0;
}

/** Reversals stored and not yet answered, oldest ticket first. */
export async function dueReversals(db: DbExecutor, limit: number) {
  const rows = await sql<{ ticket_id: bigint; n: number; member_id: bigint; win_transaction_id: string; reversal_transaction_id: string }>`
    select s.ticket_id, s.n, t.member_id, s.win_transaction_id, s.reversal_transaction_id
    from sportsbook_ticket_settlement s join sportsbook_ticket t on t.id = s.ticket_id
    where s.reversal_transaction_id is not null and s.reversed_at is null
    order by s.ticket_id, s.n limit ${limit}`.execute(db);
  return rows.rows;
}

/** Reversals answered: their rows marked (once), in one statement. */
export async function markReversedMany(db: DbExecutor, reversed: ReadonlyArray<{ ticketId: bigint; n: number }>): Promise<void> {
  if (reversed.length === 0) return;
  await sql`
    update sportsbook_ticket_settlement s set reversed_at = now()
    from unnest(${reversed.map((each) => each.ticketId.toString())}::bigint[], ${reversed.map((each) => each.n)}::integer[]) as x (ticket_id, n)
    where s.ticket_id = x.ticket_id and s.n = x.n and s.reversed_at is null`.execute(db);
}

/** Settlement intents whose win is not yet confirmed and waits for no reversal, oldest first. */
export async function dueIntents(db: DbExecutor, limit: number) {
  const rows = await sql<{ id: bigint; member_id: bigint; settle_status: string; return_cents: bigint; settle_transaction_id: string }>`
    select t.id, t.member_id, t.settle_status, t.return_cents, t.settle_transaction_id
    from sportsbook_ticket t
    where t.status = 'open' and t.settle_status is not null
      and not exists (select 1 from sportsbook_ticket_settlement s where s.ticket_id = t.id and s.reversal_transaction_id is not null and s.reversed_at is null)
    order by t.id limit ${limit}`.execute(db);
  return rows.rows;
}

/**
 * Wins answered: each ticket takes its settled status and its settlement row is paid (once), in
 * one statement. Only the win of the settlement still in force settles a ticket: a late answer of
 * a win a correction has since reversed changes nothing. Answers how many were settled by it.
 */
export async function markSettledMany(db: DbExecutor, wins: ReadonlyArray<{ ticketId: bigint; transactionId: string }>): Promise<number> {
  if (wins.length === 0) return 0;
  const result = await sql<{ n: number }>`
    with settled as (
      update sportsbook_ticket t set status = settle_status, settled_at = now(), decided_at = now(), updated_at = now()
      from unnest(${wins.map((each) => each.ticketId.toString())}::bigint[], ${wins.map((each) => each.transactionId)}::text[]) as x (id, transaction_id)
      where t.id = x.id and t.status = 'open' and t.settle_transaction_id = x.transaction_id
      returning t.id, t.settle_n
    ), paid as (
      update sportsbook_ticket_settlement s set paid_at = now() from settled where s.ticket_id = settled.id and s.n = settled.settle_n and s.paid_at is null
    )
    select count(*)::int as n from settled`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** A ticket's settlements, first to last (its history: each credit and what reversed it). */
export async function settlementsOf(db: DbExecutor, ticketId: bigint) {
  const rows = await sql<{
    n: number;
    status: string;
    return_cents: bigint;
    win_transaction_id: string;
    paid_at: Date | null;
    caused_by_seq: bigint | null;
    reversal_transaction_id: string | null;
    reversed_by_seq: bigint | null;
    reversed_at: Date | null;
    created_at: Date;
  }>`
    select n, status, return_cents, win_transaction_id, paid_at, caused_by_seq, reversal_transaction_id, reversed_by_seq, reversed_at, created_at
    from sportsbook_ticket_settlement where ticket_id = ${ticketId} order by n`.execute(db);
  return rows.rows;
}
