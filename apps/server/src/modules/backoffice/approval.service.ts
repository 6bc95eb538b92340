import { isDeepStrictEqual } from 'node:util';
import { APPROVAL_KINDS, hasPermission, type ApprovalPage, type ApprovalQuery, type ApprovalRequest } from '@app/contracts';
import { AppError, isAppError } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { ApprovalActor, ApprovalKindHandler, ApprovalRegistry } from './approval-kinds.ts';
import * as repository from './approval.repository.ts';
import { audit } from './audit.ts';

function view(row: repository.ApprovalRow, viewer: ApprovalActor, handler: ApprovalKindHandler | undefined): ApprovalRequest {
  return {
    id: row.id.toString(),
    kind: row.kind,
    target: row.target,
    payload: row.payload,
    reason: row.reason,
    status: row.status,
    requestedBy: { id: row.requested_by.toString(), username: row.requested_by_name },
    requestedAt: row.requested_at.toISOString(),
    decidedBy: row.decided_by === null ? null : { id: row.decided_by.toString(), username: row.decided_by_name ?? '' },
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionNote: row.decision_note,
    result: row.result,
    canDecide: row.status === 'pending' && row.requested_by !== viewer.id && handler !== undefined && hasPermission(viewer.role, handler.permission),
  };
}

/** A decided request is never decided again; the answer names the decision so a retry can tell it was its own. */
function alreadyDecided(row: repository.ApprovalRow): AppError {
  return new AppError('backoffice.approval_not_pending', `the request is ${row.status}`, { status: row.status, decidedBy: row.decided_by_name, decidedAt: row.decided_at?.toISOString() ?? null });
}

const contextOf = (row: repository.ApprovalRow) => ({ id: row.id, reason: row.reason, requestedBy: row.requested_by_name });

const errorResult = (error: AppError) => ({ error: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) });

/**
 * Maker-checker for the actions other modules register (approval-kinds.ts). A maker proposes
 * (the kind checks the input; one pending request per kind and target, a repeated proposal of
 * the same change answers the pending one); another operator whose role holds the kind's
 * permission approves, which applies the action in the transaction of the decision and its audit
 * row (or, for actions of many transactions, right after that commits), or rejects, which applies
 * nothing. The request row is locked for a decision, so a second approval is refused as decided.
 */
