import type { SystemMessageTemplate } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';

/** What the KYC module borrows from the others, wired in compose.ts. */
export interface KycPorts {
  /** The back-office audit, written in our transaction. */
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
  /** A platform message (messages module), in our transaction; idempotent per sourceKey. */
  sendSystem(tx: DbExecutor, message: { memberId: bigint; template: SystemMessageTemplate; params: Record<string, string>; sourceKey: string }): Promise<unknown>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  memberIdOf(account: string): Promise<bigint | undefined>;
  /** Name and birthday as declared by the member (accounts), for the operator to compare with the document. */
  declaredIdentityOf(memberId: bigint): Promise<{ payeeName: string | null; birthday: string | null } | undefined>;
  /** payments.withdrawal.kycRequiredAbove, in centavos. */
  withdrawalThreshold(): Promise<bigint>;
}
