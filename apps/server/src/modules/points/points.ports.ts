import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';
import type { WalletApi } from '../wallet/index.ts';

/** What the points module borrows from the others, wired in compose.ts. */
export interface PointsPorts {
  wallet: Pick<WalletApi, 'postOrThrow' | 'balanceOf'>;
  /** The accounts module's throttled payment-password check (5 wrong in 15 minutes lock it). */
  checkPaymentPassword(memberId: bigint, pin: string): Promise<'ok' | 'missing' | 'wrong'>;
  /** The bonus module's grant, in our transaction; idempotent on its key. */
  grantBonus(
    tx: DbExecutor,
    input: { key: string; memberId: bigint; amount: bigint; wageringMultiple: number; expiresAt: Date; source: { kind: string; id: string }; note?: string },
  ): Promise<{ grantId: bigint; created: boolean }>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  /** The back-office audit, written in our transaction. */
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
}

export interface OperatorActor {
  id: bigint;
  username: string;
  ip: string | null;
}
