import type { DbExecutor } from '../../platform/db.ts';
import type { Settings } from '../system/index.ts';

/** The agents settings (system setting `agents`) with the operator's time zone. */
export type AgentsSettings = Settings['agents'] & { timeZone: string };

/** What settlement needs from the wallet: one commission payout, posted in the caller's transaction. */
export interface CommissionWallet {
  /**
   * Moves `amount` from the payer (null: the platform's commission expense) to the agent under a
   * journal of type commission; throws AppError wallet.insufficient_funds when the payer is short.
   */
  payCommission(tx: DbExecutor, payout: { key: string; agentId: bigint; payerId: bigint | null; amount: bigint; reference: string }): Promise<void>;
}
