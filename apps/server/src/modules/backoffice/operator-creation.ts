import { randomBytes } from 'node:crypto';
import { AppError } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { audit } from './audit.ts';
import * as operators from './backoffice.repository.ts';
import type { OperatorRole } from './operator-role.ts';

export interface CreatedOperator {
  id: bigint;
  username: string;
  displayName: string;
  role: OperatorRole;
  /** Shown once; the operator enrols two-factor and must choose a password at the first login. */
  temporaryPassword: string;
}

/**
 * A new operator with a temporary password, audited in the same transaction: by an owner in the
 * console (actorId) or from the command line (actorId null, a system action). 409
 * backoffice.username_taken when the username exists.
 */
export async function createOperatorWithTemporaryPassword(
  db: Db,
  input: { username: string; displayName: string; role: OperatorRole },
  actor: { actorId: bigint | null; ip: string | null; via?: string },
): Promise<CreatedOperator> {
  const { username, displayName, role } = input;
  // 18 random bytes: 24 base64url characters, always with letters; the digit keeps it within the policy.
  const temporaryPassword = `${randomBytes(18).toString('base64url')}7`;
  const passwordHash = await hashPassword(temporaryPassword);
  const created = await db.transaction().execute(async (tx) => {
    if (!(await operators.insertOperatorIfAbsent(tx, { username, displayName, role, passwordHash, mustChangePassword: true }))) return undefined;
    const row = await operators.findOperatorByUsername(tx, username);
    if (!row) return undefined;
    const details = { after: { username, displayName, role }, ...(actor.via ? { via: actor.via } : {}) };
    await audit(tx, { operatorId: actor.actorId, action: 'backoffice.operator.created', targetType: 'backoffice_operator', targetId: String(row.id), details, ip: actor.ip });
    return row;
  });
  if (!created) throw new AppError('backoffice.username_taken', 'an operator with this username exists');
  return { id: created.id, username, displayName, role, temporaryPassword };
}
