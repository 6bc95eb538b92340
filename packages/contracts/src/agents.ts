import { z } from 'zod';
import { GameTypeSchema } from './catalogue.ts';
import { RoundStatusSchema } from './betting.ts';
import { JournalTypeSchema, MoneySchema } from './wallet.ts';

/**
 * Agent centre (spec §2 Agent centre, §3 contracts, §4 contracts, §6 agent permissions) and the
 * rules of docs/agent-commissions.md. Every report covers only the calling agent's own tree.
 * Days are calendar days in the operator's time zone; `to` is inclusive.
 */

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The longest custom period (days, inclusive) of an agent report: a year and a day, so one range
 * compares a month with the same month a year before. The totals read the daily rollups (one row
 * per team and day) and the lists are paged, so a year costs a few hundred rows per total.
 */
export const AGENT_MAX_PERIOD_DAYS = 366;

/** The report periods the agent centre offers; `custom` needs from and to (at most AGENT_MAX_PERIOD_DAYS). */
export const AGENT_PERIODS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'custom'] as const;
export const AgentPeriodSchema = z.enum(AGENT_PERIODS);
export type AgentPeriod = z.infer<typeof AgentPeriodSchema>;

export const AgentPeriodQuerySchema = z.object({
  period: AgentPeriodSchema.default('today'),
  from: DaySchema.optional(),
  to: DaySchema.optional(),
});
export type AgentPeriodQuery = z.infer<typeof AgentPeriodQuerySchema>;

/** The resolved period the server answered for (days inclusive, in `timeZone`). */
export const ResolvedPeriodSchema = z.object({ from: DaySchema, to: DaySchema, timeZone: z.string() });
export type ResolvedPeriod = z.infer<typeof ResolvedPeriodSchema>;

const Paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
/** A downline's account name as typed in a filter (lower-cased by the server). */
const AccountFilter = z.string().trim().max(32).optional();

// ---- Team overview (agentTeamOverview) ----

/** Money sums of a team (or one member) over a period. `profitLoss` is the members' result: payout − stake. */
export const TeamFiguresSchema = z.object({
  deposits: MoneySchema,
  withdrawals: MoneySchema,
  bets: z.number().int(),
  stake: MoneySchema,
  validBet: MoneySchema,
  payout: MoneySchema,
  profitLoss: MoneySchema,
});
export type TeamFigures = z.infer<typeof TeamFiguresSchema>;

export const TeamOverviewSchema = z.object({
  period: ResolvedPeriodSchema,
  /** Everyone under the agent (the agent excluded) and how many are direct downlines. */
  teamSize: z.number().int(),
  directCount: z.number().int(),
  newMembers: z.number().int(),
  /** Team members (the agent included) whose valid bet in the period reached the active threshold. */
  activeMembers: z.number().int(),
  activeThreshold: MoneySchema,
  figures: TeamFiguresSchema,
  /** Bets settled up to this instant are counted (the aggregation runs every few seconds). */
  asOf: z.string(),
});
export type TeamOverview = z.infer<typeof TeamOverviewSchema>;

// ---- Downlines (downlineManagmentView, registerCenter) ----

export const DownlineQuerySchema = z.object({ search: AccountFilter, directOnly: z.enum(['true', 'false']).default('false'), ...Paging });
export type DownlineQuery = z.infer<typeof DownlineQuerySchema>;

export const DownlineSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  /** 1 = a direct downline. */
  level: z.number().int(),
  upline: z.string().nullable(),
  teamSize: z.number().int(),
  status: z.enum(['active', 'locked', 'closed']),
  createdAt: z.string(),
  /** Only a direct downline's type may be changed, and only to what the agent may grant. */
  grantableTypes: z.array(z.number().int()),
});
export type Downline = z.infer<typeof DownlineSchema>;

export const DownlinePageSchema = z.object({ content: z.array(DownlineSchema), pageNum: z.number().int(), total: z.number().int(), totalPages: z.number().int() });
export type DownlinePage = z.infer<typeof DownlinePageSchema>;

export const DownlineSummarySchema = z.object({ downline: DownlineSchema, period: ResolvedPeriodSchema, balance: MoneySchema, own: TeamFiguresSchema, team: TeamFiguresSchema });
export type DownlineSummary = z.infer<typeof DownlineSummarySchema>;

export const SetDownlineTypeSchema = z.object({ type: z.number().int() });
export type SetDownlineType = z.infer<typeof SetDownlineTypeSchema>;

/** registerCenter: an agent opens an account directly in its tree. */
export const RegisterDownlineSchema = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  nickname: z.string().trim().max(64).optional(),
  /** 0 (member) or an agent type the agent may grant. */
  type: z.number().int().default(0),
});
export type RegisterDownline = z.infer<typeof RegisterDownlineSchema>;
export const RegisterDownlineResponseSchema = z.object({ downline: DownlineSchema });

