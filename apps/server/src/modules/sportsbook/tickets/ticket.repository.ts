import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import { ticketTables } from './ticket.tables.ts';

export interface TicketSettings {
  min_stake_cents: bigint;
  max_stake_cents: bigint;
  max_payout_cents: bigint;
  market_liability_cents: bigint;
  event_liability_cents: bigint;
  live_delay_ms: number;
}

export interface MarketNow {
  event_id: string;
  market_key: string;
  market_status: string;
  odds_version: bigint;
  event_status: string;
  outcome_id: string | null;
  odds: bigint | null;
  outcome_active: boolean | null;
}

/**
 * The legs' markets after the live delay, locked as at placement (lockForPlacement) and then read
 * in a second statement, whose snapshot sees every feed write committed before the locks: a
 * ticket sees a market either before a bet stop or odds change or after it, never half.
 */
export async function lockLegMarkets(tx: DbExecutor, legs: ReadonlyArray<{ eventId: string; marketKey: string; outcomeId: string }>): Promise<Map<string, MarketNow>> {
  await lockForPlacement(tx, [...new Set(legs.map((leg) => leg.eventId))].sort(), legs);
  const rows = await sql<MarketNow>`
    select m.event_id, m.market_key, m.status as market_status, m.odds_version, e.status as event_status, o.outcome_id, o.odds, o.active as outcome_active
    from unnest(${legs.map((leg) => leg.eventId)}::text[], ${legs.map((leg) => leg.marketKey)}::text[], ${legs.map((leg) => leg.outcomeId)}::text[]) as w (event_id, market_key, outcome_id)
    join sportsbook_market m on m.event_id = w.event_id and m.market_key = w.market_key
    join sportsbook_event e on e.id = m.event_id
    left join sportsbook_outcome o on o.event_id = w.event_id and o.market_key = w.market_key and o.outcome_id = w.outcome_id`.execute(tx);
  return new Map(rows.rows.map((row) => [`${row.event_id}\u0000${row.market_key}`, row]));
}

/**
 * A placement's locks in one statement: first an advisory lock per event (`events` sorted: the
 * event liability check is serialized per event), then the legs' markets FOR UPDATE in (event id,
 * market key) order — every placement takes them in the same order, so two tickets never deadlock
 * and a feed write waits for the acceptance (or the acceptance for it). The uncorrelated subquery
 * on `advisory` is a one-time filter PostgreSQL evaluates before it reads any market row.
 * Nothing read here decides anything: this statement's snapshot predates the waits.
 * The transaction also commits without waiting for its WAL flush (synchronous_commit off, this
 * transaction only): the stake's debit that follows commits durably, and its flush covers this
 * earlier commit, so a ticket is on disk before any money moves for it; a crash before the debit
 * loses a ticket that took nothing (the member's request failed and can be sent again).
 */
export async function lockForPlacement(tx: DbExecutor, events: readonly string[], legs: ReadonlyArray<{ eventId: string; marketKey: string }>): Promise<void> {
  const keys = events.map((eventId) => `sportsbook-event:${eventId}`);
  await sql`
    with advisory as materialized (select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${keys}::text[]) with ordinality as a (k, n) order by n)
    select m.event_id from sportsbook_market m
    where (m.event_id, m.market_key) in (select * from unnest(${legs.map((leg) => leg.eventId)}::text[], ${legs.map((leg) => leg.marketKey)}::text[]))
      and (select count(*) from advisory) >= 0
      and (select set_config('synchronous_commit', 'off', true)) is not null
    order by m.event_id, m.market_key
    for update of m`.execute(tx);
}

export interface NewTicket {
  memberId: bigint;
  requestId: string;
  betType: string;
  systemSizes: number[] | null;
  systemPreset: string | null;
  stakeMode: 'unit' | 'total';
  stakeCents: bigint;
  totalStakeCents: bigint;
  betCount: number;
  oddsPolicy: 'none' | 'any' | 'higher';
  maxPayoutCents: bigint;
  potentialReturnCents: bigint;
  isLive: boolean;
  status: 'pending_delay' | 'pending_debit';
  legs: ReadonlyArray<{ eventId: string; marketKey: string; outcomeId: string; slipOdds: bigint; lockedOdds: bigint; oddsVersion: bigint }>;
}

