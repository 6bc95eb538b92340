import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { LegFeedResult } from './ticket.tables.ts';

/** Cash-out's reads and writes (migration 0080): the ticket as it stands, its legs' markets now, the cash-out rows. */

export interface CashOutSettings {
  enabled: boolean;
  marginBasisPoints: bigint;
  /** The smallest partial amount, and the least a partial cash-out leaves in the ticket. */
  minStakeCents: bigint;
}

export async function settings(db: DbExecutor): Promise<CashOutSettings> {
  const row = (await sql<{ cashout_enabled: boolean; cashout_margin_bp: number; min_stake_cents: bigint }>`
    select cashout_enabled, cashout_margin_bp, min_stake_cents from sportsbook_ticket_setting where id = 1`.execute(db)).rows[0];
  if (!row) throw new Error('sportsbook_ticket_setting has no row');
  return { enabled: row.cashout_enabled, marginBasisPoints: BigInt(row.cashout_margin_bp), minStakeCents: BigInt(row.min_stake_cents) };
}

export interface CashOutTicketRow {
  id: bigint;
  member_id: bigint;
  status: string;
  settle_status: string | null;
  needs_resettlement: boolean;
  bet_type: string;
  system_sizes: number[] | null;
  system_preset: string | null;
  stake_mode: string;
  stake_cents: bigint;
  max_payout_cents: bigint;
  remaining_share_num: string | null;
  remaining_share_den: string | null;
  cashed_out_cents: bigint;
}

/** The member's ticket (locked with `lock`: cash-out and settlement of one ticket never overlap). */
export async function ticketOf(db: DbExecutor, memberId: bigint, ticketId: bigint, lock: boolean): Promise<CashOutTicketRow | undefined> {
  const rows = await sql<CashOutTicketRow>`
    select id, member_id, status, settle_status, needs_resettlement, bet_type, system_sizes, system_preset, stake_mode, stake_cents,
           max_payout_cents, remaining_share_num::text, remaining_share_den::text, cashed_out_cents
    from sportsbook_ticket where id = ${ticketId} and member_id = ${memberId}
    ${lock ? sql`for update` : sql``}`.execute(db);
  return rows.rows[0];
}

export interface LegNow {
  leg_index: number;
  event_id: string;
  market_key: string;
  outcome_id: string;
  locked_odds: bigint;
  result: LegFeedResult | null;
  market_status: string;
  event_status: string;
  odds: bigint | null;
  outcome_active: boolean | null;
}

/** The ticket's legs with their market, event and outcome as the book has them now. */
export async function legsNow(db: DbExecutor, ticketIds: readonly bigint[]): Promise<Map<bigint, LegNow[]>> {
  const out = new Map<bigint, LegNow[]>();
  if (ticketIds.length === 0) return out;
  const rows = await sql<LegNow & { ticket_id: bigint }>`
    select l.ticket_id, l.leg_index, l.event_id, l.market_key, l.outcome_id, l.locked_odds, l.result,
           m.status as market_status, e.status as event_status, o.odds, o.active as outcome_active
    from sportsbook_ticket_leg l
    join sportsbook_market m on m.event_id = l.event_id and m.market_key = l.market_key
    join sportsbook_event e on e.id = l.event_id
    left join sportsbook_outcome o on o.event_id = l.event_id and o.market_key = l.market_key and o.outcome_id = l.outcome_id
    where l.ticket_id = any(${ticketIds.map(String)}::bigint[])
    order by l.ticket_id, l.leg_index`.execute(db);
  for (const row of rows.rows) {
    const id = BigInt(row.ticket_id);
    out.set(id, [...(out.get(id) ?? []), row]);
  }
  return out;
}

export interface CashOutRow {
  ticket_id: bigint;
  seq: number;
  member_id: bigint;
  request_id: string;
  kind: 'full' | 'partial';
  accepted_price_cents: bigint;
  amount_cents: bigint;
  transaction_id: string;
  status: 'intent' | 'paid';
}

const CASH_OUT_COLUMNS = sql`ticket_id, seq, member_id, request_id, kind, accepted_price_cents, amount_cents, transaction_id, status`;

