import { createHash, randomBytes } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import { checkPasswordShape, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type LoginResponse } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import * as members from './accounts.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { EmailProvider } from './email-provider.ts';
import * as sessionRows from './session.repository.ts';
import { SESSION_IDLE_MS } from './session-token.ts';
import type { AuthenticatedMember, Requester, SessionService, SessionsEndedAnnouncer } from './session.service.ts';
import { SMS_CODE_EXPIRED_MINUTES, SMS_RESEND_SECONDS, type SmsCodeService } from './sms-code.service.ts';

const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/** ASVS 6.2: length and the common-password list, no composition rules. */
export function assertAcceptablePassword(password: string, account: string, path = 'newPassword') {
  const shape = checkPasswordShape(password, { account });
  const keys = [
    ...(shape.includes('too_short') ? ['password_too_short'] : []),
    ...(shape.includes('too_long') ? ['password_too_long'] : []),
    ...(shape.includes('same_as_account') ? ['password_same_as_account'] : []),
    ...(isCommonPassword(password) ? ['password_common'] : []),
  ];
  if (keys.length > 0) {
    throw new AppError('validation.failed', 'the new password is not acceptable', {
      fields: keys.map((messageKey) => ({ path, message: messageKey, messageKey, params: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } })),
    });
  }
}

