import { randomBytes } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import type { TotpEnrolment } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { qrSvg } from '../../platform/qr-svg.ts';
import { base32Encode, matchTotpStep, otpauthUri } from '../../platform/security/totp.ts';
import { audit } from './audit.ts';
import * as operators from './backoffice.repository.ts';
import type { CodeThrottleRule } from './two-factor-throttle.ts';
import { newOperatorToken } from './operator-session-token.ts';
import { revokeAllOperatorSessions } from './operator-session.repository.ts';
import * as crypto from './two-factor-crypto.ts';
import * as repository from './two-factor.repository.ts';

/** An enrolment token lives 5 minutes: long enough to scan a code, short enough to be useless later. */
export const ENROLMENT_TTL_MS = 5 * 60 * 1000;

/** Wrong codes (app or recovery): 5 within 15 minutes lock code entry for 15 minutes. */
export const CODE_THROTTLE: CodeThrottleRule = { windowMs: 15 * 60 * 1000, lockAfterFailures: 5, lockMs: 15 * 60 * 1000 };

export interface Actor {
  id: bigint;
  ip: string | null;
}

/**
 * Operators' second factor: TOTP keys (sealed at rest), recovery codes (hashed), enrolment
 * tokens, code checks with replay protection and throttling, and the owner's reset. Sessions are
 * the session service's; this service only says whether a code is good.
 */
