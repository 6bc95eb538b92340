import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';

export interface TicketRow {
  id: bigint;
  member_id: bigint;
  created_at: Date;
  status: string;
  bet_type: string;
  legs: number;
  total_stake_cents: bigint;
  potential_return_cents: bigint;
  return_cents: bigint | null;
  settle_status: string | null;
  needs_resettlement: boolean;
  review_reason: string | null;
}

const TICKET_COLUMNS = sql`t.id, t.member_id, t.created_at, t.status, t.bet_type, (select count(*)::int from sportsbook_ticket_leg l where l.ticket_id = t.id) as legs,
  t.total_stake_cents, t.potential_return_cents, t.return_cents, t.settle_status, t.needs_resettlement, t.review_reason`;

export interface TicketFilter {
  memberIds?: readonly bigint[] | undefined;
  status?: string | undefined;
  eventId?: string | undefined;
  /** Inclusive, UTC instants. */
  from?: Date | undefined;
  to?: Date | undefined;
  minStakeCents?: bigint | undefined;
  flagged?: boolean | undefined;
}

/** Tickets newest first (by id: the order they were taken in). */
export async function searchTickets(db: DbExecutor, filter: TicketFilter, page: { limit: number; offset: number }) {
  const members = filter.memberIds?.map(String) ?? null;
  const where = sql`(${members}::bigint[] is null or t.member_id = any(${members}::bigint[]))
    and (${filter.status ?? null}::text is null or t.status = ${filter.status ?? null})
    and (${filter.eventId ?? null}::text is null or exists (select 1 from sportsbook_ticket_leg l where l.ticket_id = t.id and l.event_id = ${filter.eventId ?? null}))
    and (${filter.from ?? null}::timestamptz is null or t.created_at >= ${filter.from ?? null})
    and (${filter.to ?? null}::timestamptz is null or t.created_at < ${filter.to ?? null})
    and (${filter.minStakeCents?.toString() ?? null}::bigint is null or t.total_stake_cents >= ${filter.minStakeCents?.toString() ?? null}::bigint)
    and (${filter.flagged ?? null}::boolean is null or t.needs_resettlement = ${filter.flagged ?? null})`;
  const rows = await sql<TicketRow>`select ${TICKET_COLUMNS} from sportsbook_ticket t where ${where} order by t.id desc limit ${page.limit} offset ${page.offset}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from sportsbook_ticket t where ${where}`.execute(db);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export interface TicketDetailRow extends TicketRow {
  stake_mode: string;
  odds_policy: string;
  is_live: boolean;
  refusal_code: string | null;
  settled_at: Date | null;
}

export async function findTicket(db: DbExecutor, id: bigint): Promise<TicketDetailRow | undefined> {
  return (await sql<TicketDetailRow>`select ${TICKET_COLUMNS}, t.stake_mode, t.odds_policy, t.is_live, t.refusal_code, t.settled_at from sportsbook_ticket t where t.id = ${id}`.execute(db)).rows[0];
}

export interface LegRow {
  leg_index: number;
  event_id: string;
  home: string | null;
  away: string | null;
  competitors: string[];
  market_key: string;
  outcome_id: string;
  slip_odds: bigint;
  locked_odds: bigint;
  result: Record<string, unknown> | null;
}

export async function legsOf(db: DbExecutor, ticketId: bigint): Promise<LegRow[]> {
  return (
    await sql<LegRow>`select l.leg_index, l.event_id, e.home, e.away, e.competitors, l.market_key, l.outcome_id, l.slip_odds, l.locked_odds, l.result
      from sportsbook_ticket_leg l join sportsbook_event e on e.id = l.event_id where l.ticket_id = ${ticketId} order by l.leg_index`.execute(db)
  ).rows;
}

export interface AlertRow extends TicketRow {
  acknowledged_by: string | null;
  acknowledged_at: Date | null;
}

/** Tickets at or above either threshold, newest first; `acknowledged` filters on the operator's acknowledgement. */
export async function bigBets(db: DbExecutor, query: { stakeCents: bigint; returnCents: bigint; acknowledged?: boolean | undefined; limit: number; offset: number }) {
  const where = sql`t.status <> 'refused' and (t.total_stake_cents >= ${query.stakeCents} or t.potential_return_cents >= ${query.returnCents})
    and (${query.acknowledged ?? null}::boolean is null or (a.ticket_id is not null) = ${query.acknowledged ?? null})`;
  const rows = await sql<AlertRow>`select ${TICKET_COLUMNS}, a.operator_name as acknowledged_by, a.acknowledged_at
    from sportsbook_ticket t left join sportsbook_big_bet_ack a on a.ticket_id = t.id where ${where} order by t.id desc limit ${query.limit} offset ${query.offset}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from sportsbook_ticket t left join sportsbook_big_bet_ack a on a.ticket_id = t.id where ${where}`.execute(db);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/** Records the acknowledgement once; false when it was acknowledged before. */
export async function acknowledge(db: DbExecutor, ticketId: bigint, operator: { id: bigint; username: string }): Promise<boolean> {
  const result = await sql`insert into sportsbook_big_bet_ack (ticket_id, operator_id, operator_name) values (${ticketId}, ${operator.id}, ${operator.username}) on conflict do nothing`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** The ticket row locked for a void decision. */
export async function lockTicket(db: DbExecutor, id: bigint) {
  return (
    await sql<{ id: bigint; member_id: bigint; status: string; settle_status: string | null; total_stake_cents: bigint }>`
      select id, member_id, status, settle_status, total_stake_cents from sportsbook_ticket where id = ${id} for update`.execute(db)
  ).rows[0];
}
