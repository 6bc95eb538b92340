import { AppError, type Clock } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import { audit, storableIp } from './audit.ts';
import * as operators from './backoffice.repository.ts';
import type { IpAllowList } from './ip-allow-list.ts';
import type { LoginGuard } from './login-guard.ts';
import { rememberAddress } from './login-throttle.repository.ts';
import type { OperatorRole } from './operator-role.ts';
import { hashOperatorToken, newOperatorToken, OPERATOR_SESSION_ABSOLUTE_MS, OPERATOR_SESSION_IDLE_MS } from './operator-session-token.ts';
import * as sessions from './operator-session.repository.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/**
 * Verified against when the username does not exist, so an unknown username costs the same
 * argon2id work (same parameters as real hashes) and answers like a wrong password.
 */
const UNKNOWN_OPERATOR_HASH = '$argon2id$v=19$m=19456,t=2,p=1$pZrlN5fBEnin1/PzQ2iZMw$lDCp/Otl1ux6tV/lZj7Ul7g2ZXFDClgpWv3/Tz66E1A';

export interface Requester {
  ip: string;
  userAgent: string | null;
}

/** What requireOperator puts on the request. */
export interface AuthenticatedOperator {
  id: bigint;
  username: string;
  role: OperatorRole;
  /** Until the operator sets a password of their own, only the session and password routes answer. */
  mustChangePassword: boolean;
}

export interface OperatorProfile extends AuthenticatedOperator {
  displayName: string;
  mustChangePassword: boolean;
}

export type OperatorLoginResult =
  | { status: 'authenticated'; token: string; operator: OperatorProfile }
  | { status: 'enrolment_required'; enrolmentToken: string; expiresAt: Date; operator: OperatorProfile };

/**
 * Operator passwords: 12 to 128 characters with at least one letter and one digit, not
 * containing the username. Operators hold money-moving permissions, so the bar is above members'.
 */
export function isAcceptableOperatorPassword(password: string, username: string): boolean {
  if (password.length < 12 || password.length > 128) return false;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return false;
  return !password.toLowerCase().includes(username.toLowerCase());
}

function toProfile(row: { id: bigint; username: string; display_name: string; role: string; must_change_password: boolean }): OperatorProfile {
  return { id: row.id, username: row.username, displayName: row.display_name, role: row.role as OperatorRole, mustChangePassword: row.must_change_password };
}

/**
 * Operator sessions: login (password, then the second factor or an enrolment step), enrolment
 * confirmation, the bearer check behind requireOperator, logout. A session exists only after a
 * second factor: TOTP is required for every operator (ASVS 6.3.3).
 */