export const ReferralSchema = z.object({
  referralCode: z.string(),
  /** The registration link members share: <site>/register?referralCode=<code>. */
  link: z.string(),
  /** An SVG QR code of the link, served by the API. */
  qrUrl: z.string(),
});
export type Referral = z.infer<typeof ReferralSchema>;

// ---- Team betting (personalHistoryCopy in the agent centre) ----

export const TeamBetQuerySchema = AgentPeriodQuerySchema.extend({ account: AccountFilter, gameType: GameTypeSchema.optional(), ...Paging, language: z.enum(['pt', 'en']).default('pt') });
export type TeamBetQuery = z.infer<typeof TeamBetQuerySchema>;

export const TeamBetSchema = z.object({
  account: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  /** The catalogue's name for the game in the query's language (the code when the catalogue has no such game). */
  gameName: z.string(),
  gameType: GameTypeSchema.nullable(),
  roundId: z.string(),
  stake: MoneySchema,
  payout: MoneySchema,
  validBet: MoneySchema,
  profitLoss: MoneySchema,
  status: RoundStatusSchema,
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TeamBet = z.infer<typeof TeamBetSchema>;

export const TeamBetPageSchema = z.object({
  period: ResolvedPeriodSchema,
  content: z.array(TeamBetSchema),
  pageNum: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.object({ stake: MoneySchema, payout: MoneySchema, validBet: MoneySchema, profitLoss: MoneySchema }),
});
export type TeamBetPage = z.infer<typeof TeamBetPageSchema>;

// ---- Downline profit and loss (palStatementsAgentCopy) ----

export const ProfitLossQuerySchema = AgentPeriodQuerySchema.extend({
  /** member: one row for the agent itself and one per direct downline's whole team; day: one row per day. */
  groupBy: z.enum(['member', 'day']).default('member'),
  /** Drill into a downline's team (must be in the caller's tree). */
  account: AccountFilter,
});
export type ProfitLossQuery = z.infer<typeof ProfitLossQuerySchema>;

export const ProfitLossRowSchema = z.object({
  /** The member (groupBy member) or the day (groupBy day). */
  key: z.string(),
  /** groupBy member: 'self' is the agent's own play, 'team' a direct downline with its team. */
  scope: z.enum(['self', 'team', 'day']),
  teamSize: z.number().int(),
  figures: TeamFiguresSchema,
});
export const ProfitLossReportSchema = z.object({ period: ResolvedPeriodSchema, root: z.string(), rows: z.array(ProfitLossRowSchema), total: TeamFiguresSchema });
export type ProfitLossReport = z.infer<typeof ProfitLossReportSchema>;

// ---- Downline transactions (agentDownlineTransactionDetailsCopy) ----

export const TeamTransactionQuerySchema = AgentPeriodQuerySchema.extend({ account: AccountFilter, type: JournalTypeSchema.optional(), ...Paging });
export type TeamTransactionQuery = z.infer<typeof TeamTransactionQuerySchema>;

/**
 * What an agent may know about a team member's movement, never the journal's own reference (an
 * operator's adjustment carries its reason there): the game by name, a commission's kind and
 * period start (an instant, shown in the operator's zone), a neutral "adjustment", the plain
 * reference of payments and transfers, or nothing.
 */
export const TeamTransactionDetailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game'), gameName: z.string(), roundId: z.string() }),
  z.object({ kind: z.literal('commission'), contractKind: z.string(), periodStart: z.string() }),
  z.object({ kind: z.literal('adjustment') }),
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type TeamTransactionDetail = z.infer<typeof TeamTransactionDetailSchema>;

export const TeamTransactionSchema = z.object({
  id: z.string(),
  account: z.string(),
  type: JournalTypeSchema,
  amount: MoneySchema,
  balanceAfter: MoneySchema,
  detail: TeamTransactionDetailSchema,
  createdAt: z.string(),
});
export const TeamTransactionPageSchema = z.object({
  period: ResolvedPeriodSchema,
  content: z.array(TeamTransactionSchema),
  pageNum: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TeamTransactionPage = z.infer<typeof TeamTransactionPageSchema>;

// ---- Transfers up and down the tree (the agent centre's transfers page) ----

export const AgentTransferQuerySchema = AgentPeriodQuerySchema.extend(Paging);
export type AgentTransferQuery = z.infer<typeof AgentTransferQuerySchema>;

/** Sent to a downline, received from the upline, sent to the upline, received from a downline. */
export const AGENT_TRANSFER_DIRECTIONS = ['toDownline', 'fromUpline', 'toUpline', 'fromDownline'] as const;
export const AgentTransferRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  direction: z.enum(AGENT_TRANSFER_DIRECTIONS),
  counterpart: z.string(),
  /** Signed: negative when the money left the agent. */
  amount: MoneySchema,
  balanceAfter: MoneySchema,
});
export type AgentTransferRow = z.infer<typeof AgentTransferRowSchema>;
export const AgentTransferPageSchema = z.object({
  period: ResolvedPeriodSchema,
  content: z.array(AgentTransferRowSchema),
  pageNum: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AgentTransferPage = z.infer<typeof AgentTransferPageSchema>;

// ---- Contracts (spec §3, §4) ----

export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export const ContractKindSchema = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof ContractKindSchema>;

/** Spec §3 consolidated flags, as the spec names them: which contract kinds the operator runs. */
export const ConsolidatedFlagsSchema = z.object({
  divtypereq: z.boolean(),
  dailysalreqtype: z.boolean(),
  contracthoursalreq: z.boolean(),
  realtimesalreqtype: z.boolean(),
});
export type ConsolidatedFlags = z.infer<typeof ConsolidatedFlagsSchema>;
export const CONTRACT_FLAG: Record<ContractKind, keyof ConsolidatedFlags> = {
  dividend: 'divtypereq',
  daily: 'dailysalreqtype',
  hourly: 'contracthoursalreq',
  realtime: 'realtimesalreqtype',
};

/** A rate in percent with at most four decimals ("0.5", "12.25"); stored as parts per million. */
export const RateSchema = z.string().trim().regex(/^\d{1,3}(\.\d{1,4})?$/, { message: 'agents.rate_invalid' });
/** A threshold in reais ("0", "1000.00"). */
const ThresholdSchema = z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, { message: 'agents.threshold_invalid' });
const ActiveCountSchema = z.number().int().min(0).max(100_000);

/** One tier per kind (spec §3 contracts). A tier applies when every threshold is met (≥). */
export const CONTRACT_TIER_SCHEMAS = {
  dividend: z.object({ minValidBet: ThresholdSchema, minLoss: ThresholdSchema, minActive: ActiveCountSchema, rate: RateSchema }),
  daily: z.object({ minValidBet: ThresholdSchema, minActive: ActiveCountSchema, rate: RateSchema }),
  hourly: z.object({ minValidBet: ThresholdSchema, rate: RateSchema }),
  realtime: z.object({ minSingleBet: ThresholdSchema, profitRate: RateSchema, lossRate: RateSchema }),
} as const satisfies Record<ContractKind, z.ZodType>;
export type ContractTier<K extends ContractKind> = z.infer<(typeof CONTRACT_TIER_SCHEMAS)[K]>;
/** The union the wire carries; the server validates the tiers against the offer's kind. */
export type AnyContractTier = ContractTier<ContractKind>;

export const CONTRACT_STATUSES = ['offered', 'active', 'rejected', 'terminated', 'superseded', 'withdrawn'] as const;
export const ContractStatusSchema = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof ContractStatusSchema>;

export const ContractSchema = z.object({
  id: z.string(),
  kind: ContractKindSchema,
  /** Null when the operator granted it (a top agent's contract). */
  upline: z.string().nullable(),
  downline: z.string(),
  version: z.number().int(),
  status: ContractStatusSchema,
  tiers: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** The contract this offer replaces once accepted. */
  replaces: z.string().nullable(),
  offeredAt: z.string(),
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
});
export type Contract = z.infer<typeof ContractSchema>;

export const ContractOfferSchema = z.object({
  kind: ContractKindSchema,
  downline: z.string().trim().min(1).max(64),
  tiers: z.array(z.record(z.string(), z.unknown())).min(1).max(10),
  /** Must be true to offer while the downline holds an active contract of this kind (spec §4). */
  confirmReplace: z.boolean().default(false),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type ContractOffer = z.infer<typeof ContractOfferSchema>;

export const ContractDecisionSchema = z.object({ decision: z.enum(['accept', 'reject', 'terminate', 'withdraw']) });
export type ContractDecision = z.infer<typeof ContractDecisionSchema>;

/** GET /api/agent/contracts?kind=…: the caller's own contract, offers to it, and its direct downlines'. */
export const ContractOverviewSchema = z.object({
  flags: ConsolidatedFlagsSchema,
  kind: ContractKindSchema,
  /** The caller's contract in force (null: none), and offers waiting for its answer. */
  mine: ContractSchema.nullable(),
  offersToMe: z.array(ContractSchema),
  /** The most the caller may offer, per tier index, derived from its own contract. */
  limits: z.object({
    maxTiers: z.number().int(),
    maxRate: RateSchema,
    /**
     * The ceiling per level (issue 20): a tier offered may pay at most what the agent's own tier
     * whose thresholds it meets pays (nothing when it meets none), each rate also within maxRate.
     * The agent's own tiers, rates so capped; empty without a contract.
     */
    tiers: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  }),
  downlines: z.array(z.object({ account: z.string(), nickname: z.string(), active: ContractSchema.nullable(), pending: ContractSchema.nullable() })),
  history: z.array(ContractSchema),
});
export type ContractOverview = z.infer<typeof ContractOverviewSchema>;

/** Offers waiting for the logged-in member (the contract modal). */
export const PendingContractsSchema = z.object({ offers: z.array(ContractSchema) });
export type PendingContracts = z.infer<typeof PendingContractsSchema>;

/**
 * Notices about the agent's contracts changed without its doing (docs/agent-commissions.md "Who
 * pays"): an operator grant replaced a contract an upline offered (told to both), a contract ended
 * because its payer's ended (told to the holder and to the agent whose contract ended).
 */
export const AGENT_NOTICE_KINDS = ['grant_replaced_offer', 'grant_replaced_mine', 'ended_with_payer', 'downline_contracts_ended'] as const;
export const AgentNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(AGENT_NOTICE_KINDS),
  contractKind: ContractKindSchema,
  /** Accounts named in the text: upline, downline, or downlines. */
  upline: z.string().nullable(),
  downline: z.string().nullable(),
  downlines: z.array(z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type AgentNotice = z.infer<typeof AgentNoticeSchema>;
export const AgentNoticeListSchema = z.object({ notices: z.array(AgentNoticeSchema), unread: z.number().int() });
export type AgentNoticeList = z.infer<typeof AgentNoticeListSchema>;

// ---- Settlement records (agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary) ----

export const SETTLEMENT_LINE_STATUSES = ['calculated', 'paid', 'insufficient', 'not_qualified'] as const;
export const SettlementLineStatusSchema = z.enum(SETTLEMENT_LINE_STATUSES);
/**
 * Why a line pays nothing: the team won (dividend: no loss to share) or lost nothing, no valid
 * bet, no tier reached, a gross under one centavo, or a late-bets adjustment with nothing more.
 */
export const SETTLEMENT_LINE_OUTCOMES = ['team_won', 'no_loss', 'no_play', 'no_tier', 'below_centavo', 'nothing_more'] as const;
export const SettlementLineOutcomeSchema = z.enum(SETTLEMENT_LINE_OUTCOMES);
export type SettlementLineOutcome = z.infer<typeof SettlementLineOutcomeSchema>;

export const SettlementQuerySchema = AgentPeriodQuerySchema.extend({
  kind: ContractKindSchema,
  /** received: lines paid to the caller; paid: lines the caller paid to its downlines. */
  side: z.enum(['received', 'paid']).default('received'),
  ...Paging,
});
export type SettlementQuery = z.infer<typeof SettlementQuerySchema>;

export const SettlementLineSchema = z.object({
  id: z.string(),
  kind: ContractKindSchema,
  agent: z.string(),
  /** Null = the platform paid. */
  payer: z.string().nullable(),
  /**
   * Who pays the line (docs/agent-commissions.md "Who pays"): the platform for an operator-granted
   * contract, or the upline agent who offered the contract (`payer`).
   */
  paidBy: z.enum(['platform', 'agent']),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The run's version: 1, then 2… for delta runs that took late bets. */
  version: z.number().int(),
  base: MoneySchema,
  activeMembers: z.number().int(),
  rate: RateSchema,
  gross: MoneySchema,
  childrenGross: MoneySchema,
  net: MoneySchema,
  /** What this line posted (net less what earlier versions of the period already paid). */
  amount: MoneySchema,
  status: SettlementLineStatusSchema,
  /** Why it pays nothing; null when it pays. */
  outcome: SettlementLineOutcomeSchema.nullable(),
  settledAt: z.string(),
});
export type SettlementLine = z.infer<typeof SettlementLineSchema>;
export const SettlementPageSchema = z.object({
  period: ResolvedPeriodSchema,
  content: z.array(SettlementLineSchema),
  pageNum: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.object({ amount: MoneySchema }),
});
export type SettlementPage = z.infer<typeof SettlementPageSchema>;

/** agentRevenueReport: the caller's income by contract kind over a period. */
export const RevenueReportSchema = z.object({
  period: ResolvedPeriodSchema,
  rows: z.array(z.object({ kind: ContractKindSchema, received: MoneySchema, paidToDownlines: MoneySchema, net: MoneySchema, lines: z.number().int() })),
  total: z.object({ received: MoneySchema, paidToDownlines: MoneySchema, net: MoneySchema }),
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;

// ---- Agent announcements (agentAnnouncement) ----

export const AgentAnnouncementSchema = z.object({ id: z.string(), title: z.string(), html: z.string(), publishedAt: z.string() });
export const AgentAnnouncementListSchema = z.object({ list: z.array(AgentAnnouncementSchema) });
export type AgentAnnouncementList = z.infer<typeof AgentAnnouncementListSchema>;
