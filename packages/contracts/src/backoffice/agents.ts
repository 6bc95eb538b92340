import { z } from 'zod';
import { ContractKindSchema, ContractSchema, RateSchema, SettlementLineSchema, SettlementLineStatusSchema } from '../agents.ts';
import { MoneySchema } from '../wallet.ts';

/**
 * The console's agent screens (issue 11 "Agents"): the tree browser, settlement runs with their
 * lines, and the re-run of a run's unpaid lines. Contracts use the agent centre's schemas.
 */

const Paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
};
/** An account name as an operator types it (trimmed and lower-cased by the server). */
const AccountQuery = z.string().trim().min(1).max(64);
const BooleanQuery = z.enum(['true', 'false']);

// ---- Tree ----

/** GET /api/backoffice/agents/tree: the direct downlines of `root`, or the top agents without it. */
export const AgentTreeQuerySchema = z.object({
  root: AccountQuery.optional(),
  /** Only agent accounts among the downlines (a node can have thousands of players). */
  agentsOnly: BooleanQuery.default('false'),
  ...Paging,
});
export type AgentTreeQuery = z.infer<typeof AgentTreeQuerySchema>;

/** A team's play over some days (the node and everyone below it): GGR = stake − payout. */
export const AgentTreeFiguresSchema = z.object({ bets: z.number().int(), stake: MoneySchema, validBet: MoneySchema, ggr: MoneySchema });
export type AgentTreeFigures = z.infer<typeof AgentTreeFiguresSchema>;

/** A contract in force on a node: its kind, version, who granted it (null = an operator) and its highest rate. */
export const AgentTreeContractSchema = z.object({ id: z.string(), kind: ContractKindSchema, version: z.number().int(), upline: z.string().nullable(), maxRate: RateSchema });

export const AgentTreeNodeSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  /** Account type (0 member, 1, 2, 41, 42 agents, 4 trial). */
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Member status (active, locked…). */
  status: z.string(),
  /** Distance from the top of its tree (0: no upline). */
  level: z.number().int(),
  directCount: z.number().int(),
  /** Everyone below the node (the node excluded). */
  teamSize: z.number().int(),
  contracts: z.array(AgentTreeContractSchema),
  /** The team's play today and this month so far, in the operator's days. */
  today: AgentTreeFiguresSchema,
  month: AgentTreeFiguresSchema,
  createdAt: z.string(),
});
export type AgentTreeNode = z.infer<typeof AgentTreeNodeSchema>;

export const AgentTreePageSchema = z.object({
  /** The node asked for (null: the top of the trees). */
  root: AgentTreeNodeSchema.nullable(),
  /** The root's uplines, top first. */
  path: z.array(z.object({ account: z.string(), level: z.number().int() })),
  content: z.array(AgentTreeNodeSchema),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** The days `today` and `month` cover, in `timeZone`. */
  days: z.object({ today: z.string(), monthFrom: z.string(), timeZone: z.string() }),
});
export type AgentTreePage = z.infer<typeof AgentTreePageSchema>;

// ---- Contracts ----

/** GET /api/backoffice/agents/contracts: newest first, at most 200. */
export const OperatorContractListSchema = z.object({ contracts: z.array(ContractSchema) });
/** POST /api/backoffice/agents/contracts (201). */
export const GrantedContractSchema = z.object({ contract: ContractSchema });

// ---- Settlement runs ----

/**
 * A run's state from its lines: failed while a line waits for a payer short of funds
 * (insufficient), pending while a line is calculated but not paid, complete otherwise.
 */
export const SETTLEMENT_RUN_STATUSES = ['complete', 'pending', 'failed'] as const;
export const SettlementRunStatusSchema = z.enum(SETTLEMENT_RUN_STATUSES);
export type SettlementRunStatus = z.infer<typeof SettlementRunStatusSchema>;

