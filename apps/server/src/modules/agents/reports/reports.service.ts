import { AppError, formatCents, parseCents, systemClock, type Clock } from '@app/kernel';
import type {
  AgentPeriodQuery,
  AgentTransferPage,
  AgentTransferQuery,
  Downline,
  DownlinePage,
  DownlineQuery,
  DownlineSummary,
  GameType,
  ProfitLossQuery,
  ProfitLossReport,
  TeamBetPage,
  TeamBetQuery,
  TeamFigures,
  TeamOverview,
  TeamTransactionPage,
  TeamTransactionQuery,
} from '@app/contracts';
import { entryDetail, gameNameOf, type DescribeGame } from './entry-detail.ts';
import { toTransferRow } from './transfers.ts';
import type { Db } from '../../../platform/db.ts';
import { teamSize } from '../agent-tree.repository.ts';
import * as figures from './figures.repository.ts';
import { isMonthSoFar, resolvePeriod } from './periods.ts';
import * as lists from './team-lists.repository.ts';

export interface ReportAgent {
  id: bigint;
  account: string;
  type: number;
}

export interface ReportsDeps {
  db: Db;
  clock?: Clock;
  settings: () => Promise<{ timeZone: string; activeMemberValidBet: string }>;
  grantableTypes: (agentType: number) => number[];
  cashOf: (memberId: bigint) => Promise<bigint>;
  /** The catalogue's public describeGame: team transactions name games, not codes. */
  describeGame: DescribeGame;
}

const money = (cents: bigint) => formatCents(cents);
const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export function toFigures(play: figures.Play, flows: figures.Money): TeamFigures {
  return {
    deposits: money(flows.deposits),
    withdrawals: money(flows.withdrawals),
    bets: play.bets,
    stake: money(play.stake),
    validBet: money(play.validBet),
    payout: money(play.payout),
    profitLoss: money(play.payout - play.stake),
  };
}

