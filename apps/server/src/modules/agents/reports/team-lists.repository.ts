import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { JournalType, ResolvedPeriod } from '@app/contracts';
import { bounds } from './figures.repository.ts';

/**
 * Paged lists over an agent's team: downlines, betting records and account records. A read model:
 * it reads the provider's rounds and the wallet's entries (never writes them), always through the
 * closure table, so an agent only ever sees its own tree.
 */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export interface DownlineRow {
  id: bigint;
  account: string;
  nickname: string;
  type: number;
  status: 'active' | 'locked' | 'closed';
  created_at: Date;
  level: number;
  upline: string | null;
  team_size: string;
}

export async function listDownlines(db: DbExecutor, filter: { agentId: bigint; search?: string; directOnly: boolean; limit: number; offset: number }) {
  const base = db
    .selectFrom('agents_tree as t')
    .innerJoin('accounts_v_member as m', 'm.id', 't.descendant_id')
    .where('t.ancestor_id', '=', filter.agentId)
    .where('t.depth', filter.directOnly ? '=' : '>', filter.directOnly ? 1 : 0)
    .$if(Boolean(filter.search), (query) => query.where('m.account', 'like', likePrefix(filter.search!)));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('accounts_v_member as up', 'up.id', 'm.upline_member_id')
      .select((eb) => [
        'm.id',
        'm.account',
        'm.nickname',
        'm.type',
        'm.status',
        'm.created_at',
        't.depth as level',
        'up.account as upline',
        eb.selectFrom('agents_tree as s').select(eb.fn.countAll<string>().as('n')).whereRef('s.ancestor_id', '=', 'm.id').where('s.depth', '>', 0).as('team_size'),
      ])
      .orderBy('t.depth')
      .orderBy('m.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DownlineRow[], total: Number(count.n) };
}

/** One member of the agent's team (depth ≥ 1), by account name. */
export async function findDownline(db: DbExecutor, agentId: bigint, account: string): Promise<DownlineRow | undefined> {
  const row = await db
    .selectFrom('agents_tree as t')
    .innerJoin('accounts_v_member as m', 'm.id', 't.descendant_id')
    .leftJoin('accounts_v_member as up', 'up.id', 'm.upline_member_id')
    .select((eb) => [
      'm.id',
      'm.account',
      'm.nickname',
      'm.type',
      'm.status',
      'm.created_at',
      't.depth as level',
      'up.account as upline',
      eb.selectFrom('agents_tree as s').select(eb.fn.countAll<string>().as('n')).whereRef('s.ancestor_id', '=', 'm.id').where('s.depth', '>', 0).as('team_size'),
    ])
    .where('t.ancestor_id', '=', agentId)
    .where('t.depth', '>', 0)
    .where('m.account', '=', account)
    .executeTakeFirst();
  return row as DownlineRow | undefined;
}

export interface TeamBetRow {
  account: string;
  vendor_code: string;
  game_code: string;
  game_type: string | null;
  round_id: string;
  bet: bigint;
  win: bigint;
  status: 'open' | 'settled' | 'rolled_back';
  opened_at: Date;
  closed_at: Date | null;
  /** agents_valid_bet of a settled round, 0 otherwise (one definition, in SQL). */
  valid_bet: string;
}

interface TeamFilter {
  agentId: bigint;
  period: ResolvedPeriod;
  /** Only this team member (already checked to be in the tree). */
  memberId?: bigint;
  limit: number;
  offset: number;
}

export async function listTeamBets(db: DbExecutor, filter: TeamFilter & { gameType?: string }) {
  const { start, end } = bounds(filter.period);
  const base = db
    .selectFrom('provider_v_round as r')
    .innerJoin('agents_tree as t', (join) => join.onRef('t.descendant_id', '=', 'r.member_id').on('t.ancestor_id', '=', filter.agentId))
    .where('r.opened_at', '>=', start)
    .where('r.opened_at', '<', end)
    .$if(filter.memberId !== undefined, (query) => query.where('r.member_id', '=', filter.memberId!))
    .$if(filter.gameType !== undefined, (query) => query.where('r.game_type', '=', filter.gameType!));
  const [rows, totals] = await Promise.all([
    base
      .innerJoin('accounts_v_member as m', 'm.id', 'r.member_id')
      .select(['m.account', 'r.vendor_code', 'r.game_code', 'r.game_type', 'r.round_id', 'r.bet', 'r.win', 'r.status', 'r.opened_at', 'r.closed_at'])
      .select(sql<string>`case when r.status = 'settled' then agents_valid_bet(r.bet, r.win) else 0 end::text`.as('valid_bet'))
      .orderBy('r.opened_at', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(r.bet) filter (where r.status = 'settled'), 0)`.as('stake'),
        sql<string>`coalesce(sum(r.win) filter (where r.status = 'settled'), 0)`.as('payout'),
        sql<string>`coalesce(sum(agents_valid_bet(r.bet, r.win)) filter (where r.status = 'settled'), 0)`.as('valid_bet'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows as TeamBetRow[],
    total: Number(totals.n),
    totals: { stake: BigInt(totals.stake), payout: BigInt(totals.payout), validBet: BigInt(totals.valid_bet) },
  };
}

export interface TeamEntryRow {
  id: bigint;
  account: string;
  type: JournalType;
  amount: bigint;
  balance_after: bigint;
  reference: string | null;
  vendor: string | null;
  created_at: Date;
}

/** Cash entries of the team's members (the agent's own excluded: it has its account record). */
export async function listTeamEntries(db: DbExecutor, filter: TeamFilter & { type?: JournalType }) {
  const { start, end } = bounds(filter.period);
  // The wallet's published view of members' cash entries (migration 0050), never its tables.
  const base = db
    .selectFrom('wallet_v_member_cash_entry as e')
    .innerJoin('agents_tree as t', (join) => join.onRef('t.descendant_id', '=', 'e.member_id').on('t.ancestor_id', '=', filter.agentId).on('t.depth', '>', 0))
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .$if(filter.memberId !== undefined, (query) => query.where('e.member_id', '=', filter.memberId!))
    .$if(filter.type !== undefined, (query) => query.where('e.type', '=', filter.type!));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('accounts_v_member as m', 'm.id', 'e.member_id')
      .select(['e.journal_id as id', 'm.account', 'e.type', 'e.amount', 'e.balance_after', 'e.reference', 'e.vendor', 'e.created_at'])
      .orderBy('e.journal_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as TeamEntryRow[], total: Number(count.n) };
}

export interface OwnTransferRow {
  id: bigint;
  type: 'agent_transfer_downline' | 'agent_transfer_upline';
  amount: bigint;
  balance_after: bigint;
  reference: string | null;
  created_at: Date;
}

/** The agent's own transfers up and down the tree (its cash entries of the two transfer types). */
export async function listOwnTransfers(db: DbExecutor, filter: { memberId: bigint; period: ResolvedPeriod; limit: number; offset: number }) {
  const { start, end } = bounds(filter.period);
  const base = db
    .selectFrom('wallet_v_member_cash_entry as e')
    .where('e.member_id', '=', filter.memberId)
    .where('e.type', 'in', ['agent_transfer_downline', 'agent_transfer_upline'])
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end);
  const [rows, count] = await Promise.all([
    base.select(['e.journal_id as id', 'e.type', 'e.amount', 'e.balance_after', 'e.reference', 'e.created_at']).orderBy('e.journal_id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as OwnTransferRow[], total: Number(count.n) };
}
