import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AgentAnnouncementList, Language } from '@app/contracts';
import { parseCents, systemClock, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { DownlineService } from '../accounts/index.ts';
import type { AuditEntry } from '../backoffice/index.ts';
import type { SystemService } from '../system/index.ts';
import * as tree from './agent-tree.repository.ts';
import type { AgentsSettings, CommissionWallet } from './agents.ports.ts';
import { agentReportRoutes } from './agents.routes.ts';
import { contractsAdminRoutes, contractsRoutes, createContractsService, type ContractsDeps } from './contracts/index.ts';
import { createReportsService } from './reports/reports.service.ts';
import type { DescribeGame } from './reports/entry-detail.ts';
import { runRollup } from './rollup.ts';
import type { ApprovalsAccess } from '../../platform/approval-kinds.ts';
import { settlementAdminRoutes } from './settlement/settlement.admin-routes.ts';
import { settlementApprovalKinds } from './settlement/settlement.approvals.ts';
import { createSettlementRuns } from './settlement/settlement-runs.admin.ts';
import { createSettlementService } from './settlement/settlement.service.ts';
import { agentTeamRoutes } from './team.routes.ts';
import { treeAdminRoutes } from './tree.admin-routes.ts';

export type { CommissionWallet } from './agents.ports.ts';

/** The demo agent's contracts: modest rates a demo visitor can share with downline agents. */
const DEMO_TIERS = {
  dividend: [
    { minValidBet: '0', minLoss: '0', minActive: 0, rate: '20' },
    { minValidBet: '10000.00', minLoss: '1000.00', minActive: 3, rate: '30' },
  ],
  daily: [
    { minValidBet: '0', minActive: 0, rate: '0.5' },
    { minValidBet: '5000.00', minActive: 2, rate: '1' },
  ],
  hourly: [{ minValidBet: '0', rate: '0.3' }],
  realtime: [
    { minSingleBet: '0', profitRate: '0.2', lossRate: '0.4' },
    { minSingleBet: '100.00', profitRate: '0.3', lossRate: '0.6' },
  ],
} as const;

/**
 * Agents module (docs/agent-commissions.md): the agent tree (closure table kept by triggers), bet
 * facts with the upline chain snapshotted at settlement and their rollups, team reports, contracts
 * and their settlement into the wallet's commission journals.
 */
export function createAgentsModule(deps: {
  db: Db;
  /** Team reports tolerate replication lag: a read replica when configured (DATABASE_READ_URL). */
  readDb?: Db;
  logger: Logger;
  system: SystemService;
  wallet: CommissionWallet;
  cashOf: (memberId: bigint) => Promise<bigint>;
  downlines: DownlineService;
  audit: (executor: Parameters<CommissionWallet['payCommission']>[0], entry: AuditEntry) => Promise<void>;
  agentNotices: (language: Language) => Promise<{ value: AgentAnnouncementList }>;
  publicUrl: string;
  /** The catalogue's public describeGame (team transactions name games). */
  describeGame: DescribeGame;
  /** A downline agent was offered a contract (in the offer's transaction): the platform message. */
  contractOffered?: ContractsDeps['contractOffered'];
  clock?: Clock;
}) {
  const settings = async (): Promise<AgentsSettings> => {
    const all = await deps.system.getSettings();
    return { ...all.agents, timeZone: all.locale.timeZone };
  };
  const contracts = createContractsService({ db: deps.db, settings: async () => (await deps.system.getSettings()).agents, audit: deps.audit, ...(deps.contractOffered ? { contractOffered: deps.contractOffered } : {}) });
  const reports = createReportsService({
    db: deps.readDb ?? deps.db,
    clock: deps.clock,
    settings: async () => {
      const all = await settings();
      return { timeZone: all.timeZone, activeMemberValidBet: all.activeMemberValidBet };
    },
    grantableTypes: deps.downlines.grantableTypes,
    cashOf: deps.cashOf,
    describeGame: deps.describeGame,
  });
  const settlement = createSettlementService({ db: deps.db, logger: deps.logger, settings, wallet: deps.wallet, clock: deps.clock });
  const rollup = async () => {
    const current = await settings();
    return runRollup(deps.db, current.timeZone, parseCents(current.activeMemberValidBet) ?? 0n);
  };

  return {
    api: {
      uplineChain: (memberId: bigint) => tree.uplineChain(deps.db, memberId),
      teamSize: (agentId: bigint) => tree.teamSize(deps.db, agentId),
      isInTeam: (agentId: bigint, memberId: bigint) => tree.isInTeam(deps.db, agentId, memberId),
      rollup,
      settlement,
      contracts,
      /**
       * Demo installations: operator-granted contracts of every kind for the demo agent, in the
       * name of `operator` (the back office's findOperator); keyed, so restarts grant nothing twice.
       */
      async seedDemoContracts(agentAccount: string, operator: { id: bigint; username: string }): Promise<void> {
        for (const [kind, tiers] of Object.entries(DEMO_TIERS)) {
          await contracts.grant({ id: operator.id, username: operator.username, ip: null }, { downline: agentAccount, kind: kind as keyof typeof DEMO_TIERS, tiers }, `demo-${kind}`);
        }
      },
    },
    /** Register under prefix /api. */
    routes(auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return async (app) => {
        await app.register(agentReportRoutes({
          db: deps.db,
          reports,
          settings,
          announcements: async (language) => (await deps.agentNotices(language === 'en' ? 'en' : 'pt')).value,
          requireMember: auth.requireMember,
          clock: deps.clock,
        }));
        await app.register(agentTeamRoutes({ db: deps.db, reports, downlines: deps.downlines, publicUrl: deps.publicUrl, requireMember: auth.requireMember }));
        await app.register(contractsRoutes({ contracts, requireMember: auth.requireMember, requireRealMember: auth.requireRealMember }));
      };
    },
    /** Register under prefix /api; operator auth comes from the back-office module. */
    adminRoutes(operators: { requireOperator: Parameters<typeof contractsAdminRoutes>[0]['requireOperator']; approvals: ApprovalsAccess }): FastifyPluginAsyncZod {
      const { requireOperator, approvals } = operators;
      const runs = createSettlementRuns({ db: deps.db, settlement, audit: deps.audit });
      approvals.register(...settlementApprovalKinds({ db: deps.db, runs, settlement, settings, clock: deps.clock }));
      return async (app) => {
        await app.register(contractsAdminRoutes({ contracts, requireOperator }));
        await app.register(settlementAdminRoutes({ db: deps.db, runs, requireOperator, approvals }));
        await app.register(treeAdminRoutes({ db: deps.db, clock: deps.clock ?? systemClock, timeZone: async () => (await settings()).timeZone, requireOperator }));
      };
    },
    jobs: [
      { name: 'agents.rollup', cron: '* * * * *', handle: async () => void (await rollup()) },
      { name: 'agents.realtime-salary', cron: '*/5 * * * *', handle: async () => void (await settlement.settleRealtime()) },
      { name: 'agents.settle', cron: '7 * * * *', handle: async () => void (await settlement.settleDue()) },
    ] satisfies JobDefinition[],
  };
}

export type AgentsModule = ReturnType<typeof createAgentsModule>;
