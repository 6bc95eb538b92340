import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric arrives as a string (see platform/db.ts). */
type Numeric = ColumnType<string, string | number | null, string | number | null>;

export interface CatalogueVendorTable {
  code: string;
  display_name: string;
  logo_path: Generated<string>;
  game_types: ColumnType<string[], string[] | undefined, string[]>;
  sort_order: Generated<number>;
  wallet_mode: Generated<'seamless' | 'transfer'>;
  transfer_amount: bigint | null;
  is_game: Generated<'VASSALAGE' | 'GAME'>;
  enabled: Generated<boolean>;
  maintenance: Generated<boolean>;
  is_demo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CatalogueGameTable {
  id: Generated<number>;
  vendor_code: string;
  game_code: string;
  game_type: string;
  classify: Generated<string>;
  names: ColumnType<Record<string, string>, string, string>;
  search_text: string;
  icon_path: Generated<string>;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  min_bet: Generated<bigint>;
  min_line_num: Generated<number>;
  rtp: Numeric | null;
  demo_supported: Generated<boolean>;
  enabled: Generated<boolean>;
  maintenance: Generated<boolean>;
  is_demo: Generated<boolean>;
  rank: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CatalogueFavoriteTable {
  member_id: bigint;
  game_id: number;
  created_at: Timestamp;
}

export interface CatalogueRecentTable {
  member_id: bigint;
  game_id: number;
  launched_at: Timestamp;
}

export interface CatalogueLaunchTable {
  id: Generated<bigint>;
  member_id: bigint;
  game_id: number;
  vendor_code: string;
  token_hash: Buffer;
  demo: boolean;
  wallet_mode: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  redeemed_at: Timestamp | null;
}

export interface CatalogueSandboxWalletTable {
  vendor_code: string;
  member_id: bigint;
  balance: Generated<bigint>;
}

export interface CatalogueSandboxTransferTable {
  transfer_id: string;
  vendor_code: string;
  member_id: bigint;
  amount: bigint;
  created_at: Timestamp;
}

export interface CatalogueTables {
  catalogue_vendor: CatalogueVendorTable;
  catalogue_game: CatalogueGameTable;
  catalogue_favorite: CatalogueFavoriteTable;
  catalogue_recent: CatalogueRecentTable;
  catalogue_launch: CatalogueLaunchTable;
  catalogue_sandbox_wallet: CatalogueSandboxWalletTable;
  catalogue_sandbox_transfer: CatalogueSandboxTransferTable;
}
