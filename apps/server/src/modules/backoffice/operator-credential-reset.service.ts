import { randomBytes } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { audit } from './audit.ts';
import type { IpAllowList } from './ip-allow-list.ts';
import * as repository from './operator-lifecycle.repository.ts';
import type { OwnerActor } from './operator-lifecycle.service.ts';
import type { OperatorRole } from './operator-role.ts';
import { hashOperatorToken, newOperatorToken } from './operator-session-token.ts';
import { revokeAllOperatorSessions } from './operator-session.repository.ts';
import { isAcceptableOperatorPassword } from './operator-session.service.ts';
import { deleteTwoFactor, insertEnrolment } from './two-factor.repository.ts';
import { ENROLMENT_TTL_MS } from './two-factor.service.ts';

/** Long enough to reach a colleague on another shift, short enough that a forgotten link dies. */
export const CREDENTIAL_RESET_TTL_MS = 24 * 60 * 60 * 1000;

const linkInvalid = () => new AppError('backoffice.reset_link_invalid', 'this reset link was used, replaced or has expired; ask an owner for a new one');

/**
 * An owner resets another operator's password and two-factor: at once the password becomes one
 * nobody knows, the key and recovery codes go and the sessions end; the owner gets a one-time
 * link (24 hours) for the operator, who chooses a new password with it and then enrols
 * two-factor through the same enrolment step a first login uses.
 */
export function createCredentialResetService(deps: { db: Db; clock: Clock; ipAllowList: IpAllowList }) {
  const { db, clock } = deps;

  async function liveLink(token: string, ip: string) {
    // The link is a way in like a login: from outside the allow-list it is not even looked up.
    await deps.ipAllowList.assertAllowed(ip);
    const row = await repository.findLiveCredentialReset(db, hashOperatorToken(token), clock.now());
    if (!row) throw linkInvalid();
    return row;
  }

  return {
    async create(actor: OwnerActor, operatorId: bigint): Promise<{ token: string; expiresAt: Date }> {
      if (actor.id === operatorId) throw new AppError('backoffice.self_reset_refused', 'another owner resets your password and two-factor authentication');
      // Argon2 outside the transaction: the row locks are held only for the writes.
      const unknownPasswordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const { token, hash } = newOperatorToken();
      const expiresAt = await db.transaction().execute(async (tx) => {
        // Serialises resets of one operator (a double click): the later link replaces the earlier.
        const { target } = await repository.lockForChange(tx, operatorId);
        if (!target) throw new AppError('backoffice.operator_not_found', 'no such operator');
        if (target.status !== 'active') throw new AppError('backoffice.operator_locked', 'enable the operator before resetting its access');
        const now = clock.now();
        const expiresAt = new Date(now.getTime() + CREDENTIAL_RESET_TTL_MS);
        const linksReplaced = await repository.closeCredentialResets(tx, operatorId, now);
        await repository.setOperatorPassword(tx, operatorId, unknownPasswordHash);
        const twoFactorBefore = await deleteTwoFactor(tx, operatorId, now);
        const sessionsEnded = await revokeAllOperatorSessions(tx, operatorId, now);
        await repository.insertCredentialReset(tx, { tokenHash: hash, operatorId, createdBy: actor.id, now, expiresAt });
        await audit(tx, {
          operatorId: actor.id,
          action: 'backoffice.operator.credentials_reset',
          targetType: 'backoffice_operator',
          targetId: String(operatorId),
          details: { username: target.username, before: { twoFactor: twoFactorBefore ?? 'none' }, after: { password: 'reset', twoFactor: 'none' }, sessionsEnded, linksReplaced, expiresAt: expiresAt.toISOString() },
          ip: actor.ip,
        });
        return expiresAt;
      });
      return { token, expiresAt };
    },

    /** Whose link it is (the page greets the operator by name), while it works; 410 backoffice.reset_link_invalid otherwise. */
    async inspect(token: string, ip: string): Promise<{ username: string; displayName: string; expiresAt: Date }> {
      const row = await liveLink(token, ip);
      return { username: row.username, displayName: row.display_name, expiresAt: row.expires_at };
    },

    /**
     * The operator's new password spends the link, in one transaction with its audit row and the
     * enrolment token the console continues with. A password the policy refuses leaves the link
     * working; of two requests with one link, the second finds it spent.
     */
    async complete(token: string, newPassword: string, ip: string): Promise<{ enrolmentToken: string; expiresAt: Date; operator: { id: bigint; username: string; displayName: string; role: OperatorRole; mustChangePassword: boolean } }> {
      const row = await liveLink(token, ip);
      if (!isAcceptableOperatorPassword(newPassword, row.username)) throw new AppError('backoffice.password_weak', 'the new password does not meet the policy');
      const passwordHash = await hashPassword(newPassword);
      const enrolment = newOperatorToken();
      return db.transaction().execute(async (tx) => {
        const now = clock.now();
        if ((await repository.spendCredentialReset(tx, hashOperatorToken(token), now)) !== row.id) throw linkInvalid();
        await repository.setOperatorPassword(tx, row.id, passwordHash);
        const expiresAt = new Date(now.getTime() + ENROLMENT_TTL_MS);
        await insertEnrolment(tx, { tokenHash: enrolment.hash, operatorId: row.id, now, expiresAt });
        await audit(tx, { operatorId: row.id, action: 'backoffice.operator.credentials_reset_completed', targetType: 'backoffice_operator', targetId: String(row.id), ip });
        return { enrolmentToken: enrolment.token, expiresAt, operator: { id: row.id, username: row.username, displayName: row.display_name, role: row.role as OperatorRole, mustChangePassword: false } };
      });
    },
  };
}

export type CredentialResetService = ReturnType<typeof createCredentialResetService>;
