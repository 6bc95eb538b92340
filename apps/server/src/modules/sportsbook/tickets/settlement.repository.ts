import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { LegFeedResult } from './ticket.tables.ts';
import { ticketTables } from './ticket.tables.ts';

/** Tickets whose legs still take results: placed (or being placed) and without a settlement intent. */
const TAKING_RESULTS = ['pending_delay', 'pending_debit', 'open'] as const;

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

/** The undecided legs on a market of tickets still taking results, their tickets locked (id order). */
export async function pendingLegsOn(tx: DbExecutor, eventId: string, marketKey: string): Promise<PendingLeg[]> {
  const rows = await sql<PendingLeg>`
    select l.ticket_id, l.leg_index, l.outcome_id, coalesce(t.accepted_at, t.created_at) as placed_at
    from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id
    where l.event_id = ${eventId} and l.market_key = ${marketKey} and l.result is null
      and t.status in (${sql.join(TAKING_RESULTS.map((status) => sql.lit(status)))}) and t.settle_status is null
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
 * A rollback of a market's settlement or cancellation: the legs it decided on tickets still taking
 * results are pending again (answers their tickets); tickets with a settlement intent or settled
 * are flagged for resettlement and keep their results and money (answers them too).
 */
export async function undoLegResults(tx: DbExecutor, eventId: string, marketKey: string, reason: 'rollback_settlement' | 'rollback_cancel'): Promise<{ reopened: bigint[]; flagged: bigint[] }> {
  const decided = await sql<{ ticket_id: bigint; leg_index: number; status: string; settle_status: string | null }>`
    select l.ticket_id, l.leg_index, t.status, t.settle_status
    from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id
    where l.event_id = ${eventId} and l.market_key = ${marketKey} and l.result is not null
    order by l.ticket_id
    for update of t`.execute(tx);
  const reopen = decided.rows.filter((row) => (TAKING_RESULTS as readonly string[]).includes(row.status) && row.settle_status === null);
  const flag = decided.rows.filter((row) => !reopen.includes(row) && row.status !== 'refused');
  if (reopen.length > 0) {
    await sql`
      update sportsbook_ticket_leg l set result = null, result_seq = null
      from unnest(${reopen.map((row) => row.ticket_id.toString())}::bigint[], ${reopen.map((row) => row.leg_index)}::integer[]) as x (ticket_id, leg_index)
      where l.ticket_id = x.ticket_id and l.leg_index = x.leg_index`.execute(tx);
  }
  const flagged = [...new Set(flag.map((row) => row.ticket_id))];
  await flagForReview(tx, flagged, reason);
  return { reopened: [...new Set(reopen.map((row) => row.ticket_id))], flagged };
}

/** Marks tickets the automatic settlement leaves alone (first reason kept). */
export async function flagForReview(tx: DbExecutor, ticketIds: readonly bigint[], reason: 'rollback_settlement' | 'rollback_cancel' | 'selection_not_settled'): Promise<void> {
  if (ticketIds.length === 0) return;
  await ticketTables(tx)
    .updateTable('sportsbook_ticket')
    .set({ needs_resettlement: true, review_reason: sql<string>`coalesce(review_reason, ${reason})`, updated_at: sql<Date>`now()` })
    .where('id', 'in', ticketIds)
    .execute();
}

export interface TicketToSettle {
  id: bigint;
  bet_type: string;
  system_sizes: number[] | null;
  system_preset: string | null;
  stake_mode: string;
  stake_cents: bigint;
  max_payout_cents: bigint;
  legs: Array<{ locked_odds: bigint; outcome_id: string; market_key: string; event_id: string; result: LegFeedResult | null }>;
}

/** Open tickets without an intent among the given ones (or, with none given, any whose legs are all decided). */
export async function openTicketsToSettle(tx: DbExecutor, ticketIds: readonly bigint[] | undefined, limit = 200): Promise<TicketToSettle[]> {
  const tickets = await sql<Omit<TicketToSettle, 'legs'>>`
    select t.id, t.bet_type, t.system_sizes, t.system_preset, t.stake_mode, t.stake_cents, t.max_payout_cents
    from sportsbook_ticket t
    where t.status = 'open' and t.settle_status is null and not t.needs_resettlement
      and ${ticketIds === undefined ? sql`not exists (select 1 from sportsbook_ticket_leg l where l.ticket_id = t.id and l.result is null)` : sql`t.id = any(${ticketIds.map(String)}::bigint[])`}
    order by t.id limit ${limit}
    for update of t`.execute(tx);
  if (tickets.rows.length === 0) return [];
  const legs = await ticketTables(tx)
    .selectFrom('sportsbook_ticket_leg')
    .select(['ticket_id', 'leg_index', 'locked_odds', 'outcome_id', 'market_key', 'event_id', 'result'])
    .where('ticket_id', 'in', tickets.rows.map((row) => row.id))
    .orderBy('ticket_id')
    .orderBy('leg_index')
    .execute();
  return tickets.rows.map((row) => ({ ...row, legs: legs.filter((leg) => leg.ticket_id === row.id) }));
}

export async function storeIntent(tx: DbExecutor, ticketId: bigint, intent: { status: string; returnCents: bigint; transactionId: string }): Promise<boolean> {
  const result = await ticketTables(tx)
    .updateTable('sportsbook_ticket')
    .set({ settle_status: intent.status, return_cents: intent.returnCents, settle_transaction_id: intent.transactionId, updated_at: sql<Date>`now()` })
    .where('id', '=', ticketId)
    .where('status', '=', 'open')
    .where('settle_status', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Settlement intents whose win is not yet confirmed, oldest first. */
export async function dueIntents(db: DbExecutor, limit: number) {
  return ticketTables(db)
    .selectFrom('sportsbook_ticket')
    .select(['id', 'member_id', 'settle_status', 'return_cents', 'settle_transaction_id'])
    .where('status', '=', 'open')
    .where('settle_status', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The win answered: the ticket takes its settled status (once). */
export async function markSettled(db: DbExecutor, ticketId: bigint): Promise<boolean> {
  const result = await ticketTables(db)
    .updateTable('sportsbook_ticket')
    .set({ status: sql<string>`settle_status`, settled_at: sql<Date>`now()`, decided_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', ticketId)
    .where('status', '=', 'open')
    .where('settle_status', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
