import type { ApprovalRequest, OperatorPermission, OperatorRole } from '@app/contracts';
import type { DbExecutor } from './db.ts';

// The maker-checker contract between the back office, which stores and decides approval
// requests, and the modules that own the actions (catalogue, system, agents): types only, here
// so a module registers its kinds without importing the back office.

/** Who proposes or decides: the operator of the request, with the address it came from. */
export interface ApprovalActor {
  id: bigint;
  username: string;
  role: OperatorRole;
  ip: string | null;
}

/** The request being applied: its id and the maker's reason (for the action's own audit rows). */
export interface ApprovalContext {
  id: bigint;
  reason: string;
  requestedBy: string;
}

/** What an approval did: `result` is stored on the request; `once` is answered to the approver only (a new secret). */
export interface ApprovalOutcome {
  result: Record<string, unknown>;
  once?: Record<string, string>;
  /** After the decision commits (drop a cache). */
  afterCommit?: () => void;
}

/**
 * A sensitive action another module owns, decided by two operators. The owning module registers
 * it through the back office's public API (index.ts) and words nothing here: the back office
 * stores the payload the module prepared and hands it back at approval time.
 */
export interface ApprovalKindHandler<P extends Record<string, unknown> = Record<string, unknown>> {
  kind: string;
  /** The permission both the maker and the checker need. */
  permission: OperatorPermission;
  /**
   * Request time: checks the maker's input against the current state (AppError 4xx when it could
   * not apply) and answers the payload to store and the target: one pending request per kind and target.
   */
  prepare(input: unknown): Promise<{ payload: P; target: string }>;
  /** A database change: applied in the transaction that marks the request approved, with its audit rows. */
  apply?(tx: DbExecutor, payload: P, actor: ApprovalActor, request: ApprovalContext): Promise<ApprovalOutcome>;
  /**
   * An action of many transactions of its own (a settlement, each payout with its journal): run
   * after the request is marked approved, which commits first so no second approval can start it
   * again; the action must itself be safe to repeat. Its outcome or error is stored on the request.
   */
  run?(payload: P, actor: ApprovalActor, request: ApprovalContext): Promise<ApprovalOutcome>;
}

/** What the back office lends a module: register its kinds; propose one in an operator's name. */
export interface ApprovalsAccess {
  register(...handlers: ApprovalKindHandler[]): void;
  propose(actor: ApprovalActor, kind: string, input: unknown, reason: string): Promise<{ request: ApprovalRequest; replayed: boolean }>;
}
