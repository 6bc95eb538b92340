import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';

// Per-number exposure of a draw, its liability caps (migration 0084), and the tickets search.

export interface CapsRow {
  id: bigint;
  status: string;
  game_cap_cents: bigint;
  draw_cap_cents: bigint | null;
}

export async function capsOf(db: DbExecutor, drawId: bigint, lock = false): Promise<CapsRow | undefined> {
  const rows = await sql<CapsRow>`
    select d.id, d.status, g.number_liability_cents as game_cap_cents, d.number_liability_cents as draw_cap_cents
    from lottery_draw d join lottery_game g on g.code = d.game_code where d.id = ${drawId} ${lock ? sql`for update of d` : sql``}`.execute(db);
  return rows.rows[0];
}

export interface ExposureRow {
  number: string;
  tickets: number;
  liability_cents: bigint;
  cap_cents: bigint | null;
  stake_cents: bigint;
}

/**
 * The numbers with the highest potential payout first (and any number with its own cap), each with
 * the stake of the open tickets that name it. One draw's tickets are read once through its index.
 */
export async function exposureOf(db: DbExecutor, drawId: bigint, limit: number): Promise<{ rows: ExposureRow[]; totalNumbers: number; totalStake: bigint; totalLiability: bigint }> {
  const rows = await sql<ExposureRow>`
    with top as (
      select number, tickets, liability_cents, cap_cents from lottery_exposure where draw_id = ${drawId} and (liability_cents > 0 or tickets > 0)
      order by liability_cents desc, number limit ${limit}
    ), capped as (
      select number, tickets, liability_cents, cap_cents from lottery_exposure where draw_id = ${drawId} and cap_cents is not null and number not in (select number from top)
    ), shown as (select * from top union all select * from capped)
    select s.number, s.tickets, s.liability_cents, s.cap_cents,
           coalesce((select sum(t.total_stake_cents) from lottery_ticket t where t.draw_id = ${drawId} and t.status = 'open' and s.number = any(t.selections)), 0)::bigint as stake_cents
    from shown s order by s.liability_cents desc, s.number`.execute(db);
  const totals = await sql<{ numbers: number; liability: bigint; stake: bigint }>`
    select (select count(*)::int from lottery_exposure where draw_id = ${drawId} and liability_cents > 0) as numbers,
           (select coalesce(sum(liability_cents), 0)::bigint from lottery_exposure where draw_id = ${drawId}) as liability,
           (select coalesce(sum(total_stake_cents), 0)::bigint from lottery_ticket where draw_id = ${drawId} and status = 'open') as stake`.execute(db);
  const total = totals.rows[0]!;
  return { rows: rows.rows, totalNumbers: total.numbers, totalStake: total.stake, totalLiability: total.liability };
}

export async function setDrawCap(tx: DbExecutor, drawId: bigint, capCents: bigint | null): Promise<void> {
  await sql`update lottery_draw set number_liability_cents = ${capCents} where id = ${drawId}`.execute(tx);
}

/** A number's own cap: on its exposure row, made with nothing on it when no bet named it yet. */
export async function setNumberCap(tx: DbExecutor, drawId: bigint, number: string, capCents: bigint | null): Promise<bigint | null> {
  const before = await sql<{ cap_cents: bigint | null }>`select cap_cents from lottery_exposure where draw_id = ${drawId} and number = ${number} for update`.execute(tx);
  await sql`
    insert into lottery_exposure (draw_id, number, cap_cents) values (${drawId}, ${number}, ${capCents})
    on conflict (draw_id, number) do update set cap_cents = excluded.cap_cents`.execute(tx);
  return before.rows[0]?.cap_cents ?? null;
}

export interface TicketRow {
  id: bigint;
  member_id: bigint;
  draw_id: bigint;
  draw_no: string;
  game_code: string;
  bet_type: string;
  prize_mode: string;
  selections: string[];
  combinations: number;
  total_stake_cents: bigint;
  status: string;
  return_cents: bigint | null;
  settle_n: number;
  created_at: Date;
  settled_at: Date | null;
  total: number;
}

export async function searchTickets(db: DbExecutor, filter: { drawId?: bigint; memberId?: bigint; status?: string; limit: number; offset: number }): Promise<TicketRow[]> {
  const rows = await sql<TicketRow>`
    select t.id, t.member_id, t.draw_id, d.draw_no, t.game_code, t.bet_type, t.prize_mode, t.selections, t.combinations, t.total_stake_cents,
           t.status, t.return_cents, t.settle_n, t.created_at, t.settled_at, count(*) over ()::int as total
    from lottery_ticket t join lottery_draw d on d.id = t.draw_id
    where (${filter.drawId ?? null}::bigint is null or t.draw_id = ${filter.drawId ?? null})
      and (${filter.memberId ?? null}::bigint is null or t.member_id = ${filter.memberId ?? null})
      and (${filter.status ?? null}::text is null or t.status = ${filter.status ?? null})
    order by t.id desc
    limit ${filter.limit} offset ${filter.offset}`.execute(db);
  return rows.rows;
}
