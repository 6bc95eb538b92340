import { sql } from 'kysely';
import { todayIn, type AgentTreeFigures, type AgentTreeNode, type AgentTreePage, type AgentTreeQuery } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { DbExecutor } from '../../platform/db.ts';
import { AGENT_TYPES } from './contracts/contracts.policy.ts';
import { formatRate } from './contracts/contract-tiers.ts';
import { nextDay } from './reports/periods.ts';

/**
 * The console's tree browser (issue 11 "Agents"): one node's direct downlines a page at a time
 * (agents first, then by account), or the top agents (agent accounts without an upline, migration
 * 0033's index), each with its counts from the closure table, its contracts in force and its
 * team's play today and this month (the rollup's days plus the facts not rolled up yet).
 */

interface MemberRow {
  id: bigint;
  account: string;
  nickname: string;
  type: number;
  status: string;
  created_at: Date;
}

const NO_FIGURES: AgentTreeFigures = { bets: 0, stake: '0.00', validBet: '0.00', ggr: '0.00' };
// Literal, so the planner matches migration 0033's partial index.
const IS_AGENT = sql<boolean>`m.type in (1, 2, 41, 42)`;

export async function treePage(db: DbExecutor, query: AgentTreeQuery, timeZone: string, now: Date): Promise<AgentTreePage> {
  const today = todayIn(timeZone, now);
  const days = { today, monthFrom: `${today.slice(0, 8)}01`, timeZone };
  const offset = (query.pageNo - 1) * query.pageSize;
  const agentsOnly = query.agentsOnly === 'true';

  let root: MemberRow | undefined;
  let rootLevel = -1;
  let path: AgentTreePage['path'] = [];
  let rows: MemberRow[];
  let total: number;
  if (query.root !== undefined) {
    root = await db.selectFrom('accounts_v_member').select(['id', 'account', 'nickname', 'type', 'status', 'created_at']).where('account', '=', query.root.toLowerCase()).executeTakeFirst();
    if (!root) throw new AppError('agents.member_not_found', 'no member has this account');
    const uplines = await db
      .selectFrom('agents_tree as t')
      .innerJoin('accounts_v_member as m', 'm.id', 't.ancestor_id')
      .select(['m.account', 't.depth'])
      .where('t.descendant_id', '=', root.id)
      .where('t.depth', '>', 0)
      .orderBy('t.depth', 'desc')
      .execute();
    rootLevel = uplines.length;
    path = uplines.map((upline) => ({ account: upline.account, level: rootLevel - upline.depth }));
    const children = db
      .selectFrom('agents_tree as t')
      .innerJoin('accounts_v_member as m', 'm.id', 't.descendant_id')
      .where('t.ancestor_id', '=', root.id)
      .where('t.depth', '=', 1)
      .$if(agentsOnly, (q) => q.where('m.type', 'in', [...AGENT_TYPES]));
    const [page, count] = await Promise.all([
      children
        .select(['m.id', 'm.account', 'm.nickname', 'm.type', 'm.status', 'm.created_at'])
        .orderBy(sql`${IS_AGENT} desc`)
        .orderBy('m.account')
        .limit(query.pageSize)
        .offset(offset)
        .execute(),
      children.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
    ]);
    rows = page;
    total = Number(count.n);
  } else {
    const tops = db.selectFrom('accounts_v_member as m').where('m.upline_member_id', 'is', null).where(IS_AGENT);
    const [page, count] = await Promise.all([
      tops.select(['m.id', 'm.account', 'm.nickname', 'm.type', 'm.status', 'm.created_at']).orderBy('m.account').limit(query.pageSize).offset(offset).execute(),
      tops.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
    ]);
    rows = page;
    total = Number(count.n);
  }

  const members = root ? [root, ...rows] : rows;
  const nodes = await describe(db, members, days);
  const level = (member: MemberRow) => (member === root ? rootLevel : rootLevel + 1);
  const toNode = (member: MemberRow): AgentTreeNode => ({ ...nodes(member), level: level(member) });
  return { root: root ? toNode(root) : null, path, content: rows.map(toNode), total, pageNo: query.pageNo, pageSize: query.pageSize, days };
}

