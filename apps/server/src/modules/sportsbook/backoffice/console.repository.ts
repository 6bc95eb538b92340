import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { EventStatus, MarketStatus } from '../feed/messages.ts';

/**
 * The console's reads of the book and its tickets (SQL on the module's own tables). Tickets still
 * "open" for liability are those placed or being placed and not yet decided (no settlement intent).
 */
export const OPEN_TICKET = sql`t.status in ('pending_delay', 'pending_debit', 'open') and t.settle_status is null`;

export interface EventRow {
  id: string;
  producer: string;
  sport_id: string;
  sport_pt: string;
  sport_en: string;
  sport_kind: string;
  tournament_id: string;
  tournament_pt: string;
  tournament_en: string;
  category_id: string;
  category_pt: string;
  category_en: string;
  category_country: string | null;
  home: string | null;
  away: string | null;
  competitors: string[];
  start_at: Date;
  status: EventStatus;
  home_score: number | null;
  away_score: number | null;
  period: string | null;
  clock_seconds: number | null;
  markets: number;
  open_tickets: number;
}

const EVENT_COLUMNS = sql`
  e.id, e.producer, e.sport_id, s.name_pt as sport_pt, s.name_en as sport_en, s.kind as sport_kind,
  e.tournament_id, tr.name_pt as tournament_pt, tr.name_en as tournament_en,
  c.id as category_id, c.name_pt as category_pt, c.name_en as category_en, c.country_code as category_country,
  e.home, e.away, e.competitors, e.start_at, e.status, e.home_score, e.away_score, e.period, e.clock_seconds,
  (select count(*)::int from sportsbook_market m where m.event_id = e.id) as markets,
  (select count(distinct l.ticket_id)::int from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id where l.event_id = e.id and ${OPEN_TICKET}) as open_tickets`;
const EVENT_FROM = sql`sportsbook_event e join sportsbook_sport s on s.id = e.sport_id join sportsbook_tournament tr on tr.id = e.tournament_id join sportsbook_category c on c.id = tr.category_id`;

