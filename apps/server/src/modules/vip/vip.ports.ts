import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';

/** What the vip module borrows from the others, wired in compose.ts. */
export interface VipPorts {
  /** Bonus money with wagering (the bonus module's grant), in the caller's transaction; idempotent on key. */
  grantBonus(
    tx: DbExecutor,
    input: { key: string; memberId: bigint; amount: bigint; wageringMultiple: number; expiresAt: Date; source: { kind: string; id: string }; note?: string },
  ): Promise<{ grantId: bigint; created: boolean }>;
  /** The back-office audit, written in our transaction. */
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
  /** The site's time zone (settings locale.timeZone): the calendar of months. */
  timeZone(): Promise<string>;
  /** Account names by member id (the console's member lists). */
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
}

export interface OperatorActor {
  /** Null for the system (the demo seed). */
  id: bigint | null;
  username: string;
  ip: string | null;
}
