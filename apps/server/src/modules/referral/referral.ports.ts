import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';

/** What the referral module borrows from the others, wired in compose.ts. */
export interface ReferralPorts {
  /** Cash to the referrer through the ledger (the wallet), in the caller's transaction; idempotent on key. */
  payCash(tx: DbExecutor, payment: { key: string; memberId: bigint; amount: bigint; reference: string }): Promise<void>;
  /** Bonus money with wagering (the bonus module's grant), in the caller's transaction; idempotent on key. */
  grantBonus(
    tx: DbExecutor,
    input: { key: string; memberId: bigint; amount: bigint; wageringMultiple: number; expiresAt: Date; source: { kind: string; id: string }; note?: string },
  ): Promise<{ grantId: bigint; created: boolean }>;
  /** Addresses and browsers a member registered and logged in from (accounts). */
  networkOf(memberId: bigint): Promise<{ ips: string[]; userAgents: string[] }>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  memberIdOf(account: string): Promise<bigint | undefined>;
  /** The back-office audit, written in our transaction. */
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
}

export interface ReferralActor {
  /** Null for the system (the qualification job). */
  id: bigint | null;
  username: string;
  ip: string | null;
}
