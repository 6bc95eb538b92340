import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';

/** What the missions module borrows from the others, wired in compose.ts. */
export interface MissionsPorts {
  /** Bonus money with wagering (the bonus module's grant), in the caller's transaction; idempotent on key. */
  grantBonus(
    tx: DbExecutor,
    input: { key: string; memberId: bigint; amount: bigint; wageringMultiple: number; expiresAt: Date; source: { kind: string; id: string }; note?: string },
  ): Promise<{ grantId: bigint; created: boolean }>;
  /** Points to the member's points pocket (the points module's award), in the caller's transaction; once per key. */
  awardPoints(tx: DbExecutor, input: { key: string; memberId: bigint; points: bigint; source: 'mission' | 'checkin'; reference: string }): Promise<{ created: boolean }>;
  /** The back-office audit, written in our transaction. */
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
  /** The site's time zone (settings locale.timeZone): the calendar of days and weeks. */
  timeZone(): Promise<string>;
  /** Account names by member id (the leaderboard masks them). */
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
}

export interface OperatorActor {
  /** Null for the system (the demo seed, a bench). */
  id: bigint | null;
  username: string;
  ip: string | null;
}