export async function cashOutByRequest(db: DbExecutor, memberId: bigint, requestId: string): Promise<CashOutRow | undefined> {
  return (await sql<CashOutRow>`select ${CASH_OUT_COLUMNS} from sportsbook_ticket_cashout where member_id = ${memberId} and request_id = ${requestId}`.execute(db)).rows[0];
}

/** Stores the cash-out's intent (its seq the ticket's next); the ticket row is locked by the caller. */
export async function insertCashOut(tx: DbExecutor, row: Omit<CashOutRow, 'seq' | 'transaction_id' | 'status'>, transactionIdOf: (seq: number) => string): Promise<CashOutRow> {
  const next = (await sql<{ seq: number }>`select coalesce(max(seq), 0) + 1 as seq from sportsbook_ticket_cashout where ticket_id = ${row.ticket_id}`.execute(tx)).rows[0]!.seq;
  const inserted = await sql<CashOutRow>`
    insert into sportsbook_ticket_cashout (ticket_id, seq, member_id, request_id, kind, accepted_price_cents, amount_cents, transaction_id)
    values (${row.ticket_id}, ${next}, ${row.member_id}, ${row.request_id}, ${row.kind}, ${row.accepted_price_cents}, ${row.amount_cents}, ${transactionIdOf(next)})
    returning ${CASH_OUT_COLUMNS}`.execute(tx);
  return inserted.rows[0]!;
}

/** A full cash-out ends the ticket: settlement reads only open tickets, so it never pays this one. */
export async function closeTicket(tx: DbExecutor, ticketId: bigint, amountCents: bigint): Promise<void> {
  await sql`update sportsbook_ticket set status = 'cashed_out', cashed_out_cents = cashed_out_cents + ${amountCents}, decided_at = now(), updated_at = now()
            where id = ${ticketId} and status = 'open' and settle_status is null`.execute(tx);
}

/** A partial cash-out: the ticket stays open, smaller (its share and potential return). */
export async function shrinkTicket(tx: DbExecutor, ticketId: bigint, share: { numerator: bigint; denominator: bigint }, potentialReturnCents: bigint, amountCents: bigint): Promise<void> {
  await sql`update sportsbook_ticket set remaining_share_num = ${share.numerator.toString()}::numeric, remaining_share_den = ${share.denominator.toString()}::numeric,
              potential_return_cents = ${potentialReturnCents}, cashed_out_cents = cashed_out_cents + ${amountCents}, updated_at = now()
            where id = ${ticketId} and status = 'open' and settle_status is null`.execute(tx);
}

export async function markPaid(db: DbExecutor, ticketId: bigint, seq: number): Promise<void> {
  await sql`update sportsbook_ticket_cashout set status = 'paid', paid_at = now() where ticket_id = ${ticketId} and seq = ${seq} and status = 'intent'`.execute(db);
}

/** Cash-outs whose win is not confirmed, stored before `before` (the request itself pays the fresh ones). */
export async function dueCashOuts(db: DbExecutor, before: Date, limit: number): Promise<CashOutRow[]> {
  return (await sql<CashOutRow>`select ${CASH_OUT_COLUMNS} from sportsbook_ticket_cashout where status = 'intent' and created_at < ${before} order by created_at limit ${limit}`.execute(db)).rows;
}

/** Open tickets with a pending leg on one of the markets, with their owner. */
export async function openTicketsOn(db: DbExecutor, markets: ReadonlyArray<{ eventId: string; marketKey: string }>): Promise<Array<{ id: bigint; member_id: bigint }>> {
  if (markets.length === 0) return [];
  const rows = await sql<{ id: bigint; member_id: bigint }>`
    select distinct t.id, t.member_id
    from unnest(${markets.map((market) => market.eventId)}::text[], ${markets.map((market) => market.marketKey)}::text[]) as x (event_id, market_key)
    join sportsbook_ticket_leg l on l.event_id = x.event_id and l.market_key = x.market_key and l.result is null
    join sportsbook_ticket t on t.id = l.ticket_id
    where t.status = 'open' and t.settle_status is null and not t.needs_resettlement`.execute(db);
  return rows.rows.map((row) => ({ id: BigInt(row.id), member_id: BigInt(row.member_id) }));
}
