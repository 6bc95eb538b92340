import { sql } from 'kysely';
import type { LotteryFamily, LotteryOddsTable, LotteryPrizeMode, LotteryTicketStatus } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';

export interface TicketRow {
  id: bigint;
  member_id: bigint;
  request_id: string;
  request_hash: string;
  draw_id: bigint;
  game_code: string;
  draw_no: string;
  bet_type: string;
  prize_mode: LotteryPrizeMode;
  selections: string[];
  combinations: number;
  unit_stake_cents: bigint;
  total_stake_cents: bigint;
  odds: LotteryOddsTable;
  status: LotteryTicketStatus;
  refusal_code: string | null;
  settle_status: string | null;
  return_cents: bigint | null;
  hits: number | null;
  settle_n: number;
  created_at: Date;
  settled_at: Date | null;
}

const TICKET_COLUMNS = sql`t.id, t.member_id, t.request_id, t.request_hash, t.draw_id, t.game_code, d.draw_no, t.bet_type, t.prize_mode, t.selections, t.combinations,
  t.unit_stake_cents, t.total_stake_cents, t.odds, t.status, t.refusal_code, t.settle_status, t.return_cents, t.hits, t.settle_n, t.created_at, t.settled_at`;

export async function findTicket(db: DbExecutor, key: { id: bigint } | { memberId: bigint; requestId: string }): Promise<TicketRow | undefined> {
  const where = 'id' in key ? sql`t.id = ${key.id}` : sql`t.member_id = ${key.memberId} and t.request_id = ${key.requestId}`;
  const rows = await sql<TicketRow>`select ${TICKET_COLUMNS} from lottery_ticket t join lottery_draw d on d.id = t.draw_id where ${where}`.execute(db);
  return rows.rows[0];
}

export async function findTickets(db: DbExecutor, ids: readonly bigint[]): Promise<TicketRow[]> {
  if (ids.length === 0) return [];
  const rows = await sql<TicketRow>`select ${TICKET_COLUMNS} from lottery_ticket t join lottery_draw d on d.id = t.draw_id where t.id = any(${ids.map(String)}::bigint[])`.execute(db);
  return rows.rows;
}

export async function listTickets(db: DbExecutor, memberId: bigint, filter: { settled: boolean; gameCode?: string; limit: number }): Promise<TicketRow[]> {
  const statuses = filter.settled ? ['won', 'lost', 'void'] : ['pending_debit', 'open'];
  const rows = await sql<TicketRow>`
    select ${TICKET_COLUMNS} from lottery_ticket t join lottery_draw d on d.id = t.draw_id
    where t.member_id = ${memberId} and t.status = any(${statuses}::text[]) and (${filter.gameCode ?? null}::text is null or t.game_code = ${filter.gameCode ?? null})
    order by t.created_at desc, t.id desc limit ${filter.limit}`.execute(db);
  return rows.rows;
}

/** The member's recently played games, most recent first (spec "recent lottery"). */
export async function recentGames(db: DbExecutor, memberId: bigint, limit: number): Promise<Array<{ game_code: string; last_played_at: Date }>> {
  const rows = await sql<{ game_code: string; last_played_at: Date }>`
    select game_code, max(created_at) as last_played_at from (
      select game_code, created_at from lottery_ticket where member_id = ${memberId} and status <> 'refused' order by created_at desc limit 500
    ) recent group by game_code order by last_played_at desc limit ${limit}`.execute(db);
  return rows.rows;
}

/** What a placement batch reads under its locks: each draw with its game's settings. */
export interface DrawForPlacement {
  id: bigint;
  status: string;
  closes_at: Date;
  game_code: string;
  family: LotteryFamily;
  vendor_code: string;
  prize_modes: LotteryPrizeMode[];
  min_stake_cents: bigint;
  max_stake_cents: bigint;
  number_liability_cents: bigint;
}

/**
 * The batch's draws FOR SHARE, in id order: the close (an UPDATE of the same rows) waits for the
 * batch to commit, and a batch after the close reads the draw closed.
 */
