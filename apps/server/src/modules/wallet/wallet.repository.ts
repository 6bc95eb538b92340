import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import { parseAnswer, type BatchOutcome } from './group-commit.ts';
import type { WireOp } from './journal.ts';

/** Applies ops in the executor's transaction (one statement); see migration 0009. */
export async function postOps(executor: DbExecutor, ops: WireOp[], shard: number): Promise<BatchOutcome> {
  const { rows } = await sql<{ r: Parameters<typeof parseAnswer>[0] }>`select wallet_post_batch(${JSON.stringify(ops)}::jsonb, ${shard}) as r`.execute(executor);
  return parseAnswer(rows[0]!.r);
}

export async function findMemberPockets(executor: DbExecutor, memberId: bigint) {
  return executor.selectFrom('wallet_account').select(['id', 'pocket', 'balance']).where('member_id', '=', memberId).execute();
}

/** A house account's balance over all its shards (the jackpot pool, say). */
export async function findHouseBalance(executor: DbExecutor, houseCode: string): Promise<bigint> {
  const row = await executor
    .selectFrom('wallet_account')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), eb.val('0')).as('balance'))
    .where('house_code', '=', houseCode)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}

export async function findMemberCash(executor: DbExecutor, memberId: bigint): Promise<bigint> {
  const row = await executor
    .selectFrom('wallet_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('pocket', '=', 'cash')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

export interface HistoryFilter {
  memberId: bigint;
  type?: string;
  /** Calendar days (YYYY-MM-DD, inclusive) in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  limit: number;
  offset: number;
}

/** The instants where calendar day `from` starts and the day after `to` starts, in the zone. */
const dayStart = (day: string, timeZone: string) => sql<Date>`(${day}::date)::timestamp at time zone ${timeZone}`;
const dayAfter = (day: string, timeZone: string) => sql<Date>`(${day}::date + 1)::timestamp at time zone ${timeZone}`;

/** The member's cash entries, newest first, with their journals. */
export async function listCashEntries(executor: DbExecutor, filter: HistoryFilter) {
  const base = executor
    .selectFrom('wallet_account as a')
    .innerJoin('wallet_entry as e', 'e.account_id', 'a.id')
    .innerJoin('wallet_journal as j', 'j.id', 'e.journal_id')
    .where('a.member_id', '=', filter.memberId)
    .where('a.pocket', '=', 'cash')
    .where('j.created_at', '>=', dayStart(filter.from, filter.timeZone))
    .where('j.created_at', '<', dayAfter(filter.to, filter.timeZone))
    .$if(filter.type !== undefined, (query) => query.where('j.type', '=', filter.type!));
  const [rows, count] = await Promise.all([
    base
      .select(['j.id', 'j.type', 'e.amount', 'e.balance_after', 'j.created_at', 'j.reference'])
      .orderBy('e.journal_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface ProfitRow {
  day: string;
  product: string;
  bets: bigint;
  wins: bigint;
  count: bigint;
}

/**
 * Bets, wins and rollbacks on the member's cash, per operator-time-zone day and product. A bet's
 * rollback lowers the bets; a win's rollback lowers the wins (by the reversed journal's type).
 */
export async function sumGameMoney(executor: DbExecutor, memberId: bigint, from: string, to: string, timeZone: string): Promise<ProfitRow[]> {
  const { rows } = await sql<ProfitRow>`
    select to_char(j.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
           coalesce(coalesce(j.product, o.product), 'other') as product,
           coalesce(sum(case when coalesce(o.type, j.type) = 'bet' then -e.amount end), 0)::bigint as bets,
           coalesce(sum(case when coalesce(o.type, j.type) = 'win' then e.amount end), 0)::bigint as wins,
           count(*) filter (where j.type = 'bet') as count
    from wallet_account a
    join wallet_entry e on e.account_id = a.id
    join wallet_journal j on j.id = e.journal_id
    left join wallet_journal o on o.id = j.reverses_id
    where a.member_id = ${memberId} and a.pocket = 'cash'
      and j.created_at >= ${dayStart(from, timeZone)} and j.created_at < ${dayAfter(to, timeZone)}
      and (j.type in ('bet', 'win') or (j.type = 'rollback' and o.type in ('bet', 'win')))
    group by 1, 2
    order by 1, 2`.execute(executor);
  return rows;
}
