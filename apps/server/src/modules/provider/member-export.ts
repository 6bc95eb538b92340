import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface RoundRow {
  vendorCode: string;
  memberId: bigint;
  roundId: string;
  gameCode: string;
  gameType: string | null;
  bet: bigint;
  win: bigint;
  status: string;
  openedAt: Date;
  closedAt: Date | null;
}

interface Row {
  vendor_code: string;
  member_id: bigint;
  round_id: string;
  game_code: string;
  game_type: string | null;
  bet: bigint;
  win: bigint;
  status: string;
  opened_at: Date;
  closed_at: Date | null;
}

const toRound = (row: Row): RoundRow => ({
  vendorCode: row.vendor_code,
  memberId: row.member_id,
  roundId: row.round_id,
  gameCode: row.game_code,
  gameType: row.game_type,
  bet: row.bet,
  win: row.win,
  status: row.status,
  openedAt: row.opened_at,
  closedAt: row.closed_at,
});

/** A member's whole betting record (every round), oldest first, for the LGPD export (compliance). */
export async function memberRounds(db: Db, memberId: bigint): Promise<RoundRow[]> {
  const { rows } = await sql<Row>`
    select vendor_code, member_id, round_id, game_code, game_type, bet, win, status, opened_at, closed_at
    from provider_round where member_id = ${memberId} order by opened_at, vendor_code, round_id`.execute(db);
  return rows.map(toRound);
}

/**
 * Rounds opened or closed in a half-open period (a day of the regulator extract), keyset-paged by
 * (opened_at, vendor, member, round) so the extract streams any number of them.
 */
export async function* roundsBetween(db: Db, from: Date, to: Date, pageSize = 2000): AsyncGenerator<RoundRow> {
  let after: Row | undefined;
  for (;;) {
    const { rows } = await sql<Row>`
      select vendor_code, member_id, round_id, game_code, game_type, bet, win, status, opened_at, closed_at
      from provider_round
      where ((opened_at >= ${from} and opened_at < ${to}) or (closed_at >= ${from} and closed_at < ${to}))
        ${after ? sql`and (opened_at, vendor_code, member_id, round_id) > (${after.opened_at}, ${after.vendor_code}, ${after.member_id}, ${after.round_id})` : sql``}
      order by opened_at, vendor_code, member_id, round_id
      limit ${pageSize}`.execute(db);
    for (const row of rows) yield toRound(row);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1];
  }
}