export const TICKET_COLUMNS = [
  'id',
  'member_id',
  'request_id',
  'bet_type',
  'system_sizes',
  'system_preset',
  'stake_mode',
  'stake_cents',
  'total_stake_cents',
  'bet_count',
  'odds_policy',
  'max_payout_cents',
  'potential_return_cents',
  'is_live',
  'status',
  'refusal_code',
  'created_at',
  'accepted_at',
  'return_cents',
  'settled_at',
  'needs_resettlement',
  'cashed_out_cents',
  'remaining_share_num',
  'remaining_share_den',
] as const;

export async function findTicket(db: DbExecutor, where: { id: bigint } | { memberId: bigint; requestId: string }) {
  let query = ticketTables(db).selectFrom('sportsbook_ticket').select(TICKET_COLUMNS);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('member_id', '=', where.memberId).where('request_id', '=', where.requestId);
  return query.executeTakeFirst();
}
export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

export async function listTickets(db: DbExecutor, memberId: bigint, statuses: readonly string[], limit: number) {
  return ticketTables(db).selectFrom('sportsbook_ticket').select(TICKET_COLUMNS).where('member_id', '=', memberId).where('status', 'in', statuses).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function legsOf(db: DbExecutor, ticketIds: readonly bigint[]) {
  if (ticketIds.length === 0) return [];
  return ticketTables(db)
    .selectFrom('sportsbook_ticket_leg')
    .select(['ticket_id', 'leg_index', 'event_id', 'market_key', 'outcome_id', 'slip_odds', 'locked_odds', 'odds_version'])
    .where('ticket_id', 'in', ticketIds)
    .orderBy('ticket_id')
    .orderBy('leg_index')
    .execute();
}

/** Moves a ticket on from a status it is known to be in; false when it had moved already. */
export async function moveTicket(
  db: DbExecutor,
  id: bigint,
  from: string,
  to: { status: string; refusal_code?: string | null; bet_transaction_id?: string; provider_bet_id?: bigint | null; accepted?: boolean },
): Promise<boolean> {
  const result = await ticketTables(db)
    .updateTable('sportsbook_ticket')
    .set({
      status: to.status,
      updated_at: sql<Date>`now()`,
      ...(to.refusal_code !== undefined ? { refusal_code: to.refusal_code, decided_at: sql<Date>`now()` } : {}),
      ...(to.bet_transaction_id !== undefined ? { bet_transaction_id: to.bet_transaction_id } : {}),
      ...(to.provider_bet_id !== undefined ? { provider_bet_id: to.provider_bet_id } : {}),
      ...(to.accepted ? { accepted_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The debit confirmed: pending_debit → open, answering the ticket as stored (undefined when it had moved already). */
export async function openTicket(db: DbExecutor, id: bigint, debit: { bet_transaction_id: string; provider_bet_id: bigint | null }): Promise<TicketRow | undefined> {
  return ticketTables(db)
    .updateTable('sportsbook_ticket')
    .set({ status: 'open', updated_at: sql<Date>`now()`, ...debit })
    .where('id', '=', id)
    .where('status', '=', 'pending_debit')
    .returning(TICKET_COLUMNS)
    .executeTakeFirst();
}

export async function updateLegVersions(tx: DbExecutor, ticketId: bigint, versions: ReadonlyArray<{ legIndex: number; oddsVersion: bigint }>): Promise<void> {
  for (const version of versions) {
    await ticketTables(tx).updateTable('sportsbook_ticket_leg').set({ odds_version: version.oddsVersion }).where('ticket_id', '=', ticketId).where('leg_index', '=', version.legIndex).execute();
  }
}

/** Tickets stuck before their debit was confirmed (the process stopped mid-placement). */
export async function stalePending(db: DbExecutor, olderThan: Date, limit: number) {
  return ticketTables(db).selectFrom('sportsbook_ticket').select(['id', 'member_id', 'status']).where('status', 'in', ['pending_delay', 'pending_debit']).where('created_at', '<', olderThan).orderBy('id').limit(limit).execute();
}
