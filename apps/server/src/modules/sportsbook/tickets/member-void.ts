import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { storeManualVoid } from './manual-void.ts';

/**
 * Responsible gaming (issue 27): a member who self-excludes, cools off, is found barred or closes
 * the account has the open tickets on events not started yet cancelled and refunded. Each ticket
 * gets the same settlement intent an operator's manual void stores (status void, the stake still
 * in play returned; manual-void.ts), under its row lock, so the settlement pass pays it through the
 * protocol's closing win exactly once (fixed transaction id sportsbook-<id>-settle-1). A ticket with
 * any leg on an event already started (or not 'not_started') is left to run: it is no longer a bet
 * on a future event. Idempotent: a ticket with an intent is not selected again. Answers the ids.
 */
export async function storeMemberVoids(db: Db, memberId: bigint): Promise<bigint[]> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: bigint }>`
      select t.id from sportsbook_ticket t
      where t.member_id = ${memberId} and t.status = 'open' and t.settle_status is null
        and not exists (
          select 1 from sportsbook_ticket_leg l join sportsbook_event e on e.id = l.event_id
          where l.ticket_id = t.id and (e.status <> 'not_started' or e.start_at <= now()))
      order by t.id
      for update of t`.execute(tx);
    const voided: bigint[] = [];
    for (const row of rows) {
      if ((await storeManualVoid(tx, BigInt(row.id))) !== undefined) voided.push(BigInt(row.id));
    }
    return voided;
  });
}
