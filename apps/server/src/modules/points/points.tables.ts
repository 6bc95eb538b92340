import type { ColumnType, Generated } from 'kysely';
import type { PointsItemKind, PointsRateSource, PointsRequirementKind, RedemptionStatus } from '@app/contracts';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric: node-postgres reads it as a decimal string. */
type Numeric = ColumnType<string, string | number, string | number>;

/** The exchange-rate table: points per R$ 1,00 (migration 0071). */
export interface PointsRateTable {
  source: PointsRateSource;
  points_per_real: Numeric;
  updated_at: Generated<Date>;
}

export interface PointsConfigTable {
  id: Generated<number>;
  convert_points: Generated<bigint>;
  convert_cents: Generated<bigint>;
  min_points: Generated<bigint>;
  convert_enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface PointsCursorTable {
  name: 'play' | 'deposit';
  position: Generated<bigint>;
  at: Timestamp;
  updated_at: Generated<Date>;
}

export interface PointsDepositTable {
  deposit_id: bigint;
  member_id: bigint;
  points: bigint;
  created_at: Generated<Date>;
}

export interface PointsMovementTable {
  id: Generated<bigint>;
  member_id: bigint;
  amount: bigint;
  source: 'deposit' | 'play' | 'redeem' | 'redeem_return' | 'convert' | 'mission' | 'checkin';
  reference: string;
  basis: bigint | null;
  journal_key: string;
  created_at: Generated<Date>;
}

export interface PointsItemTable {
  id: Generated<bigint>;
  kind: PointsItemKind;
  name_pt: string;
  name_en: string;
  description_pt: Generated<string>;
  description_en: Generated<string>;
  image_url: string | null;
  points_cost: bigint;
  requirement_kind: Generated<PointsRequirementKind>;
  requirement_amount: Generated<bigint>;
  value_cents: Generated<bigint>;
  bonus_wagering: ColumnType<string, string | number | undefined, string | number>;
  stock: number | null;
  per_member_limit: number | null;
  active: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PointsRedemptionTable {
  id: Generated<bigint>;
  member_id: bigint;
  item_id: bigint;
  kind: PointsItemKind;
  name_pt: string;
  name_en: string;
  quantity: number;
  points: bigint;
  value_cents: Generated<bigint>;
  status: Generated<RedemptionStatus>;
  reason: string | null;
  request_key: string;
  created_at: Generated<Date>;
  decided_at: NullableTimestamp;
  decided_by: bigint | null;
}

export interface PointsConversionTable {
  id: Generated<bigint>;
  member_id: bigint;
  points: bigint;
  amount: bigint;
  request_key: string;
  created_at: Generated<Date>;
}

export interface PointsTables {
  points_rate: PointsRateTable;
  points_config: PointsConfigTable;
  points_cursor: PointsCursorTable;
  points_deposit: PointsDepositTable;
  points_movement: PointsMovementTable;
  points_item: PointsItemTable;
  points_redemption: PointsRedemptionTable;
  points_conversion: PointsConversionTable;
}