/** Events by participant, tournament or id text, status and producer; live first, then by start. */
export async function listEvents(db: DbExecutor, query: { q?: string | undefined; status?: EventStatus | undefined; producer?: string | undefined; limit: number; offset: number }) {
  const like = query.q ? `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const where = sql`(${query.status ?? null}::text is null or e.status = ${query.status ?? null})
    and (${query.producer ?? null}::text is null or e.producer = ${query.producer ?? null})
    and (${like}::text is null or e.id ilike ${like} or e.home ilike ${like} or e.away ilike ${like} or tr.name_pt ilike ${like} or tr.name_en ilike ${like}
         or exists (select 1 from unnest(e.competitors) as name where name ilike ${like}))`;
  const rows = await sql<EventRow>`select ${EVENT_COLUMNS} from ${EVENT_FROM} where ${where}
    order by (e.status = 'live') desc, (e.status = 'not_started') desc, e.start_at, e.id limit ${query.limit} offset ${query.offset}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from ${EVENT_FROM} where ${where}`.execute(db);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export async function findEvent(db: DbExecutor, id: string): Promise<EventRow | undefined> {
  return (await sql<EventRow>`select ${EVENT_COLUMNS} from ${EVENT_FROM} where e.id = ${id}`.execute(db)).rows[0];
}

export interface MarketRow {
  market_key: string;
  type: string;
  specifiers: string;
  status: MarketStatus;
  stake_at_risk: bigint;
}
export interface OutcomeRow {
  market_key: string;
  outcome_id: string;
  odds: bigint;
  active: boolean;
}

export async function marketsOf(db: DbExecutor, eventId: string): Promise<MarketRow[]> {
  return (
    await sql<MarketRow>`
      select m.market_key, m.type, m.specifiers, m.status,
        coalesce((select sum(t.total_stake_cents) from sportsbook_ticket t
                  where t.status not in ('refused', 'cashed_out') and t.id in (select l.ticket_id from sportsbook_ticket_leg l where l.event_id = m.event_id and l.market_key = m.market_key)), 0)::bigint as stake_at_risk
      from sportsbook_market m where m.event_id = ${eventId} order by m.sort, m.market_key`.execute(db)
  ).rows;
}

export async function outcomesOf(db: DbExecutor, eventId: string, marketKey?: string): Promise<OutcomeRow[]> {
  return (
    await sql<OutcomeRow>`select market_key, outcome_id, odds, active from sportsbook_outcome
      where event_id = ${eventId} and (${marketKey ?? null}::text is null or market_key = ${marketKey ?? null}) order by market_key, sort, outcome_id`.execute(db)
  ).rows;
}

export interface ResultRow {
  seq: bigint;
  market_key: string;
  kind: string;
  producer: string;
  created_at: Date;
  results: Array<Record<string, unknown>> | null;
}

/** Each market's last few result-log rows, newest first. */
export async function resultsOf(db: DbExecutor, eventId: string): Promise<ResultRow[]> {
  return (
    await sql<ResultRow>`select seq, market_key, kind, producer, created_at, results from (
        select r.*, row_number() over (partition by r.market_key order by r.seq desc) as n from sportsbook_market_result r where r.event_id = ${eventId}) x
      where n <= 5 order by seq desc`.execute(db)
  ).rows;
}

export interface OutcomeLiabilityRow {
  market_key: string;
  outcome_id: string;
  tickets: number;
  stake: bigint;
  potential: bigint;
}

/** Open tickets' potential return per outcome of an event: an accumulator counts in full on each of its legs' outcomes. */
export async function outcomeLiability(db: DbExecutor, eventId: string): Promise<OutcomeLiabilityRow[]> {
  return (
    await sql<OutcomeLiabilityRow>`
      select l.market_key, l.outcome_id, count(distinct t.id)::int as tickets, sum(t.total_stake_cents)::bigint as stake, sum(t.potential_return_cents)::bigint as potential
      from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id
      where l.event_id = ${eventId} and ${OPEN_TICKET}
      group by l.market_key, l.outcome_id`.execute(db)
  ).rows;
}

export interface EventLiabilityRow {
  event_id: string;
  home: string | null;
  away: string | null;
  competitors: string[];
  sport_id: string;
  status: EventStatus;
  start_at: Date;
  tickets: number;
  stake: bigint;
  potential: bigint;
  worst_market: string | null;
  worst_outcome: string | null;
  worst_liability: bigint | null;
}

/** Events with open tickets, the largest potential return first; each ticket counted once per event. */
export async function eventLiability(db: DbExecutor, limit: number): Promise<EventLiabilityRow[]> {
  return (
    await sql<EventLiabilityRow>`
      with open_legs as (
        select l.event_id, l.market_key, l.outcome_id, t.id as ticket_id, t.total_stake_cents, t.potential_return_cents
        from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id where ${OPEN_TICKET}
      ), per_event as (
        select event_id, count(distinct ticket_id)::int as tickets, sum(total_stake_cents)::bigint as stake, sum(potential_return_cents)::bigint as potential
        from (select distinct event_id, ticket_id, total_stake_cents, potential_return_cents from open_legs) x group by event_id
      ), per_outcome as (
        select distinct on (event_id) event_id, market_key, outcome_id, sum(potential_return_cents)::bigint as liability
        from open_legs group by event_id, market_key, outcome_id order by event_id, liability desc, market_key, outcome_id
      )
      select e.id as event_id, e.home, e.away, e.competitors, e.sport_id, e.status, e.start_at, p.tickets, p.stake, p.potential,
             o.market_key as worst_market, o.outcome_id as worst_outcome, o.liability as worst_liability
      from per_event p join sportsbook_event e on e.id = p.event_id left join per_outcome o on o.event_id = p.event_id
      order by p.potential desc, e.id limit ${limit}`.execute(db)
  ).rows;
}

export interface BackofficeSettingRow {
  result_approval_cents: bigint;
  void_approval_cents: bigint;
  big_bet_stake_cents: bigint;
  big_bet_return_cents: bigint;
}

export async function settings(db: DbExecutor): Promise<BackofficeSettingRow> {
  return (await sql<BackofficeSettingRow>`select result_approval_cents, void_approval_cents, big_bet_stake_cents, big_bet_return_cents from sportsbook_backoffice_setting where id = 1`.execute(db)).rows[0]!;
}

export async function saveSettings(db: DbExecutor, values: BackofficeSettingRow): Promise<void> {
  await sql`update sportsbook_backoffice_setting set result_approval_cents = ${values.result_approval_cents}, void_approval_cents = ${values.void_approval_cents},
    big_bet_stake_cents = ${values.big_bet_stake_cents}, big_bet_return_cents = ${values.big_bet_return_cents}, updated_at = now() where id = 1`.execute(db);
}

/** One event's open tickets, each counted once. */
export async function eventLiabilityOf(db: DbExecutor, eventId: string): Promise<{ tickets: number; stake: bigint; potential: bigint } | undefined> {
  return (
    await sql<{ tickets: number; stake: bigint; potential: bigint }>`
      select count(*)::int as tickets, coalesce(sum(t.total_stake_cents), 0)::bigint as stake, coalesce(sum(t.potential_return_cents), 0)::bigint as potential
      from sportsbook_ticket t where ${OPEN_TICKET} and t.id in (select l.ticket_id from sportsbook_ticket_leg l where l.event_id = ${eventId})`.execute(db)
  ).rows[0];
}
