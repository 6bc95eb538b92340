import type { Db } from '../../platform/db.ts';

export interface OperatorActor {
  id: bigint;
  username: string;
  ip: string;
}

export type AuditWriter = (executor: Db, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;

/** What messages needs from other modules, wired in compose.ts. */
export interface MessagesPorts {
  /** A member id by account (the accounts module), for an agent's team audience. */
  memberIdOf(account: string): Promise<bigint | undefined>;
  audit: AuditWriter;
}