export function createPasswordService(deps: { db: Db; clock: Clock; sessions: SessionService; smsCodes: SmsCodeService; email: EmailProvider; publicUrl: string; sessionsEnded: SessionsEndedAnnouncer }) {
  const { db, clock } = deps;

  return {
    /**
     * SMS codes for registration go to new numbers only; codes for login and reset only to
     * registered ones, and for an unregistered number we answer the same without sending, so
     * the endpoint does not reveal who has an account.
     */
    async requestSmsCode(input: { mobile: string; purpose: 'register' | 'login' | 'reset_password'; ip: string }) {
      const member = await members.findMemberByMobile(db, input.mobile);
      if (input.purpose === 'register' && member) {
        throw new AppError('validation.failed', 'this mobile number is already registered', { fields: [{ path: 'body.mobile', message: 'mobile_taken', messageKey: 'mobile_taken' }] });
      }
      if (input.purpose !== 'register' && (!member || member.status !== 'active')) {
        return { expiredMinutes: SMS_CODE_EXPIRED_MINUTES, resendAfterSeconds: SMS_RESEND_SECONDS };
      }
      return deps.smsCodes.send(input);
    },

    /** Spec §4 forgot password by phone: code → new password → logged in (every other session ends). */
    async resetBySms(input: { mobile: string; code: string; newPassword: string }, requester: Requester): Promise<LoginResponse> {
      const member = await members.findMemberByMobile(db, input.mobile);
      assertAcceptablePassword(input.newPassword, member?.account ?? '');
      await deps.smsCodes.consume({ mobile: input.mobile, purpose: 'reset_password', code: input.code });
      // A code can only have been sent to a registered number (send() refuses others silently).
      if (!member) throw new AppError('auth.sms_code_invalid', 'invalid verification code', { reason: 'wrong' });
      const passwordHash = await hashPassword(input.newPassword);
      await deps.sessions.assertMayLogIn(member.id);
      const token = await db.transaction().execute(async (tx) => {
        await members.updatePassword(tx, member.id, passwordHash, clock.now());
        await sessionRows.revokeMemberSessions(tx, member.id);
        await deps.sessionsEnded(tx, member.id);
        return deps.sessions.startSession(tx, member.id, requester);
      });
      return { token, firstTimeLogin: false, passwordExpired: false };
    },

    /** Sends a single-use link when the address is registered; answers the same either way. */
    async requestEmailReset(email: string): Promise<void> {
      const member = await members.findMemberByEmail(db, email.toLowerCase());
      if (!member || member.status !== 'active') return;
      const token = randomBytes(32).toString('base64url');
      await members.insertPasswordReset(db, {
        tokenHash: createHash('sha256').update(token).digest(),
        memberId: member.id,
        expiresAt: new Date(clock.now().getTime() + RESET_LINK_TTL_MS),
      });
      const link = `${deps.publicUrl}/?resetToken=${token}`;
      await deps.email.send({
        email: member.email ?? email,
        subject: 'Redefinição de senha / Password reset',
        body: `Para redefinir sua senha, abra: ${link}\nO link vale por 30 minutos e só pode ser usado uma vez.\n\nTo reset your password open the link above (valid 30 minutes, single use).`,
      });
    },

    async resetByEmailToken(input: { token: string; newPassword: string }): Promise<void> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) throw new AppError('auth.reset_link_invalid', 'this link is invalid or has expired');
      const tokenHash = createHash('sha256').update(input.token).digest();
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (tx) => {
        const memberId = await members.spendPasswordReset(tx, tokenHash, clock.now());
        if (memberId === undefined) throw new AppError('auth.reset_link_invalid', 'this link is invalid or has expired');
        const member = await members.findMemberById(tx, memberId);
        assertAcceptablePassword(input.newPassword, member?.account ?? '');
        await members.updatePassword(tx, memberId, passwordHash, clock.now());
        await sessionRows.revokeMemberSessions(tx, memberId);
        await deps.sessionsEnded(tx, memberId);
      });
    },

    /** Change password (current one required); every other session ends (ASVS 7.4.3). */
    async changePassword(member: AuthenticatedMember, input: { currentPassword: string; newPassword: string }): Promise<void> {
      const row = await members.findMemberById(db, member.id);
      if (!row || !(await verifyPassword(row.password_hash, input.currentPassword))) {
        throw new AppError('auth.wrong_password', 'the current password is wrong');
      }
      assertAcceptablePassword(input.newPassword, row.account);
      if (input.newPassword === input.currentPassword) {
        throw new AppError('validation.failed', 'the new password must differ', { fields: [{ path: 'newPassword', message: 'password_unchanged', messageKey: 'password_unchanged' }] });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (tx) => {
        await members.updatePassword(tx, member.id, passwordHash, clock.now());
        await sessionRows.revokeMemberSessions(tx, member.id, member.tokenHash);
        await deps.sessionsEnded(tx, member.id);
      });
    },

    /** The separate PIN that withdrawals and redemptions will ask for; setting it needs the login password. */
    async setPaymentPassword(member: AuthenticatedMember, input: { password: string; paymentPassword: string }): Promise<void> {
      const row = await members.findMemberById(db, member.id);
      if (!row || !(await verifyPassword(row.password_hash, input.password))) throw new AppError('auth.wrong_password', 'the password is wrong');
      await members.updatePaymentPassword(db, member.id, await hashPassword(input.paymentPassword), clock.now());
    },

    async listSessions(member: AuthenticatedMember) {
      const now = clock.now();
      const rows = await sessionRows.listActiveSessions(db, member.id, new Date(now.getTime() - SESSION_IDLE_MS), now);
      return rows.map((row) => ({
        id: row.token_hash.subarray(0, 8).toString('hex'),
        current: row.token_hash.equals(member.tokenHash),
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        ip: row.ip,
        userAgent: row.user_agent,
      }));
    },

    async signOutOthers(member: AuthenticatedMember): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await sessionRows.revokeMemberSessions(tx, member.id, member.tokenHash);
        await deps.sessionsEnded(tx, member.id);
      });
    },

    /** Spec §1 trial play: an account of type 4 that may browse and play demos only. */
    async createTrial(requester: Requester): Promise<LoginResponse> {
      const account = `trial${randomBytes(5).toString('hex')}`;
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const token = await db.transaction().execute(async (tx) => {
        const memberId = await members.insertTrialMember(tx, { account, passwordHash, ip: requester.ip });
        return deps.sessions.startSession(tx, memberId, requester);
      });
      return { token, firstTimeLogin: true, passwordExpired: false };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