/** Counts, contracts and figures of a page of members, read in four queries whatever the page size. */
async function describe(db: DbExecutor, members: readonly MemberRow[], days: { today: string; monthFrom: string; timeZone: string }) {
  const ids = members.map((member) => member.id.toString());
  const [counts, contracts, figures] = await Promise.all([
    // Siblings' teams do not overlap, so a page counts at most every member once.
    sql<{ id: string; direct: number; team: number }>`
      select ancestor_id::text as id, (count(*) filter (where depth = 1))::int as direct, (count(*) - 1)::int as team
      from agents_tree where ancestor_id = any(${ids}::bigint[]) group by ancestor_id`.execute(db),
    db
      .selectFrom('agents_contract as c')
      .leftJoin('accounts_v_member as u', 'u.id', 'c.upline_id')
      .select(['c.id', 'c.downline_id', 'c.kind', 'c.version', 'u.account as upline', 'c.max_rate_ppm'])
      .where(sql<boolean>`c.downline_id = any(${ids}::bigint[])`)
      .where('c.status', '=', 'active')
      .orderBy('c.kind')
      .execute(),
    sql<{ id: string; today_bets: number; today_stake: string; today_payout: string; today_valid: string; month_bets: number; month_stake: string; month_payout: string; month_valid: string }>`
      select agent_id::text as id,
        coalesce(sum(bets) filter (where day = ${days.today}::date), 0)::int as today_bets,
        coalesce(sum(stake) filter (where day = ${days.today}::date), 0)::text as today_stake,
        coalesce(sum(payout) filter (where day = ${days.today}::date), 0)::text as today_payout,
        coalesce(sum(valid_bet) filter (where day = ${days.today}::date), 0)::text as today_valid,
        coalesce(sum(bets), 0)::int as month_bets, coalesce(sum(stake), 0)::text as month_stake,
        coalesce(sum(payout), 0)::text as month_payout, coalesce(sum(valid_bet), 0)::text as month_valid
      from (
        select agent_id, day, bets, stake, payout, valid_bet from agents_team_day
        where agent_id = any(${ids}::bigint[]) and day between ${days.monthFrom}::date and ${days.today}::date
        union all
        select agent.id, (f.settled_at at time zone ${days.timeZone})::date, f.bets, f.stake, f.payout, f.valid_bet
        from agents_bet_fact f cross join lateral unnest(array_prepend(f.member_id, f.chain)) as agent(id)
        where not f.rolled_up and agent.id = any(${ids}::bigint[])
          and f.settled_at >= (${days.monthFrom}::date::timestamp at time zone ${days.timeZone})
          and f.settled_at < (${nextDay(days.today)}::date::timestamp at time zone ${days.timeZone})
      ) as play group by agent_id`.execute(db),
  ]);
  const countOf = new Map(counts.rows.map((row) => [row.id, row]));
  const figuresOf = new Map(figures.rows.map((row) => [row.id, row]));
  const play = (bets: number, stake: string, payout: string, valid: string): AgentTreeFigures => ({
    bets,
    stake: formatCents(BigInt(stake)),
    validBet: formatCents(BigInt(valid)),
    ggr: formatCents(BigInt(stake) - BigInt(payout)),
  });
  return (member: MemberRow): Omit<AgentTreeNode, 'level'> => {
    const id = member.id.toString();
    const row = figuresOf.get(id);
    return {
      account: member.account,
      nickname: member.nickname,
      type: member.type,
      isAgent: AGENT_TYPES.includes(member.type),
      status: member.status,
      directCount: countOf.get(id)?.direct ?? 0,
      teamSize: countOf.get(id)?.team ?? 0,
      contracts: contracts
        .filter((contract) => contract.downline_id === member.id)
        .map((contract) => ({ id: contract.id.toString(), kind: contract.kind, version: contract.version, upline: contract.upline, maxRate: formatRate(contract.max_rate_ppm) })),
      today: row ? play(row.today_bets, row.today_stake, row.today_payout, row.today_valid) : NO_FIGURES,
      month: row ? play(row.month_bets, row.month_stake, row.month_payout, row.month_valid) : NO_FIGURES,
      createdAt: member.created_at.toISOString(),
    };
  };
}
