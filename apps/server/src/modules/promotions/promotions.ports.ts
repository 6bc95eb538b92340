import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';

/** Bonus money (the bonus module's grant): called in the claim's transaction. */
export type BonusGrant = (
  tx: DbExecutor,
  input: { key: string; memberId: bigint; amount: bigint; wageringMultiple: number; expiresAt: Date; source: { kind: string; id: string }; note?: string },
) => Promise<{ grantId: bigint; created: boolean }>;

/** What the promotions module borrows from the others, wired in compose.ts. */
export interface PromotionsPorts {
  /** The operator's promotions.restrictedTypes setting (system): sign-up and deposit types allowed. */
  restrictedTypesAllowed(): Promise<boolean>;
  /** The member's CPF on file (accounts), for one claim per CPF. */
  cpfOf(memberId: bigint): Promise<string | null>;
  /** A member id by account name (accounts), for the agent-team rule. */
  memberIdOf(account: string): Promise<bigint | undefined>;
  /** Is the member in the team below this agent (accounts' upline tree)? */
  isInTeam(agentId: bigint, memberId: bigint): Promise<boolean>;
  /** Pays a cash reward in the caller's transaction (wallet ledger: member cash against promotions_expense). */
  payCash(tx: DbExecutor, payment: { key: string; memberId: bigint; amount: bigint; reference: string }): Promise<void>;
  /** Absent until the bonus module exists: bonus rewards are then refused at claim time (nothing is paid). */
  grantBonus?: BonusGrant;
  /** The bonus module's grants of these promotions summed by outcome (the cost report); absent: no bonus figures. */
  bonusCosts?(promotionIds: readonly string[]): Promise<Map<string, { granted: bigint; converted: bigint; forfeited: bigint; expired: bigint; open: bigint }>>;
  /** The site's time zone (settings locale.timeZone): periodic rewards' days and weeks. */
  timeZone?(): Promise<string>;
  /** The back-office audit, written in our transaction. */
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
}

export interface OperatorActor {
  id: bigint;
  username: string;
  ip: string | null;
}