export async function shareDrawsForPlacement(tx: DbExecutor, drawIds: readonly bigint[]): Promise<Map<bigint, DrawForPlacement>> {
  const rows = await sql<DrawForPlacement>`
    select d.id, d.status, d.closes_at, d.game_code, g.family, g.vendor_code, g.prize_modes, g.min_stake_cents, g.max_stake_cents,
           coalesce(d.number_liability_cents, g.number_liability_cents) as number_liability_cents
    from lottery_draw d join lottery_game g on g.code = d.game_code
    where d.id = any(${drawIds.map(String)}::bigint[]) and g.enabled
    order by d.id
    for share of d`.execute(tx);
  return new Map(rows.rows.map((row) => [BigInt(row.id), row]));
}

export async function storedRequests(tx: DbExecutor, keys: ReadonlyArray<{ memberId: bigint; requestId: string }>): Promise<Map<string, string>> {
  const rows = await sql<{ member_id: bigint; request_id: string; request_hash: string }>`
    select t.member_id, t.request_id, t.request_hash from lottery_ticket t
    join unnest(${keys.map((key) => key.memberId.toString())}::bigint[], ${keys.map((key) => key.requestId)}::text[]) as k (member_id, request_id)
      on t.member_id = k.member_id and t.request_id = k.request_id`.execute(tx);
  return new Map(rows.rows.map((row) => [`${row.member_id}/${row.request_id}`, row.request_hash]));
}

export async function oddsFor(tx: DbExecutor, gameCodes: readonly string[]): Promise<Map<string, LotteryOddsTable>> {
  const rows = await sql<{ game_code: string; prize_mode: string; bet_type: string; odds: LotteryOddsTable }>`
    select game_code, prize_mode, bet_type, odds from lottery_odds where game_code = any(${[...gameCodes]}::text[]) and enabled`.execute(tx);
  return new Map(rows.rows.map((row) => [`${row.game_code}/${row.prize_mode}/${row.bet_type}`, row.odds]));
}

/**
 * The numbers' exposure rows, made when missing and locked (in draw, number order), with what they
 * carry now; `caps` gets the numbers the console capped on their own (migration 0084).
 */
export async function lockExposure(tx: DbExecutor, keys: ReadonlyArray<{ drawId: bigint; number: string }>, caps?: Map<string, bigint>): Promise<Map<string, bigint>> {
  if (keys.length === 0) return new Map();
  const unique = [...new Map(keys.map((key) => [`${key.drawId}/${key.number}`, key])).values()].sort((a, b) => (a.drawId === b.drawId ? (a.number < b.number ? -1 : 1) : a.drawId < b.drawId ? -1 : 1));
  const rows = await sql<{ draw_id: bigint; number: string; liability_cents: bigint; cap_cents: bigint | null }>`
    insert into lottery_exposure (draw_id, number)
    select * from unnest(${unique.map((key) => key.drawId.toString())}::bigint[], ${unique.map((key) => key.number)}::text[])
    on conflict (draw_id, number) do update set liability_cents = lottery_exposure.liability_cents
    returning draw_id, number, liability_cents, cap_cents`.execute(tx);
  for (const row of rows.rows) if (row.cap_cents !== null) caps?.set(`${row.draw_id}/${row.number}`, BigInt(row.cap_cents));
  return new Map(rows.rows.map((row) => [`${row.draw_id}/${row.number}`, BigInt(row.liability_cents)]));
}

