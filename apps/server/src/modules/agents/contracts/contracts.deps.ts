import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { AuditEntry } from '../../backoffice/index.ts';
import type { Settings } from '../../system/index.ts';

/** The `agents` setting: consolidated flags (contracts per kind), maxRates, maxTiers. */
export type AgentSettings = Settings['agents'];

export interface ContractsDeps {
  db: Db;
  /** Reads the `agents` setting (the system module caches it; called once per use case). */
  settings: () => Promise<AgentSettings>;
  /** The back-office audit, written through our transaction so it commits with the grant. */
  audit: (executor: DbExecutor, entry: AuditEntry) => Promise<void>;
  /** Told of each new offer inside its transaction (the downline's platform message, wired in compose.ts). */
  contractOffered?: (executor: DbExecutor, offer: { contractId: bigint; downlineId: bigint; kind: string }) => Promise<unknown>;
  now?: () => Date;
}

/** What the use cases need, the clock resolved. */
export type ContractsContext = Omit<ContractsDeps, 'now'> & { now: () => Date };

/** The logged-in member acting (accounts' AuthenticatedMember fits). */
export interface ContractMember {
  id: bigint;
  account: string;
  type: number;
}

export interface OperatorActor {
  id: bigint;
  username: string;
  ip: string | null;
}
