import type { ColumnType, Generated } from 'kysely';
import type { ContractKind, ContractStatus } from '@app/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The agent tree's closure table (migration 0024), kept by the hooks accounts_member's own triggers call (0046). */
export interface AgentsTreeTable {
  ancestor_id: bigint;
  descendant_id: bigint;
  depth: number;
}

/** One change of a settled round's result, in deltas, with the upline chain snapshot (migration 0025). */
export interface AgentsBetFactTable {
  seq: Generated<bigint>;
  member_id: bigint;
  /** bigint[] in SQL; node-postgres reads int8 arrays as decimal strings. */
  chain: ColumnType<string[], bigint[], bigint[]>;
  vendor_code: string;
  round_id: string;
  round_stake: bigint;
  member_won: boolean;
  stake: bigint;
  payout: bigint;
  valid_bet: bigint;
  bets: number;
  settled_at: Timestamp;
  rolled_up: Generated<boolean>;
  realtime_run_id: bigint | null;
}

/** The upline chain a settled round is attributed to, kept at its first settlement when non-empty (migration 0045). */
export interface AgentsRoundChainTable {
  vendor_code: string;
  member_id: bigint;
  round_id: string;
  /** bigint[] in SQL; node-postgres reads int8 arrays as decimal strings. */
  chain: ColumnType<string[], bigint[], bigint[]>;
}

export interface AgentsRollupStateTable {
  id: number;
  last_run_at: Timestamp;
}

interface PlayFigures {
  bets: number;
  stake: bigint;
  payout: bigint;
  valid_bet: bigint;
}
export interface AgentsMemberDayTable extends PlayFigures {
  day: ColumnType<Date, string, string>;
  member_id: bigint;
}
export interface AgentsTeamDayTable extends PlayFigures {
  agent_id: bigint;
  day: ColumnType<Date, string, string>;
  /** Team members whose own valid bet that day reached the active threshold (kept by the rollup). */
  active_members: Generated<number>;
}
/** A member's valid bet over a calendar month (0034): who is active on the month's total. */
export interface AgentsMemberMonthTable {
  month: ColumnType<Date, string, string>;
  member_id: bigint;
  valid_bet: Generated<bigint>;
}
/** Team members active over the month, kept by the rollup as members cross the threshold. */
export interface AgentsTeamMonthTable {
  agent_id: bigint;
  month: ColumnType<Date, string, string>;
  active_members: Generated<number>;
}
export interface AgentsTeamHourTable extends PlayFigures {
  agent_id: bigint;
  hour: Timestamp;
}

export interface AgentsContractTable {
  id: Generated<bigint>;
  kind: ContractKind;
  upline_id: bigint | null;
  downline_id: bigint;
  version: number;
  status: ContractStatus;
  /** Normalised tiers (centavos, counts, parts per million): see contracts/contract-tiers.ts. */
  tiers: ColumnType<unknown[], string, string>;
  max_rate_ppm: number;
  replaces_id: bigint | null;
  request_key: string;
  offered_by_operator: bigint | null;
  offered_at: Timestamp;
  decided_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  ended_by: string | null;
}

export interface AgentsSettlementRunTable {
  id: Generated<bigint>;
  kind: ContractKind;
  period_start: Timestamp;
  period_end: Timestamp;
  version: number;
  from_seq: ColumnType<bigint, bigint | undefined, bigint>;
  to_seq: bigint;
  created_at: Timestamp;
}

export type SettlementLineStatus = 'calculated' | 'paid' | 'insufficient' | 'not_qualified';
/** Why a line pays nothing (migration 0058); null when it pays. */
export type SettlementLineOutcome = 'team_won' | 'no_loss' | 'no_play' | 'no_tier' | 'below_centavo' | 'nothing_more';
export interface AgentsSettlementLineTable {
  id: Generated<bigint>;
  run_id: bigint;
  kind: ContractKind;
  period_start: Timestamp;
  period_end: Timestamp;
  agent_id: bigint;
  contract_id: bigint;
  payer_id: bigint | null;
  base: bigint;
  active_members: number;
  tier_index: number | null;
  rate_ppm: number;
  gross: bigint;
  children_gross: bigint;
  net: bigint;
  amount: bigint;
  deficit: bigint;
  status: SettlementLineStatus;
  outcome: ColumnType<SettlementLineOutcome | null, SettlementLineOutcome | null | undefined, SettlementLineOutcome | null>;
  attempts: Generated<number>;
  journal_key: string | null;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
}

export type AgentNoticeKind = 'grant_replaced_offer' | 'grant_replaced_mine' | 'ended_with_payer' | 'downline_contracts_ended';
/** A notice to an agent about a contract changed without its doing (migration 0058). */
export interface AgentsNoticeTable {
  id: Generated<bigint>;
  member_id: bigint;
  kind: AgentNoticeKind;
  contract_kind: ContractKind;
  contract_id: bigint;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  read_at: NullableTimestamp;
}

export interface AgentsTables {
  agents_tree: AgentsTreeTable;
  agents_bet_fact: AgentsBetFactTable;
  agents_round_chain: AgentsRoundChainTable;
  agents_rollup_state: AgentsRollupStateTable;
  agents_member_day: AgentsMemberDayTable;
  agents_team_day: AgentsTeamDayTable;
  agents_team_hour: AgentsTeamHourTable;
  agents_member_month: AgentsMemberMonthTable;
  agents_team_month: AgentsTeamMonthTable;
  agents_contract: AgentsContractTable;
  agents_settlement_run: AgentsSettlementRunTable;
  agents_settlement_line: AgentsSettlementLineTable;
  agents_notice: AgentsNoticeTable;
}
