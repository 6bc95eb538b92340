import type { Generated } from 'kysely';

/** The prize games' tables (migration 0066): settings, versioned prize tables, draws, raffle entries and winners. */
export interface PromotionsGameTable {
  promotion_id: bigint;
  free_tickets: Generated<number>;
  deposit_step: bigint | null;
  bet_step: bigint | null;
  max_tickets: number | null;
  version: Generated<number>;
  table_hash: string | null;
  draw_at: Date | null;
  drawn_at: Date | null;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface PromotionsGamePrizeTable {
  promotion_id: bigint;
  version: number;
  seq: number;
  label_pt: string;
  label_en: string;
  kind: 'cash' | 'bonus' | 'nothing';
  amount: bigint;
  wagering_multiple: string | null;
  expiry_days: number | null;
  weight: number;
}

export interface PromotionsGameDrawTable {
  id: Generated<bigint>;
  promotion_id: bigint;
  member_id: bigint;
  ticket_no: number;
  idempotency_key: string | null;
  version: number;
  table_hash: string;
  total_weight: number;
  random_value: number;
  prize_seq: number;
  choice: number | null;
  reward_id: bigint | null;
  created_at: Generated<Date>;
}

export interface PromotionsRaffleEntryTable {
  id: Generated<bigint>;
  promotion_id: bigint;
  member_id: bigint;
  tickets: number;
  idempotency_key: string;
  created_at: Generated<Date>;
}

export interface PromotionsRaffleWinnerTable {
  promotion_id: bigint;
  place: number;
  member_id: bigint;
  version: number;
  prize_seq: number;
  random_value: number;
  tickets_in_draw: number;
  reward_id: bigint | null;
}

export interface PromotionGamesTables {
  promotions_game: PromotionsGameTable;
  promotions_game_prize: PromotionsGamePrizeTable;
  promotions_game_draw: PromotionsGameDrawTable;
  promotions_raffle_entry: PromotionsRaffleEntryTable;
  promotions_raffle_winner: PromotionsRaffleWinnerTable;
}