/** Adds (or, with negative amounts, takes back) exposure per draw and number. */
export async function addExposure(db: DbExecutor, changes: ReadonlyArray<{ drawId: bigint; number: string; cents: bigint; tickets: number }>): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    update lottery_exposure e set liability_cents = e.liability_cents + x.cents, tickets = e.tickets + x.tickets
    from (select draw_id, number, sum(cents) as cents, sum(tickets)::int as tickets
          from unnest(${changes.map((each) => each.drawId.toString())}::bigint[], ${changes.map((each) => each.number)}::text[], ${changes.map((each) => each.cents.toString())}::bigint[], ${changes.map((each) => each.tickets)}::int[])
            as c (draw_id, number, cents, tickets) group by draw_id, number) x
    where e.draw_id = x.draw_id and e.number = x.number`.execute(db);
}

export interface NewTicket {
  memberId: bigint;
  requestId: string;
  requestHash: string;
  drawId: bigint;
  gameCode: string;
  betType: string;
  prizeMode: LotteryPrizeMode;
  selections: string[];
  combinations: number;
  unitStakeCents: bigint;
  totalStakeCents: bigint;
  odds: LotteryOddsTable;
}

/** Inserts accepted tickets as pending_debit; answers their ids by member/request (absent: stored by someone else meanwhile). */
export async function insertTickets(tx: DbExecutor, tickets: readonly NewTicket[]): Promise<Map<string, bigint>> {
  const rows = await sql<{ id: bigint; member_id: bigint; request_id: string }>`
    insert into lottery_ticket (member_id, request_id, request_hash, draw_id, game_code, bet_type, prize_mode, selections, combinations, unit_stake_cents, total_stake_cents, odds, status)
    select m, r, h, d, g, b, p, array(select jsonb_array_elements_text(s)), c, u, t, o, 'pending_debit'
    from unnest(${tickets.map((each) => each.memberId.toString())}::bigint[], ${tickets.map((each) => each.requestId)}::text[], ${tickets.map((each) => each.requestHash)}::text[],
                ${tickets.map((each) => each.drawId.toString())}::bigint[], ${tickets.map((each) => each.gameCode)}::text[], ${tickets.map((each) => each.betType)}::text[],
                ${tickets.map((each) => each.prizeMode)}::text[], ${tickets.map((each) => JSON.stringify(each.selections))}::jsonb[], ${tickets.map((each) => each.combinations)}::int[],
                ${tickets.map((each) => each.unitStakeCents.toString())}::bigint[], ${tickets.map((each) => each.totalStakeCents.toString())}::bigint[], ${tickets.map((each) => JSON.stringify(each.odds))}::jsonb[])
      as x (m, r, h, d, g, b, p, s, c, u, t, o)
    on conflict (member_id, request_id) do nothing
    returning id, member_id, request_id`.execute(tx);
  return new Map(rows.rows.map((row) => [`${row.member_id}/${row.request_id}`, BigInt(row.id)]));
}

/** pending_debit → open for tickets whose stake was taken. */
export async function openTickets(db: DbExecutor, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update lottery_ticket set status = 'open', bet_transaction_id = 'lottery-' || id || '-bet', updated_at = now()
    where id = any(${ids.map(String)}::bigint[]) and status = 'pending_debit'`.execute(db);
}

/** pending_debit → refused with its code; answers the ones moved (their exposure is then taken back by the caller). */
export async function refuseTickets(db: DbExecutor, refusals: ReadonlyArray<{ id: bigint; code: string }>): Promise<bigint[]> {
  if (refusals.length === 0) return [];
  const rows = await sql<{ id: bigint }>`
    update lottery_ticket t set status = 'refused', refusal_code = x.code, updated_at = now()
    from unnest(${refusals.map((each) => each.id.toString())}::bigint[], ${refusals.map((each) => each.code)}::text[]) as x (id, code)
    where t.id = x.id and t.status = 'pending_debit'
    returning t.id`.execute(db);
  return rows.rows.map((row) => BigInt(row.id));
}

/** Tickets left pending_debit past the grace (the process stopped mid-placement); lottery_ticket_pending's predicate (0108) names them. */
export async function stalePending(db: DbExecutor, before: Date, limit: number): Promise<Array<{ id: bigint; member_id: bigint; game_code: string; vendor_code: string }>> {
  const rows = await sql<{ id: bigint; member_id: bigint; game_code: string; vendor_code: string }>`
    select t.id, t.member_id, t.game_code, g.vendor_code from lottery_ticket t join lottery_game g on g.code = t.game_code
    where t.bet_transaction_id is null and t.refusal_code is null and t.status = 'pending_debit' and t.created_at < ${before}
    order by t.created_at limit ${limit}`.execute(db);
  return rows.rows;
}

/** Per-number exposure of a draw, largest first (the console's view). */
export async function exposureOf(db: DbExecutor, drawId: bigint, limit: number) {
  const rows = await sql<{ number: string; liability_cents: bigint; tickets: number }>`
    select number, liability_cents, tickets from lottery_exposure where draw_id = ${drawId} and tickets > 0 order by liability_cents desc, number limit ${limit}`.execute(db);
  return rows.rows;
}