export const SettlementRunQuerySchema = z.object({
  kind: ContractKindSchema.optional(),
  status: SettlementRunStatusSchema.optional(),
  /** Real-time windows without any line are left out unless asked for. */
  includeEmpty: BooleanQuery.default('false'),
  pageNo: Paging.pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SettlementRunQuery = z.infer<typeof SettlementRunQuerySchema>;

export const SettlementRunSchema = z.object({
  id: z.string(),
  kind: ContractKindSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  /** 1, then 2… for delta runs that took late bets. */
  version: z.number().int(),
  createdAt: z.string(),
  status: SettlementRunStatusSchema,
  lines: z.number().int(),
  paidLines: z.number().int(),
  pendingLines: z.number().int(),
  failedLines: z.number().int(),
  notQualifiedLines: z.number().int(),
  totalPaid: MoneySchema,
  /** What the unpaid lines still owe. */
  totalDue: MoneySchema,
  /** Payment attempts over every line (a paid line made at least one). */
  attempts: z.number().int(),
});
export type SettlementRun = z.infer<typeof SettlementRunSchema>;

export const SettlementRunPageSchema = z.object({ content: z.array(SettlementRunSchema), total: z.number().int() });
export type SettlementRunPage = z.infer<typeof SettlementRunPageSchema>;

/** A line as operators see it: with its payment attempts and the ledger journal that paid it. */
export const OperatorSettlementLineSchema = SettlementLineSchema.extend({
  runId: z.string(),
  deficit: MoneySchema,
  attempts: z.number().int(),
  journalKey: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type OperatorSettlementLine = z.infer<typeof OperatorSettlementLineSchema>;

export const SettlementRunLinesQuerySchema = z.object({ status: SettlementLineStatusSchema.optional(), ...Paging });
export type SettlementRunLinesQuery = z.infer<typeof SettlementRunLinesQuerySchema>;

export const SettlementRunDetailSchema = z.object({ run: SettlementRunSchema, lines: z.array(OperatorSettlementLineSchema), total: z.number().int() });
export type SettlementRunDetail = z.infer<typeof SettlementRunDetailSchema>;

/**
 * POST /api/backoffice/agents/settlements/runs/{id}/rerun: pay the run's lines that are not paid
 * (all of them, 500 per call, or those listed). A paid line is never paid again, so a replay pays
 * nothing.
 */
export const SettlementRerunSchema = z.object({
  lineIds: z.array(z.string().regex(/^\d{1,18}$/)).min(1).max(500).optional(),
  reason: z.string().trim().min(1, { message: 'agents.reason_required' }).max(500),
});
export type SettlementRerun = z.infer<typeof SettlementRerunSchema>;

export const SETTLEMENT_RERUN_OUTCOMES = ['paid', 'insufficient', 'already_paid', 'not_payable', 'error'] as const;
export const SettlementRerunOutcomeSchema = z.enum(SETTLEMENT_RERUN_OUTCOMES);
export type SettlementRerunOutcome = z.infer<typeof SettlementRerunOutcomeSchema>;

export const SettlementRerunResultSchema = z.object({
  run: SettlementRunSchema,
  /** Lines by outcome. */
  counts: z.object({ paid: z.number().int(), insufficient: z.number().int(), already_paid: z.number().int(), not_payable: z.number().int(), error: z.number().int() }),
  /** Money this re-run moved. */
  paidAmount: MoneySchema,
  /** The run has more unpaid lines than one call pays: call again. */
  more: z.boolean(),
  lines: z.array(
    z.object({
      id: z.string(),
      agent: z.string(),
      amount: MoneySchema,
      before: SettlementLineStatusSchema,
      after: SettlementLineStatusSchema,
      outcome: SettlementRerunOutcomeSchema,
      journalKey: z.string().nullable(),
      /** The wallet's refusal code when outcome is error. */
      error: z.string().nullable(),
    }),
  ),
});
export type SettlementRerunResult = z.infer<typeof SettlementRerunResultSchema>;
