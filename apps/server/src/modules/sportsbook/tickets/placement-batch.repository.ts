import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import { TICKET_COLUMNS, type MarketNow, type NewTicket, type TicketRow, type TicketSettings } from './ticket.repository.ts';

/** SQL of a placement batch (placement-batch.ts): one read, one insert and one opening for many tickets. */

/** Identifies a member's request in a batch. */
export const requestKey = (memberId: bigint, requestId: string) => `${memberId}\u0000${requestId}`;

export interface BatchView {
  /** Requests (requestKey) the members used already: answered with the ticket stored first. */
  existing: Set<string>;
  settings: TicketSettings;
  book: Map<string, MarketNow>;
  /** Potential returns of undecided tickets per market (event id NUL market key) and per event, before this batch. */
  marketLiability: Map<string, bigint>;
  eventLiability: Map<string, bigint>;
}

/**
 * Everything a batch's acceptance decides on, in one statement run after the locks (a snapshot
 * taken under them, so it sees every ticket and feed write committed before): the request ids, the
 * ticket rules, every leg's market, event and outcome, and the liabilities of the batch's markets
 * and events (the running totals the tickets' triggers keep, migration 0101: a few rows however
 * many tickets the markets hold).
 */
export async function readForBatch(
  tx: DbExecutor,
  requests: ReadonlyArray<{ memberId: bigint; requestId: string }>,
  legs: ReadonlyArray<{ eventId: string; marketKey: string; outcomeId: string }>,
): Promise<BatchView> {
  const row = (
    await sql<{ existing: Array<[string, string]> | null; settings: Record<keyof TicketSettings, string | number>; book: MarketNowJson[] | null; markets: LiabilityJson[] | null; events: LiabilityJson[] | null }>`
    with wanted as (select distinct * from unnest(${legs.map((leg) => leg.eventId)}::text[], ${legs.map((leg) => leg.marketKey)}::text[], ${legs.map((leg) => leg.outcomeId)}::text[]) as w (event_id, market_key, outcome_id)),
    wanted_market as (select distinct event_id, market_key from wanted)
    select
      (select json_agg(json_build_array(t.member_id::text, t.request_id))
       from unnest(${requests.map((each) => each.memberId.toString())}::bigint[], ${requests.map((each) => each.requestId)}::text[]) as r (member_id, request_id)
       join sportsbook_ticket t on t.member_id = r.member_id and t.request_id = r.request_id) as existing,
      (select json_build_object('min_stake_cents', min_stake_cents::text, 'max_stake_cents', max_stake_cents::text, 'max_payout_cents', max_payout_cents::text,
         'market_liability_cents', market_liability_cents::text, 'event_liability_cents', event_liability_cents::text, 'live_delay_ms', live_delay_ms)
       from sportsbook_ticket_setting where id = 1) as settings,
      (select json_agg(json_build_object('event_id', m.event_id, 'market_key', m.market_key, 'market_status', m.status, 'odds_version', m.odds_version::text,
         'event_status', e.status, 'outcome_id', o.outcome_id, 'odds', o.odds::text, 'outcome_active', o.active, 'wanted_outcome', w.outcome_id))
       from wanted w join sportsbook_market m on m.event_id = w.event_id and m.market_key = w.market_key
       join sportsbook_event e on e.id = m.event_id
       left join sportsbook_outcome o on o.event_id = w.event_id and o.market_key = w.market_key and o.outcome_id = w.outcome_id) as book,
      (select json_agg(x) from (
         select l.event_id, l.market_key, l.potential_cents::text as total
         from sportsbook_market_liability l join wanted_market w on w.event_id = l.event_id and w.market_key = l.market_key) x) as markets,
      (select json_agg(x) from (
         select l.event_id, l.potential_cents::text as total
         from sportsbook_event_liability l where l.event_id in (select event_id from wanted_market)) x) as events`.execute(tx)
  ).rows[0]!;
  const s = row.settings;
  return {
    existing: new Set((row.existing ?? []).map(([member, request]) => requestKey(BigInt(member), request))),
    settings: {
      min_stake_cents: BigInt(s.min_stake_cents),
      max_stake_cents: BigInt(s.max_stake_cents),
      max_payout_cents: BigInt(s.max_payout_cents),
      market_liability_cents: BigInt(s.market_liability_cents),
      event_liability_cents: BigInt(s.event_liability_cents),
      live_delay_ms: Number(s.live_delay_ms),
    },
    // Keyed by the leg's market and the outcome it asks for: two tickets of a batch may pick different outcomes of one market.
    book: new Map(
      (row.book ?? []).map(({ wanted_outcome, ...m }) => [bookKey(m.event_id, m.market_key, wanted_outcome), { ...m, odds_version: BigInt(m.odds_version), odds: m.odds === null ? null : BigInt(m.odds) }]),
    ),
    marketLiability: new Map((row.markets ?? []).map((m) => [`${m.event_id}\u0000${m.market_key}`, BigInt(m.total)])),
    eventLiability: new Map((row.events ?? []).map((e) => [e.event_id, BigInt(e.total)])),
  };
}
type MarketNowJson = Omit<MarketNow, 'odds_version' | 'odds'> & { odds_version: string; odds: string | null; wanted_outcome: string };
type LiabilityJson = { event_id: string; market_key: string; total: string };

