import type { ColumnType, Generated } from 'kysely';
import type { BonusGrantStatus } from '@app/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A grant of bonus money with its wagering requirement (migration 0062). */
export interface BonusGrantTable {
  id: Generated<bigint>;
  key: string;
  member_id: bigint;
  amount: bigint;
  /** What the grant holds now: its amount less bets' bonus shares plus their wins' bonus parts (0068). */
  balance: bigint;
  /** numeric(8,2): node-postgres reads it as a decimal string. */
  wagering_multiple: ColumnType<string, string, string>;
  required: bigint;
  done: Generated<bigint>;
  status: Generated<BonusGrantStatus>;
  source_kind: string;
  source_id: string;
  note: string | null;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  closed_amount: bigint | null;
}

/** Percent of a settled round's stake counted towards wagering, per game type (0062). */
export interface BonusContributionTable {
  game_type: string;
  percent: number;
  updated_at: Generated<Date>;
}

/** What each round has counted so far (written only by the SQL hook, 0062). */
export interface BonusRoundTable {
  vendor_code: string;
  member_id: bigint;
  round_id: string;
  counted: bigint;
}

/** Which grants a round's contribution went to (written only by the SQL hook, 0062). */
export interface BonusRoundAllocationTable {
  vendor_code: string;
  member_id: bigint;
  round_id: string;
  grant_id: bigint;
  amount: bigint;
}

/** A bet's bonus share per grant it came from (written only by the SQL functions, 0068). */
export interface BonusStakeTable {
  vendor_code: string;
  member_id: bigint;
  transaction_id: string;
  round_id: string;
  grant_id: bigint;
  amount: bigint;
}

/** Bonus money swept back to the house because no active grant held it (0068). */
export interface BonusSweepTable {
  id: Generated<bigint>;
  member_id: bigint;
  amount: bigint;
  created_at: Generated<Date>;
}

export interface BonusTables {
  bonus_grant: BonusGrantTable;
  bonus_contribution: BonusContributionTable;
  bonus_round: BonusRoundTable;
  bonus_round_allocation: BonusRoundAllocationTable;
  bonus_stake: BonusStakeTable;
  bonus_sweep: BonusSweepTable;
}