export function createTwoFactorService(deps: { db: Db; clock: Clock; keys: () => Promise<crypto.TwoFactorKeys>; issuer: () => Promise<string> }) {
  const { db, clock } = deps;

  function assertNotLocked(row: { locked_until: Date | null }, now: Date) {
    if (row.locked_until && row.locked_until > now) {
      const retryAfterSeconds = Math.ceil((row.locked_until.getTime() - now.getTime()) / 1000);
      throw new AppError('backoffice.totp_locked', 'too many wrong codes, try again after 15 minutes', { retryAfterSeconds });
    }
  }

  async function refuse(operatorId: bigint, now: Date, code: 'backoffice.totp_invalid' | 'backoffice.recovery_code_invalid'): Promise<never> {
    await repository.recordCodeFailure(db, operatorId, now, CODE_THROTTLE);
    throw new AppError(code, code === 'backoffice.totp_invalid' ? 'wrong or used code' : 'unknown or used recovery code');
  }

  async function matchStep(row: { operator_id: bigint; secret_sealed: Buffer; last_step: bigint | null }, code: string, now: Date) {
    const secret = crypto.openTotpSecret((await deps.keys()).seal, row.operator_id, row.secret_sealed);
    return matchTotpStep(secret, code.replace(' ', ''), now.getTime(), { usedUpTo: row.last_step === null ? null : Number(row.last_step) });
  }

  return {
    async isEnabled(operatorId: bigint): Promise<boolean> {
      return (await repository.findTotp(db, operatorId))?.status === 'active';
    },

    /**
     * Checks and spends the second factor of a login: the app's code (its step is recorded, so
     * it never works twice) or a recovery code (spent). Wrong ones count towards the lock.
     */
    async verifyLoginFactor(operatorId: bigint, input: { totp?: string; recoveryCode?: string }): Promise<{ factor: 'totp' | 'recovery_code'; recoveryCodesLeft?: number }> {
      const now = clock.now();
      const row = await repository.findTotp(db, operatorId);
      // Reset by an owner between the password check and here: no code can be right any more.
      if (row?.status !== 'active') throw new AppError('backoffice.totp_invalid', 'two-factor authentication was reset; log in again');
      assertNotLocked(row, now);
      if (input.totp !== undefined) {
        const step = await matchStep(row, input.totp, now);
        // The update accepts only a step after the last one: of two requests racing with one code, one wins.
        if (step === undefined || !(await repository.acceptTotpStep(db, operatorId, step, now, 'active'))) return refuse(operatorId, now, 'backoffice.totp_invalid');
        return { factor: 'totp' };
      }
      const code = crypto.normaliseRecoveryCode(input.recoveryCode ?? '');
      const hash = code === undefined ? undefined : crypto.hashRecoveryCode((await deps.keys()).recovery, operatorId, code);
      if (!hash || !(await repository.spendRecoveryCode(db, operatorId, hash, now))) return refuse(operatorId, now, 'backoffice.recovery_code_invalid');
      await repository.clearCodeFailures(db, operatorId);
      return { factor: 'recovery_code', recoveryCodesLeft: await repository.countUnspentRecoveryCodes(db, operatorId) };
    },

    async startEnrolment(operatorId: bigint): Promise<{ token: string; expiresAt: Date }> {
      const now = clock.now();
      const { token, hash } = newOperatorToken();
      const expiresAt = new Date(now.getTime() + ENROLMENT_TTL_MS);
      await repository.insertEnrolment(db, { tokenHash: hash, operatorId, now, expiresAt });
      return { token, expiresAt };
    },

    /** The operator an enrolment token belongs to, while it is live. */
    async findEnrolment(tokenHash: Buffer) {
      return repository.findLiveEnrolment(db, tokenHash, clock.now());
    },

    /**
     * A new 160-bit key and ten recovery codes, replacing any earlier unconfirmed ones. The key
     * and codes are answered once and only stored sealed or hashed.
     */
    async enrol(operator: { id: bigint; username: string }, ip: string): Promise<TotpEnrolment> {
      const now = clock.now();
      const keys = await deps.keys();
      const secret = randomBytes(crypto.TOTP_SECRET_BYTES);
      const recoveryCodes = crypto.newRecoveryCodes();
      const hashes = recoveryCodes.map((code) => crypto.hashRecoveryCode(keys.recovery, operator.id, crypto.normaliseRecoveryCode(code)!));
      await db.transaction().execute(async (tx) => {
        const stored = await repository.upsertPendingTotp(tx, { operatorId: operator.id, secretSealed: crypto.sealTotpSecret(keys.seal, operator.id, secret), now });
        if (!stored) throw new AppError('backoffice.enrolment_required', 'two-factor authentication is already on; log in with a code');
        await repository.replaceRecoveryCodes(tx, operator.id, hashes);
        await audit(tx, { operatorId: operator.id, action: 'backoffice.2fa.enrolment_started', targetType: 'backoffice_operator', targetId: String(operator.id), ip });
      });
      const uri = otpauthUri({ issuer: await deps.issuer(), label: operator.username, secret });
      return { otpauthUri: uri, secret: base32Encode(secret), qrSvg: qrSvg(uri, { title: 'Two-factor authentication key' }), recoveryCodes };
    },

    /** The step of a code for the pending key (not yet recorded: `activate` does, with the session). */
    async checkEnrolmentCode(operatorId: bigint, code: string): Promise<number> {
      const now = clock.now();
      const row = await repository.findTotp(db, operatorId);
      if (row?.status !== 'pending') throw new AppError('backoffice.enrolment_not_started', 'ask for a key (POST /api/backoffice/2fa/enrol) first');
      assertNotLocked(row, now);
      const step = await matchStep(row, code, now);
      return step ?? refuse(operatorId, now, 'backoffice.totp_invalid');
    },

    /** Turns the pending key on at `step` and closes the enrolment, in the caller's transaction. */
    async activate(tx: DbExecutor, operatorId: bigint, step: number, ip: string): Promise<boolean> {
      const now = clock.now();
      if (!(await repository.acceptTotpStep(tx, operatorId, step, now, 'pending'))) return false;
      await repository.closeEnrolments(tx, operatorId, now);
      await audit(tx, { operatorId, action: 'backoffice.2fa.enabled', targetType: 'backoffice_operator', targetId: String(operatorId), ip });
      return true;
    },

    /**
     * Removes an operator's key and recovery codes and ends their sessions: their next login
     * enrols again. By an owner for another operator (never oneself), or by the command line
     * (actor null) when no owner can log in. Audited with before and after.
     */
    async reset(actor: Actor | null, operatorId: bigint): Promise<void> {
      if (actor !== null && actor.id === operatorId) throw new AppError('backoffice.self_reset_refused', 'another owner resets your two-factor authentication');
      const target = await operators.findOperatorById(db, operatorId);
      if (!target) throw new AppError('backoffice.operator_not_found', 'no such operator');
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        const before = await repository.deleteTwoFactor(tx, operatorId, now);
        const sessionsRevoked = await revokeAllOperatorSessions(tx, operatorId, now);
        await audit(tx, {
          operatorId: actor?.id ?? null,
          action: 'backoffice.2fa.reset',
          targetType: 'backoffice_operator',
          targetId: String(operatorId),
          details: { username: target.username, before: { twoFactor: before ?? 'none' }, after: { twoFactor: 'none' }, sessionsRevoked, via: actor === null ? 'cli' : 'api' },
          ip: actor?.ip ?? null,
        });
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