export const bookKey = (eventId: string, marketKey: string, outcomeId: string) => `${eventId}\u0000${marketKey}\u0000${outcomeId}`;

/**
 * Inserts the batch's accepted tickets and their legs in one statement; answers the ids of the
 * ones stored by request (a request the member used already, e.g. by another process at the same
 * moment, stores nothing and is missing from the answer).
 */
export async function insertTickets(tx: DbExecutor, tickets: readonly NewTicket[]): Promise<Map<string, bigint>> {
  const rows = tickets.map((t, n) => ({
    n,
    member_id: t.memberId.toString(),
    request_id: t.requestId,
    bet_type: t.betType,
    system_sizes: t.systemSizes,
    system_preset: t.systemPreset,
    stake_mode: t.stakeMode,
    stake_cents: t.stakeCents.toString(),
    total_stake_cents: t.totalStakeCents.toString(),
    bet_count: t.betCount,
    odds_policy: t.oddsPolicy,
    max_payout_cents: t.maxPayoutCents.toString(),
    potential_return_cents: t.potentialReturnCents.toString(),
    is_live: t.isLive,
    status: t.status,
  }));
  const legs = tickets.flatMap((t) =>
    t.legs.map((leg, legIndex) => ({
      member_id: t.memberId.toString(),
      request_id: t.requestId,
      leg_index: legIndex,
      event_id: leg.eventId,
      market_key: leg.marketKey,
      outcome_id: leg.outcomeId,
      slip_odds: leg.slipOdds.toString(),
      locked_odds: leg.lockedOdds.toString(),
      odds_version: leg.oddsVersion.toString(),
    })),
  );
  const result = await sql<{ id: bigint; member_id: string; request_id: string }>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x (n integer, member_id bigint, request_id text, bet_type text, system_sizes integer[], system_preset text,
        stake_mode text, stake_cents bigint, total_stake_cents bigint, bet_count integer, odds_policy text, max_payout_cents bigint, potential_return_cents bigint, is_live boolean, status text)
    ),
    ticket as (
      insert into sportsbook_ticket (member_id, request_id, bet_type, system_sizes, system_preset, stake_mode, stake_cents, total_stake_cents, bet_count,
        odds_policy, max_payout_cents, potential_return_cents, is_live, status, accepted_at)
      select member_id, request_id, bet_type, system_sizes, system_preset, stake_mode, stake_cents, total_stake_cents, bet_count,
        odds_policy, max_payout_cents, potential_return_cents, is_live, status, case when status = 'pending_debit' then now() end
      from input order by n
      on conflict (member_id, request_id) do nothing
      returning id, member_id, request_id
    ),
    leg as (
      insert into sportsbook_ticket_leg (ticket_id, leg_index, event_id, market_key, outcome_id, slip_odds, locked_odds, odds_version)
      select t.id, l.leg_index, l.event_id, l.market_key, l.outcome_id, l.slip_odds, l.locked_odds, l.odds_version
      from jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) as l (member_id bigint, request_id text, leg_index integer, event_id text, market_key text, outcome_id text,
        slip_odds bigint, locked_odds bigint, odds_version bigint)
      join ticket t on t.member_id = l.member_id and t.request_id = l.request_id
    )
    select id, member_id::text, request_id from ticket`.execute(tx);
  return new Map(result.rows.map((row) => [requestKey(BigInt(row.member_id), row.request_id), row.id]));
}

/** The debits confirmed: pending_debit → open for each, answering the tickets as stored (one moved already is missing). */
export async function openTickets(db: DbExecutor, debits: ReadonlyArray<{ id: bigint; betTransactionId: string; providerBetId: bigint | null }>): Promise<Map<bigint, TicketRow>> {
  if (debits.length === 0) return new Map();
  const columns = sql.join(TICKET_COLUMNS.map((column) => sql`t.${sql.ref(column)}`));
  const result = await sql<TicketRow>`
    update sportsbook_ticket t set status = 'open', updated_at = now(), bet_transaction_id = d.bet_transaction_id, provider_bet_id = d.provider_bet_id
    from unnest(${debits.map((d) => d.id.toString())}::bigint[], ${debits.map((d) => d.betTransactionId)}::text[], ${debits.map((d) => (d.providerBetId === null ? null : d.providerBetId.toString()))}::bigint[])
      as d (id, bet_transaction_id, provider_bet_id)
    where t.id = d.id and t.status = 'pending_debit'
    returning ${columns}`.execute(db);
  return new Map(result.rows.map((row) => [row.id, row]));
}
