import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';

/** A ledger entry of a member as the wallet publishes it (api.memberMovements / movementsBetween). */
export interface LedgerMovement {
  journalId: bigint;
  memberId: bigint;
  type: string;
  pocket: string;
  amount: bigint;
  balanceAfter: bigint;
  reference: string | null;
  product: string | null;
  vendor: string | null;
  createdAt: Date;
}

/** A round of the betting record as the provider publishes it (api.roundsBetween / memberRounds). */
export interface BettingRound {
  vendorCode: string;
  memberId: bigint;
  roundId: string;
  gameCode: string;
  gameType: string | null;
  bet: bigint;
  win: bigint;
  status: string;
  openedAt: Date;
  closedAt: Date | null;
}

export interface RegulatorBettor {
  id: bigint;
  account: string;
  cpf: string | null;
  payee_name: string | null;
  birthday: Date | string | null;
  status: string;
  created_at: Date;
  type: number;
}

/**
 * One module's share of a member's LGPD export: a section name and what it holds. Each module
 * that keeps member data contributes one (compose.ts wires them from the modules' index.ts).
 */
export interface MemberDataSource {
  section: string;
  export(memberId: bigint): Promise<unknown>;
}

/** What the compliance module borrows from the others, wired in compose.ts. */
export interface CompliancePorts {
  /** The site's time zone (system settings): days of histories, alerts and extracts. */
  timeZone(): Promise<string>;
  ledger: {
    memberMovements(memberId: bigint, range?: { from?: Date; to?: Date }): AsyncIterable<LedgerMovement>;
    movementsBetween(from: Date, to: Date): AsyncIterable<LedgerMovement>;
  };
  rounds: {
    roundsBetween(from: Date, to: Date): AsyncIterable<BettingRound>;
  };
  bettorsOf(ids: readonly bigint[]): Promise<RegulatorBettor[]>;
  /** The LGPD export's sections, in order. Modules still missing (limits, exclusion, kyc…) are added here when they exist. */
  memberData: MemberDataSource[];
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  memberIdOf(account: string): Promise<bigint | undefined>;
  /** The back-office audit, written in our transaction. */
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
}
