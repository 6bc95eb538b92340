import { AppError, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { audit } from './audit.ts';
import * as repository from './operator-lifecycle.repository.ts';
import type { OperatorRole } from './operator-role.ts';
import { revokeAllOperatorSessions } from './operator-session.repository.ts';

export interface OwnerActor {
  id: bigint;
  ip: string | null;
}

export type OperatorStatus = 'active' | 'locked';

export interface OperatorChange {
  operator: { id: bigint; username: string; displayName: string; role: OperatorRole; status: OperatorStatus };
  /** False when the operator already was so (a double click, a replay): nothing written, nothing audited. */
  changed: boolean;
  sessionsEnded: number;
}

const present = (row: { id: bigint; username: string; display_name: string; role: string; status: string }) => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  role: row.role as OperatorRole,
  status: row.status as OperatorStatus,
});

/**
 * An owner disables, re-enables or changes the role of an operator, each in one transaction with
 * its audit row. A disabled operator is stored as 'locked', the status login and every session
 * check already refuse: its sessions end here too, so nothing it holds works a moment longer. A
 * role needs no session ended: the session check reads the role on every request. No change may
 * leave the install without an active owner, and an owner never disables itself.
 */
export function createOperatorLifecycleService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  function assertKeepsAnOwner(activeOwnerIds: bigint[], target: { id: bigint }) {
    if (activeOwnerIds.length === 1 && activeOwnerIds[0] === target.id) throw new AppError('backoffice.last_owner', 'the last active owner cannot be disabled or lose the owner role');
  }

  return {
    async setStatus(actor: OwnerActor, operatorId: bigint, status: OperatorStatus): Promise<OperatorChange> {
      if (status === 'locked' && actor.id === operatorId) throw new AppError('backoffice.self_disable_refused', 'another owner disables your account');
      return db.transaction().execute(async (tx) => {
        const { activeOwnerIds, target } = await repository.lockForChange(tx, operatorId);
        if (!target) throw new AppError('backoffice.operator_not_found', 'no such operator');
        if (target.status === status) return { operator: present(target), changed: false, sessionsEnded: 0 };
        const now = clock.now();
        let sessionsEnded = 0;
        if (status === 'locked') {
          assertKeepsAnOwner(activeOwnerIds, target);
          sessionsEnded = await revokeAllOperatorSessions(tx, operatorId, now);
          // A reset link sent before must not let a disabled operator back in after a re-enable.
          await repository.closeCredentialResets(tx, operatorId, now);
        }
        await repository.setOperatorStatus(tx, operatorId, status);
        await audit(tx, {
          operatorId: actor.id,
          action: status === 'locked' ? 'backoffice.operator.disabled' : 'backoffice.operator.enabled',
          targetType: 'backoffice_operator',
          targetId: String(operatorId),
          details: { username: target.username, before: { status: target.status }, after: { status }, sessionsEnded },
          ip: actor.ip,
        });
        return { operator: present({ ...target, status }), changed: true, sessionsEnded };
      });
    },

    async changeRole(actor: OwnerActor, operatorId: bigint, role: OperatorRole): Promise<OperatorChange> {
      return db.transaction().execute(async (tx) => {
        const { activeOwnerIds, target } = await repository.lockForChange(tx, operatorId);
        if (!target) throw new AppError('backoffice.operator_not_found', 'no such operator');
        if (target.role === role) return { operator: present(target), changed: false, sessionsEnded: 0 };
        if (target.role === 'owner') assertKeepsAnOwner(activeOwnerIds, target);
        await repository.setOperatorRole(tx, operatorId, role);
        await audit(tx, {
          operatorId: actor.id,
          action: 'backoffice.operator.role_changed',
          targetType: 'backoffice_operator',
          targetId: String(operatorId),
          details: { username: target.username, before: { role: target.role }, after: { role } },
          ip: actor.ip,
        });
        return { operator: present({ ...target, role }), changed: true, sessionsEnded: 0 };
      });
    },
  };
}

export type OperatorLifecycleService = ReturnType<typeof createOperatorLifecycleService>;