export function createApprovals(deps: { db: Db; registry: ApprovalRegistry }) {
  const { db, registry } = deps;

  function handlerFor(kind: string, actor: ApprovalActor): ApprovalKindHandler {
    const handler = registry.get(kind);
    if (!handler) throw new AppError('backoffice.approval_kind_unknown', `no approval kind ${kind}`);
    if (!hasPermission(actor.role, handler.permission)) throw new AppError('backoffice.forbidden', `${kind} needs ${handler.permission}`);
    return handler;
  }

  async function pendingFor(tx: Parameters<typeof repository.lockApproval>[0], id: bigint, actor: ApprovalActor) {
    const row = await repository.lockApproval(tx, id);
    if (!row) throw new AppError('backoffice.approval_not_found', 'no such approval request');
    if (row.status !== 'pending') throw alreadyDecided(row);
    if (row.requested_by === actor.id) throw new AppError('backoffice.approval_self_decision', 'another operator must decide this request');
    return row;
  }

  const decisionAudit = (actor: ApprovalActor, row: repository.ApprovalRow, action: string, details: Record<string, unknown>) => ({
    operatorId: actor.id,
    action: `backoffice.approval.${action}`,
    targetType: 'backoffice_approval_request',
    targetId: row.id.toString(),
    details: { kind: row.kind, target: row.target, payload: row.payload, reason: row.reason, requestedBy: row.requested_by_name, ...details },
    ip: actor.ip,
  });

  return {
    /** The maker's proposal; `replayed` when the same change was already pending (a double click). */
    async propose(actor: ApprovalActor, kind: string, input: unknown, reason: string): Promise<{ request: ApprovalRequest; replayed: boolean }> {
      const handler = handlerFor(kind, actor);
      const { payload, target } = await handler.prepare(input);
      return db.transaction().execute(async (tx) => {
        const inserted = await repository.insertApproval(tx, { kind, target, payload, reason, operatorId: actor.id, operatorName: actor.username });
        if (!inserted) {
          const pending = await repository.findPending(tx, kind, target);
          if (pending && pending.requested_by === actor.id && isDeepStrictEqual(pending.payload, JSON.parse(JSON.stringify(payload))) && pending.reason === reason) {
            return { request: view(pending, actor, handler), replayed: true };
          }
          throw new AppError('backoffice.approval_pending_exists', `a ${kind} request for ${target} is pending`, { id: pending?.id.toString() ?? null, requestedBy: pending?.requested_by_name ?? null });
        }
        await audit(tx, { operatorId: actor.id, action: 'backoffice.approval.request', targetType: 'backoffice_approval_request', targetId: inserted.id.toString(), details: { kind, target, payload, reason, after: { status: 'pending' } }, ip: actor.ip });
        return { request: view(inserted, actor, handler), replayed: false };
      });
    },

    async approve(actor: ApprovalActor, id: bigint): Promise<ApprovalRequest> {
      const unlocked = await repository.findApproval(db, id);
      if (!unlocked) throw new AppError('backoffice.approval_not_found', 'no such approval request');
      const handler = handlerFor(unlocked.kind, actor);
      let outcome: Awaited<ReturnType<NonNullable<ApprovalKindHandler['apply']>>> | undefined;
      let decided: repository.ApprovalRow;
      try {
        decided = await db.transaction().execute(async (tx) => {
          const row = await pendingFor(tx, id, actor);
          outcome = handler.apply ? await handler.apply(tx, row.payload, actor, contextOf(row)) : undefined;
          const approved = await repository.decideApproval(tx, id, { status: 'approved', operatorId: actor.id, operatorName: actor.username, note: null, result: outcome?.result ?? null });
          await audit(tx, decisionAudit(actor, row, 'approve', { before: { status: 'pending' }, after: { status: 'approved', result: outcome?.result ?? null } }));
          return approved!;
        });
      } catch (error) {
        // The action refused (the state changed since the proposal): nothing applied; the request
        // is closed as failed with the reason, and the checker gets the error.
        if (!isAppError(error) || error.code.startsWith('backoffice.approval_') || error.code === 'backoffice.forbidden') throw error;
        await db.transaction().execute(async (tx) => {
          const row = await pendingFor(tx, id, actor);
          await repository.decideApproval(tx, id, { status: 'failed', operatorId: actor.id, operatorName: actor.username, note: null, result: errorResult(error) });
          await audit(tx, decisionAudit(actor, row, 'fail', { before: { status: 'pending' }, after: { status: 'failed', error: error.code } }));
        });
        throw error;
      }
      outcome?.afterCommit?.();
      if (handler.run) {
        // Approved and committed first: a second approval now finds it decided and runs nothing.
        try {
          const ran = await handler.run(decided.payload, actor, contextOf(decided));
          decided = await repository.recordOutcome(db, id, { status: 'approved', result: ran.result });
          ran.afterCommit?.();
          outcome = ran;
        } catch (error) {
          if (!isAppError(error)) throw error;
          decided = await repository.recordOutcome(db, id, { status: 'failed', result: errorResult(error) });
          await audit(db, decisionAudit(actor, decided, 'fail', { after: { status: 'failed', error: error.code } }));
          throw error;
        }
      }
      return { ...view(decided, actor, handler), ...(outcome?.once ? { once: outcome.once } : {}) };
    },

    async reject(actor: ApprovalActor, id: bigint, note: string): Promise<ApprovalRequest> {
      const unlocked = await repository.findApproval(db, id);
      if (!unlocked) throw new AppError('backoffice.approval_not_found', 'no such approval request');
      const handler = handlerFor(unlocked.kind, actor);
      const row = await db.transaction().execute(async (tx) => {
        const request = await pendingFor(tx, id, actor);
        const decided = await repository.decideApproval(tx, id, { status: 'rejected', operatorId: actor.id, operatorName: actor.username, note, result: null });
        await audit(tx, decisionAudit(actor, request, 'reject', { note, before: { status: 'pending' }, after: { status: 'rejected' } }));
        return decided!;
      });
      return view(row, actor, handler);
    },

    /** Requests of the kinds the operator's role may decide, and its own. */
    async list(actor: ApprovalActor, query: ApprovalQuery): Promise<ApprovalPage> {
      const decidable = APPROVAL_KINDS.filter((kind) => {
        const handler = registry.get(kind);
        return handler !== undefined && hasPermission(actor.role, handler.permission) && (query.kind === undefined || query.kind === kind);
      });
      const { rows, total } = await repository.listApprovals(db, {
        status: query.status,
        kinds: decidable,
        orRequestedBy: query.kind === undefined ? actor.id : -1n,
        target: query.target,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return { total, content: rows.map((row) => view(row, actor, registry.get(row.kind))) };
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
