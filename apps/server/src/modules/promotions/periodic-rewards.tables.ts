import type { ColumnType, Generated } from 'kysely';
import type { ProductType } from '@app/contracts';

/** Periodic rewards' tables (migration 0064; code in periodic/). */
export interface PromotionsPeriodicConfigTable {
  promotion_id: bigint;
  kind: 'rebate' | 'cashback';
  cashback_percent: string | null;
  cashback_min_net_loss: bigint | null;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface PromotionsRebateRateTable {
  promotion_id: bigint;
  vip_level: Generated<number>;
  product_type: ProductType;
  rate_percent: string;
}

export interface PromotionsPeriodicRunTable {
  id: Generated<bigint>;
  promotion_id: bigint;
  kind: 'rebate' | 'cashback';
  period_from: ColumnType<Date, string, string>;
  period_to: ColumnType<Date, string, string>;
  started_by: string;
  status: Generated<'running' | 'finished' | 'failed'>;
  started_at: Generated<Date>;
  heartbeat_at: Generated<Date>;
  finished_at: Date | null;
  batches: Generated<number>;
  last_member_id: Generated<bigint>;
  members_rewarded: Generated<number>;
  total: Generated<bigint>;
  error: string | null;
}

export interface PromotionsPeriodicTables {
  promotions_periodic_config: PromotionsPeriodicConfigTable;
  promotions_rebate_rate: PromotionsRebateRateTable;
  promotions_periodic_run: PromotionsPeriodicRunTable;
}
