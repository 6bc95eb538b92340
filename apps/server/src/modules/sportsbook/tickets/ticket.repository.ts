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

export async function readSettings(db: DbExecutor): Promise<TicketSettings> {
  return ticketTables(db)
    .selectFrom('sportsbook_ticket_setting')
    .select(['min_stake_cents', 'max_stake_cents', 'max_payout_cents', 'market_liability_cents', 'event_liability_cents', 'live_delay_ms'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
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
 * Locks the legs' markets in a fixed order (event id, market key) — every placement takes them in
 * the same order, so two tickets never deadlock and a feed write waits for the acceptance (or the
 * acceptance for it): a ticket sees a market either before a bet stop or after it, never half.
 * Before the markets, an advisory lock per event (sorted) serializes the event liability check.
 */
export async function lockLegMarkets(tx: DbExecutor, legs: ReadonlyArray<{ eventId: string; marketKey: string; outcomeId: string }>): Promise<Map<string, MarketNow>> {
  const events = [...new Set(legs.map((leg) => leg.eventId))].sort();
  for (const eventId of events) await sql`select pg_advisory_xact_lock(hashtextextended(${`sportsbook-event:${eventId}`}, 0))`.execute(tx);
  const eventIds = legs.map((leg) => leg.eventId);
  const marketKeys = legs.map((leg) => leg.marketKey);
  const outcomeIds = legs.map((leg) => leg.outcomeId);
  const rows = await sql<MarketNow>`
    with wanted as (select * from unnest(${eventIds}::text[], ${marketKeys}::text[], ${outcomeIds}::text[]) as w (event_id, market_key, outcome_id)),
    locked as (
      select m.event_id, m.market_key, m.status, m.odds_version from sportsbook_market m
      where (m.event_id, m.market_key) in (select event_id, market_key from wanted)
      order by m.event_id, m.market_key
      for update of m
    )
    select l.event_id, l.market_key, l.status as market_status, l.odds_version, e.status as event_status,
      o.outcome_id, o.odds, o.active as outcome_active
    from wanted w
    join locked l on l.event_id = w.event_id and l.market_key = w.market_key
    join sportsbook_event e on e.id = l.event_id
    left join sportsbook_outcome o on o.event_id = w.event_id and o.market_key = w.market_key and o.outcome_id = w.outcome_id`.execute(tx);
  return new Map(rows.rows.map((row) => [`${row.event_id}\u0000${row.market_key}`, row]));
}

const LIVE_STATUSES = ['pending_delay', 'pending_debit', 'open'] as const;

/** The potential returns of undecided tickets per market and per event among the given ones. */
export async function liabilities(tx: DbExecutor, legs: ReadonlyArray<{ eventId: string; marketKey: string }>): Promise<{ markets: Map<string, bigint>; events: Map<string, bigint> }> {
  const eventIds = legs.map((leg) => leg.eventId);
  const marketKeys = legs.map((leg) => leg.marketKey);
  const markets = await sql<{ event_id: string; market_key: string; total: string }>`
    select l.event_id, l.market_key, sum(t.potential_return_cents)::text as total
    from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id
    where (l.event_id, l.market_key) in (select * from unnest(${eventIds}::text[], ${marketKeys}::text[]))
      and t.status in (${sql.join(LIVE_STATUSES.map((status) => sql.lit(status)))})
    group by 1, 2`.execute(tx);
  const events = await sql<{ event_id: string; total: string }>`
    select x.event_id, sum(t.potential_return_cents)::text as total
    from (select distinct ticket_id, event_id from sportsbook_ticket_leg where event_id = any(${[...new Set(eventIds)]}::text[])) x
    join sportsbook_ticket t on t.id = x.ticket_id
    where t.status in (${sql.join(LIVE_STATUSES.map((status) => sql.lit(status)))})
    group by 1`.execute(tx);
  return {
    markets: new Map(markets.rows.map((row) => [`${row.event_id}\u0000${row.market_key}`, BigInt(row.total)])),
    events: new Map(events.rows.map((row) => [row.event_id, BigInt(row.total)])),
  };
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

/** Inserts the ticket and its legs; undefined when the member already used this request id. */
export async function insertTicket(tx: DbExecutor, ticket: NewTicket): Promise<bigint | undefined> {
  const row = await ticketTables(tx)
    .insertInto('sportsbook_ticket')
    .values({
      member_id: ticket.memberId,
      request_id: ticket.requestId,
      bet_type: ticket.betType,
      system_sizes: ticket.systemSizes,
      system_preset: ticket.systemPreset,
      stake_mode: ticket.stakeMode,
      stake_cents: ticket.stakeCents,
      total_stake_cents: ticket.totalStakeCents,
      bet_count: ticket.betCount,
      odds_policy: ticket.oddsPolicy,
      max_payout_cents: ticket.maxPayoutCents,
      potential_return_cents: ticket.potentialReturnCents,
      is_live: ticket.isLive,
      status: ticket.status,
      accepted_at: ticket.status === 'pending_debit' ? sql<Date>`now()` : null,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  await ticketTables(tx)
    .insertInto('sportsbook_ticket_leg')
    .values(
      ticket.legs.map((leg, index) => ({
        ticket_id: row.id,
        leg_index: index,
        event_id: leg.eventId,
        market_key: leg.marketKey,
        outcome_id: leg.outcomeId,
        slip_odds: leg.slipOdds,
        locked_odds: leg.lockedOdds,
        odds_version: leg.oddsVersion,
      })),
    )
    .execute();
  return row.id;
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

export async function updateLegVersions(tx: DbExecutor, ticketId: bigint, versions: ReadonlyArray<{ legIndex: number; oddsVersion: bigint }>): Promise<void> {
  for (const version of versions) {
    await ticketTables(tx).updateTable('sportsbook_ticket_leg').set({ odds_version: version.oddsVersion }).where('ticket_id', '=', ticketId).where('leg_index', '=', version.legIndex).execute();
  }
}

/** Tickets stuck before their debit was confirmed (the process stopped mid-placement). */
export async function stalePending(db: DbExecutor, olderThan: Date, limit: number) {
  return ticketTables(db).selectFrom('sportsbook_ticket').select(['id', 'member_id', 'status']).where('status', 'in', ['pending_delay', 'pending_debit']).where('created_at', '<', olderThan).orderBy('id').limit(limit).execute();
}
