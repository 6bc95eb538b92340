import type { ColumnType, Generated } from 'kysely';
import type { PromotionStatus, PromotionType } from '@app/contracts';

export interface PromotionsPromotionTable {
  id: Generated<bigint>;
  type: PromotionType;
  status: Generated<PromotionStatus>;
  starts_at: Date;
  ends_at: Date | null;
  eligibility: ColumnType<unknown, string, string>;
  budget: bigint;
  spent: Generated<bigint>;
  member_cap: bigint;
  reward: ColumnType<unknown, string, string>;
  texts: ColumnType<unknown, string, string>;
  image_url: string | null;
  sort_order: number;
  idempotency_key: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: string;
  envelope_shares: number | null;
  deposit_match: ColumnType<unknown, string | null | undefined, string | null>;
  reward_expiry_days: Generated<number>;
}

export type ParticipationState = 'joined' | 'draft' | 'applying' | 'approved' | 'rejected';

export interface PromotionsParticipationTable {
  id: Generated<bigint>;
  promotion_id: bigint;
  member_id: bigint;
  state: ParticipationState;
  cpf: string | null;
  comment: string | null;
  reason: string | null;
  created_at: Generated<Date>;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface PromotionsApplicationImageTable {
  id: Generated<bigint>;
  participation_id: bigint;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  created_at: Generated<Date>;
}

export interface PromotionsRewardTable {
  id: Generated<bigint>;
  promotion_id: bigint;
  member_id: bigint;
  source_key: string;
  kind: 'cash' | 'bonus';
  amount: bigint;
  wagering_multiple: string | null;
  expiry_days: number | null;
  status: Generated<'claimable' | 'claimed' | 'expired'>;
  issued_at: Generated<Date>;
  claimed_at: Date | null;
  seen_at: Date | null;
  /** Issue time plus the promotion's reward_expiry_days (0067). */
  expires_at: Date | null;
  expired_at: Date | null;
}

export interface PromotionsMemberTotalTable {
  promotion_id: bigint;
  member_id: bigint;
  paid: Generated<bigint>;
}

export interface PromotionsEnvelopeShareTable {
  promotion_id: bigint;
  seq: number;
  amount: bigint;
  member_id: bigint | null;
  grabbed_at: Date | null;
}

export interface PromotionsTables {
  promotions_envelope_share: PromotionsEnvelopeShareTable;
  promotions_promotion: PromotionsPromotionTable;
  promotions_participation: PromotionsParticipationTable;
  promotions_application_image: PromotionsApplicationImageTable;
  promotions_reward: PromotionsRewardTable;
  promotions_member_total: PromotionsMemberTotalTable;
}