/** The agent centre's reports (spec §2): every read goes through the caller's own closure rows. */
export function createReportsService(deps: ReportsDeps) {
  const clock = deps.clock ?? systemClock;
  const periodOf = async (query: AgentPeriodQuery) => resolvePeriod(query, (await deps.settings()).timeZone, clock.now());

  function toDownline(agent: ReportAgent, row: lists.DownlineRow): Downline {
    return {
      account: row.account,
      nickname: row.nickname,
      type: row.type,
      isAgent: [1, 2, 41, 42].includes(row.type),
      level: row.level,
      upline: row.upline,
      teamSize: Number(row.team_size),
      status: row.status,
      createdAt: row.created_at.toISOString(),
      grantableTypes: row.level === 1 ? deps.grantableTypes(agent.type) : [],
    };
  }

  /** A team member by account, or agents.not_in_team (also for accounts that do not exist). */
  async function downlineOf(agent: ReportAgent, account: string | undefined) {
    const row = account ? await lists.findDownline(deps.db, agent.id, account.trim().toLowerCase()) : undefined;
    if (!row) throw new AppError('agents.not_in_team', 'not in your team');
    return row;
  }

  return {
    downlineOf,
    toDownline,

    async overview(agent: ReportAgent, query: AgentPeriodQuery): Promise<TeamOverview> {
      const period = await periodOf(query);
      const threshold = parseCents((await deps.settings()).activeMemberValidBet) ?? 0n;
      const [size, joined, active, play, flows] = await Promise.all([
        teamSize(deps.db, agent.id),
        figures.newMembers(deps.db, agent.id, period),
        figures.activeMembers(deps.db, agent.id, period, threshold, { keptMonth: isMonthSoFar(period, clock.now()) }),
        figures.teamPlay(deps.db, agent.id, period),
        figures.teamMoney(deps.db, agent.id, period),
      ]);
      return {
        period,
        teamSize: size.team,
        directCount: size.direct,
        newMembers: joined,
        activeMembers: active,
        activeThreshold: money(threshold),
        figures: toFigures(play.get(null) ?? figures.NO_PLAY, flows.get(null) ?? figures.NO_MONEY),
        asOf: clock.now().toISOString(),
      };
    },

    async downlines(agent: ReportAgent, query: DownlineQuery): Promise<DownlinePage> {
      const search = query.search?.trim().toLowerCase() || undefined;
      const { rows, total } = await lists.listDownlines(deps.db, {
        agentId: agent.id,
        search,
        directOnly: query.directOnly === 'true',
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return { content: rows.map((row) => toDownline(agent, row)), pageNum: query.pageNo, total, totalPages: pages(total, query.pageSize) };
    },

    async downlineSummary(agent: ReportAgent, account: string, query: AgentPeriodQuery): Promise<DownlineSummary> {
      const row = await downlineOf(agent, account);
      const period = await periodOf(query);
      const [ownPlay, ownMoney, teamPlay, teamMoney, balance] = await Promise.all([
        figures.memberPlay(deps.db, row.id, period),
        figures.memberMoney(deps.db, row.id, period),
        figures.teamPlay(deps.db, row.id, period),
        figures.teamMoney(deps.db, row.id, period),
        deps.cashOf(row.id),
      ]);
      return {
        downline: toDownline(agent, row),
        period,
        balance: money(balance),
        own: toFigures(ownPlay, ownMoney),
        team: toFigures(teamPlay.get(null) ?? figures.NO_PLAY, teamMoney.get(null) ?? figures.NO_MONEY),
      };
    },

    async teamBets(agent: ReportAgent, query: TeamBetQuery): Promise<TeamBetPage> {
      const period = await periodOf(query);
      const member = query.account ? await downlineOf(agent, query.account) : undefined;
      const { rows, total, totals } = await lists.listTeamBets(deps.db, {
        agentId: agent.id,
        period,
        memberId: member?.id,
        gameType: query.gameType,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      // One catalogue look-up per game on the page, not per round.
      const names = new Map<string, Promise<string>>();
      const nameOf = (vendor: string, gameCode: string) => {
        const key = `${vendor}/${gameCode}`;
        if (!names.has(key)) names.set(key, deps.describeGame(vendor, gameCode).then((game) => (game ? gameNameOf(game.names, query.language, gameCode) : gameCode)));
        return names.get(key)!;
      };
      return {
        period,
        content: await Promise.all(rows.map(async (row) => {
          return {
            account: row.account,
            vendor: row.vendor_code,
            gameCode: row.game_code,
            gameName: await nameOf(row.vendor_code, row.game_code),
            gameType: row.game_type as GameType | null,
            roundId: row.round_id,
            stake: money(row.bet),
            payout: money(row.win),
            validBet: money(BigInt(row.valid_bet)),
            profitLoss: money(row.status === 'rolled_back' ? 0n : row.win - row.bet),
            status: row.status,
            openedAt: row.opened_at.toISOString(),
            closedAt: row.closed_at?.toISOString() ?? null,
          };
        })),
        pageNum: query.pageNo,
        total,
        totalPages: pages(total, query.pageSize),
        totals: { stake: money(totals.stake), payout: money(totals.payout), validBet: money(totals.validBet), profitLoss: money(totals.payout - totals.stake) },
      };
    },

    async profitLoss(agent: ReportAgent, query: ProfitLossQuery): Promise<ProfitLossReport> {
      const period = await periodOf(query);
      const root = query.account ? await downlineOf(agent, query.account) : { id: agent.id, account: agent.account };
      const [teamPlay, teamMoney] = await Promise.all([figures.teamPlay(deps.db, root.id, period), figures.teamMoney(deps.db, root.id, period)]);
      const total = toFigures(teamPlay.get(null) ?? figures.NO_PLAY, teamMoney.get(null) ?? figures.NO_MONEY);
      if (query.groupBy === 'day') {
        const [play, flows] = await Promise.all([figures.teamPlay(deps.db, root.id, period, true), figures.teamMoney(deps.db, root.id, period, true)]);
        const days = [...new Set([...play.keys(), ...flows.keys()])].filter((day): day is string => day !== null).sort().reverse();
        return { period, root: root.account, total, rows: days.map((day) => ({ key: day, scope: 'day', teamSize: 0, figures: toFigures(play.get(day) ?? figures.NO_PLAY, flows.get(day) ?? figures.NO_MONEY) })) };
      }
      const [selfPlay, selfMoney, play, flows, children] = await Promise.all([
        figures.memberPlay(deps.db, root.id, period),
        figures.memberMoney(deps.db, root.id, period),
        figures.childrenPlay(deps.db, root.id, period),
        figures.childrenMoney(deps.db, root.id, period),
        lists.listDownlines(deps.db, { agentId: root.id, directOnly: true, limit: 500, offset: 0 }),
      ]);
      const rows = children.rows
        .map((child) => ({ child, play: play.get(child.id.toString()) ?? figures.NO_PLAY, flows: flows.get(child.id.toString()) ?? figures.NO_MONEY }))
        .filter(({ play: childPlay, flows: childFlows }) => childPlay.bets !== 0 || childPlay.stake !== 0n || childFlows.deposits !== 0n || childFlows.withdrawals !== 0n)
        .map(({ child, play: childPlay, flows: childFlows }) => ({ key: child.account, scope: 'team' as const, teamSize: Number(child.team_size), figures: toFigures(childPlay, childFlows) }));
      return { period, root: root.account, total, rows: [{ key: root.account, scope: 'self', teamSize: 0, figures: toFigures(selfPlay, selfMoney) }, ...rows] };
    },

    /** The agent's own transfers to and from its upline and downlines (the transfers page). */
    async transfers(agent: ReportAgent, query: AgentTransferQuery): Promise<AgentTransferPage> {
      const period = await periodOf(query);
      const { rows, total } = await lists.listOwnTransfers(deps.db, { memberId: agent.id, period, limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize });
      return { period, content: rows.map((row) => toTransferRow(agent.account, row)), pageNum: query.pageNo, total, totalPages: pages(total, query.pageSize) };
    },

    async transactions(agent: ReportAgent, query: TeamTransactionQuery, language = 'pt'): Promise<TeamTransactionPage> {
      const period = await periodOf(query);
      const member = query.account ? await downlineOf(agent, query.account) : undefined;
      const { rows, total } = await lists.listTeamEntries(deps.db, {
        agentId: agent.id,
        period,
        memberId: member?.id,
        type: query.type,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        period,
        content: await Promise.all(
          rows.map(async (row) => ({
            id: row.id.toString(),
            account: row.account,
            type: row.type,
            amount: money(row.amount),
            balanceAfter: money(row.balance_after),
            detail: await entryDetail(row, language, deps.describeGame),
            createdAt: row.created_at.toISOString(),
          })),
        ),
        pageNum: query.pageNo,
        total,
        totalPages: pages(total, query.pageSize),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