export function createOperatorSessionService(deps: { db: Db; clock: Clock; twoFactor: TwoFactorService; ipAllowList: IpAllowList; guard: LoginGuard }) {
  const { db, clock, twoFactor } = deps;

  /** A new session, audited as a login, in the caller's transaction (a new token at every authentication). */
  async function openSession(tx: DbExecutor, operator: OperatorProfile, requester: Requester, details: Record<string, unknown>): Promise<string> {
    const now = clock.now();
    const { token, hash } = newOperatorToken();
    const userAgent = requester.userAgent?.slice(0, 512) ?? null;
    await sessions.insertOperatorSession(tx, { tokenHash: hash, operatorId: operator.id, now, expiresAt: new Date(now.getTime() + OPERATOR_SESSION_ABSOLUTE_MS), ip: storableIp(requester.ip), userAgent });
    // A completed login makes the address known: other addresses' guessing asks it for no captcha.
    const ip = storableIp(requester.ip);
    if (ip) await rememberAddress(tx, operator.id, ip, now);
    await audit(tx, { operatorId: operator.id, action: 'backoffice.session.login', targetType: 'backoffice_operator', targetId: String(operator.id), details: { userAgent, ...details }, ip: requester.ip });
    return token;
  }

  return {
    /**
     * Password first (errors never tell whether the username exists); then, for an operator with
     * two-factor on, the code in the same request (401 backoffice.totp_required without one), or
     * for one without, an enrolment token instead of a session.
     */
    async login(input: { username: string; password: string; totp?: string; recoveryCode?: string; captcha?: { id: string; answer: string } }, requester: Requester): Promise<OperatorLoginResult> {
      // Before anything else: from outside the allow-list, not even the password is tried.
      await deps.ipAllowList.assertAllowed(requester.ip);
      const username = input.username.trim().toLowerCase();
      const row = await operators.findOperatorByUsername(db, username);
      // A forwarded address can be any text: counted under 'unknown' rather than as whatever it claims.
      const attempt = { username, ip: storableIp(requester.ip) ?? 'unknown', operatorId: row?.id ?? null };
      // Refused before the password is checked, so guessing goes no further while this address waits.
      await deps.guard.admit(attempt, input.captcha);

      const passwordOk = await verifyPassword(row?.password_hash ?? UNKNOWN_OPERATOR_HASH, input.password);
      if (!row || !passwordOk) {
        await deps.guard.recordFailure(attempt, 'password');
        throw new AppError('backoffice.invalid_credentials', 'wrong username or password', { captchaRequired: await deps.guard.isCaptchaRequiredNext(attempt) });
      }
      // Only after the right password, so the status of an account is no oracle either.
      if (row.status !== 'active') throw new AppError('backoffice.operator_locked', 'this operator is locked');
      const operator = toProfile(row);

      if (!(await twoFactor.isEnabled(operator.id))) {
        const enrolment = await twoFactor.startEnrolment(operator.id);
        return { status: 'enrolment_required', enrolmentToken: enrolment.token, expiresAt: enrolment.expiresAt, operator };
      }
      if (input.totp === undefined && input.recoveryCode === undefined) throw new AppError('backoffice.totp_required', 'send the code of your authenticator app (totp) or a recovery code');
      const factor = await twoFactor.verifyLoginFactor(operator.id, input).catch(async (error: unknown) => {
        // Audited, not counted: wrong codes have their own lock (backoffice.totp_locked) behind the right password.
        if (error instanceof AppError && (error.code === 'backoffice.totp_invalid' || error.code === 'backoffice.recovery_code_invalid')) await deps.guard.auditFailure(attempt, 'second_factor');
        throw error;
      });
      const token = await db.transaction().execute((tx) => openSession(tx, operator, requester, { secondFactor: factor.factor, recoveryCodesLeft: factor.recoveryCodesLeft }));
      await deps.guard.clear(attempt);
      return { status: 'authenticated', token, operator };
    },

    /** The operator behind a live enrolment token (from an allowed address), or 401 backoffice.enrolment_required. */
    async authenticateEnrolment(token: string | undefined, ip: string): Promise<OperatorProfile> {
      await deps.ipAllowList.assertAllowed(ip);
      const row = token ? await twoFactor.findEnrolment(hashOperatorToken(token)) : undefined;
      if (!row) throw new AppError('backoffice.enrolment_required', 'log in again to set up two-factor authentication');
      return toProfile(row);
    },

    /** The first code from the app turns two-factor on and opens the first full session, in one transaction. */
    async confirmEnrolment(operator: OperatorProfile, code: string, requester: Requester): Promise<string> {
      const step = await twoFactor.checkEnrolmentCode(operator.id, code);
      return db.transaction().execute(async (tx) => {
        // Another request confirmed with this code first: this one is a replay.
        if (!(await twoFactor.activate(tx, operator.id, step, requester.ip))) throw new AppError('backoffice.totp_invalid', 'wrong or used code');
        return openSession(tx, operator, requester, { secondFactor: 'totp', enrolled: true });
      });
    },

    /** The operator behind a token, refreshing the session; undefined when missing, revoked, idle, expired or locked. */
    async authenticate(token: string): Promise<AuthenticatedOperator | undefined> {
      const now = clock.now();
      const row = await sessions.touchLiveSession(db, hashOperatorToken(token), now, new Date(now.getTime() - OPERATOR_SESSION_IDLE_MS));
      return row && { id: row.id, username: row.username, role: row.role as OperatorRole, mustChangePassword: row.must_change_password };
    },

    async getProfile(operatorId: bigint): Promise<OperatorProfile> {
      const row = await operators.findOperatorById(db, operatorId);
      if (!row) throw new AppError('backoffice.session_required', 'log in again');
      return toProfile(row);
    },

    /**
     * The operator's own password change (the console forces it after an owner created the
     * operator or reset the password): the current password again, a new one that passes
     * checkOperatorPassword; every other session of the operator ends. Audited, one transaction.
     */
    async changePassword(operator: AuthenticatedOperator, token: string, input: { currentPassword: string; newPassword: string }, requester: Requester): Promise<void> {
      const row = await operators.findOperatorById(db, operator.id);
      if (!row) throw new AppError('backoffice.session_required', 'log in again');
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) throw new AppError('backoffice.current_password_wrong', 'the current password is wrong');
      if (!isAcceptableOperatorPassword(input.newPassword, row.username) || input.newPassword === input.currentPassword) {
        throw new AppError('backoffice.password_weak', 'the new password does not meet the policy');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (tx) => {
        await operators.updateOperatorPassword(tx, operator.id, passwordHash);
        const sessionsEnded = await sessions.revokeOtherSessions(tx, operator.id, hashOperatorToken(token), clock.now());
        await audit(tx, { operatorId: operator.id, action: 'backoffice.operator.password_changed', targetType: 'backoffice_operator', targetId: String(operator.id), details: { forced: row.must_change_password, sessionsEnded }, ip: requester.ip });
      });
    },

    /** Revokes the session at once and audits it, in one transaction. */
    async logout(token: string, operator: AuthenticatedOperator, requester: Requester): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const revoked = await sessions.revokeOperatorSession(tx, hashOperatorToken(token), operator.id, clock.now());
        if (!revoked) return;
        await audit(tx, { operatorId: operator.id, action: 'backoffice.session.logout', targetType: 'backoffice_operator', targetId: String(operator.id), ip: requester.ip });
      });
    },
  };
}

export type OperatorSessionService = ReturnType<typeof createOperatorSessionService>;
