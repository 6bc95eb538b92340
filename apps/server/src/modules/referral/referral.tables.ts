import type { ColumnType, Generated } from 'kysely';

/** numeric: node-postgres reads it as a decimal string. */
type Numeric = ColumnType<string, string | number, string | number>;

/** Migration 0090: the rules, one row per version (the latest in force). */
export interface ReferralRulesTable {
  id: Generated<bigint>;
  enabled: boolean;
  min_first_deposit: bigint;
  min_valid_bet: bigint;
  reward_amount: bigint;
  reward_type: string;
  wagering_multiple: Numeric;
  bonus_valid_days: number;
  max_referees: number | null;
  max_amount: bigint | null;
  window_days: number | null;
  created_by: string;
  created_at: Generated<Date>;
}

export interface ReferralCodeTable {
  member_id: bigint;
  code: string;
  created_at: Generated<Date>;
}

export interface ReferralRefereeTable {
  referee_id: bigint;
  referrer_id: bigint;
  code: string;
  registered_at: Date;
  registration_ip: string;
  user_agent: string | null;
  status: Generated<string>;
  flag_reasons: Generated<string[]>;
  qualified_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface ReferralRewardTable {
  referee_id: bigint;
  referrer_id: bigint;
  amount: bigint;
  reward_type: string;
  rules_id: bigint;
  ledger_key: string;
  paid_at: Generated<Date>;
}

export interface ReferralTables {
  referral_rules: ReferralRulesTable;
  referral_member_code: ReferralCodeTable;
  referral_referee: ReferralRefereeTable;
  referral_reward: ReferralRewardTable;
}
