import type { AccountsTables } from './modules/accounts/accounts.tables.ts';
import type { AgentsTables } from './modules/agents/agents.tables.ts';
import type { ContentTables } from './modules/content/content.tables.ts';
import type { CatalogueTables } from './modules/catalogue/catalogue.tables.ts';
import type { BonusTables } from './modules/bonus/bonus.tables.ts';
import type { BackofficeTables } from './modules/backoffice/backoffice.tables.ts';
import type { PaymentsTables } from './modules/payments/payments.tables.ts';
import type { HouseGamesTables } from './modules/house-games/house-games.tables.ts';
import type { PromotionsTables } from './modules/promotions/promotions.tables.ts';
import type { PromotionsPeriodicTables } from './modules/promotions/periodic-rewards.tables.ts';
import type { PromotionGamesTables } from './modules/promotions/prize-games.tables.ts';
import type { ProviderTables } from './modules/provider/provider.tables.ts';
import type { SystemTables } from './modules/system/system.tables.ts';
import type { WalletTables } from './modules/wallet/wallet.tables.ts';
import type { PointsTables } from './modules/points/points.tables.ts';
import type { ReferralTables } from './modules/referral/referral.tables.ts';

/** Every table, by module. Each module declares its own tables beside its code. */
export interface Database extends SystemTables, AccountsTables, BackofficeTables, WalletTables, CatalogueTables, PaymentsTables, ProviderTables, HouseGamesTables, ContentTables, AgentsTables, PromotionsTables, PromotionGamesTables, PromotionsPeriodicTables, BonusTables, PointsTables, ReferralTables {}
