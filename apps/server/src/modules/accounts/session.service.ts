import { AppError, type Clock } from '@app/kernel';
import { normalizeBrMobile, type LoginRequest, type LoginResponse } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { verifyPassword } from '../../platform/security/passwords.ts';
import type { SystemService } from '../system/index.ts';
import { isAgentType } from './account-type.ts';
import * as members from './accounts.repository.ts';
import { afterFailure, isCaptchaRequired, LOCK_AFTER_PAIR_FAILURES, lockedFor, throttleKeys } from './login-throttle.ts';
import {
  hashSessionToken,
  isSessionActive,
  isWellFormedToken,
  newSessionToken,
  SESSION_ABSOLUTE_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from './session-token.ts';
import * as sessions from './session.repository.ts';
import * as throttle from './throttle.repository.ts';
import { insertLogin } from './members.admin-repository.ts';
import type { SmsCodeService } from './sms-code.service.ts';
import { maskMobile } from './masking.ts';

/** Verified against when the account does not exist, so both cases take the same time. */
const UNKNOWN_ACCOUNT_HASH = '$argon2id$v=19$m=19456,t=2,p=1$lapCK89jGYWidJgpb612Yw$WOrfENuPIk9vYw+7HwQYdh8y332pMnKTueqQfeHXXyI';

export interface Requester {
  ip: string;
  userAgent: string | null;
}

export interface AuthenticatedMember {
  id: bigint;
  account: string;
  nickname: string;
  type: number;
  language: string | null;
  /** Set after a login with a default or expired password; cleared by a password change. */
  mustChangePassword: boolean;
  tokenHash: Buffer;
}

export interface CaptchaVerifier {
  /** Single use: a captcha answered (rightly or wrongly) cannot be answered again. */
  verify(challenge: { id: string; answer: string }): Promise<boolean>;
}

/** The neutral refusal of a member who may not log in (self-exclusion, cool-off, barred, closed: issue 27); never says why. */
export function accountUnavailable(): AppError {
  return new AppError('auth.account_unavailable', 'this account cannot be logged in to; contact support');
}

/** Tells every process that some of the member's sessions ended (the event bus, in the executor's transaction). */
export type SessionsEndedAnnouncer = (executor: DbExecutor, memberId: bigint) => Promise<void>;

export function createSessionService(deps: {
  db: Db;
  clock: Clock;
  system: SystemService;
  captcha: CaptchaVerifier;
  smsCodes: SmsCodeService;
  /**
   * Responsible gaming (issue 27, exclusion module): asked before every new session; 'refused'
   * answers auth.account_unavailable. With `executor` (inside a session's transaction) it only
   * reads, on that connection; without it, before the transaction, it may also run the day's
   * barred-persons check, which writes in transactions of its own.
   */
  loginGate?: (memberId: bigint, executor?: DbExecutor) => Promise<'ok' | 'refused'>;
  /** Announces that some of a member's sessions ended, in the executor's transaction (index.ts: the /ws recheck). */
  sessionsEnded: SessionsEndedAnnouncer;
}) {
  const { db, clock } = deps;

  async function recordFailure(account: string, ip: string): Promise<boolean> {
    const keys = throttleKeys(account, ip);
    return db.transaction().execute(async (tx) => {
      const now = clock.now();
      const counters = await throttle.lockCounters(tx, [keys.account, keys.pair, keys.address], now);
      const accountCounter = afterFailure(counters.get(keys.account), now, null);
      const addressCounter = afterFailure(counters.get(keys.address), now, null);
      await throttle.saveCounter(tx, keys.account, accountCounter);
      await throttle.saveCounter(tx, keys.pair, afterFailure(counters.get(keys.pair), now, LOCK_AFTER_PAIR_FAILURES));
      await throttle.saveCounter(tx, keys.address, addressCounter);
      return isCaptchaRequired({ account: accountCounter, address: addressCounter }, now);
    });
  }

  /** SMS login: the username is the mobile number and the password the code just sent. */
  async function findBySmsCode(input: LoginRequest) {
    const mobile = normalizeBrMobile(input.username);
    if (!mobile || !/^\d{6}$/.test(input.password)) return undefined;
    try {
      await deps.smsCodes.consume({ mobile, purpose: 'login', code: input.password });
    } catch {
      return undefined;
    }
    return members.findMemberByMobile(db, mobile);
  }

  /**
   * Spec §4: a login from an address never seen for this member needs an SMS code to the
   * member's number. Without one, we send it and ask for it; the next attempt carries it.
   */
  async function verifyNewDevice(mobile: string, code: string | undefined, ip: string) {
    const masked = maskMobile(mobile);
    if (!code) {
      await deps.smsCodes.send({ mobile, purpose: 'new_device', ip }).catch((error: unknown) => {
        // Already sent within the last minute: the member can use that code.
        if (!(error instanceof AppError && error.code === 'rate.limited')) throw error;
      });
      throw new AppError('auth.new_device_verification', 'login from a new device: enter the code sent by SMS', { mobile: masked });
    }
    await deps.smsCodes.consume({ mobile, purpose: 'new_device', code });
  }

  /**
   * A new session in the caller's transaction (ASVS 7.2.4: a new token at every
   * authentication): login, registration and password resets all end here.
   */
  async function startSession(tx: DbExecutor, memberId: bigint, requester: Requester): Promise<string> {
    // On the transaction's own connection: asking the pool for another while holding one deadlocks a small pool.
    if (deps.loginGate && (await deps.loginGate(memberId, tx)) === 'refused') throw accountUnavailable();
    const now = clock.now();
    const { token, hash } = newSessionToken();
    await sessions.insertSession(tx, {
      tokenHash: hash,
      memberId,
      absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      ip: requester.ip,
      userAgent: requester.userAgent?.slice(0, 512) ?? null,
    });
    await members.recordLogin(tx, memberId, now);
    await members.rememberIp(tx, memberId, requester.ip);
    await insertLogin(tx, { memberId, ip: requester.ip, userAgent: requester.userAgent?.slice(0, 512) ?? null });
    return token;
  }

  /** The full gate (the day's barred check included), before a login's transaction: no connection held. */
  async function assertMayLogIn(memberId: bigint): Promise<void> {
    if (deps.loginGate && (await deps.loginGate(memberId)) === 'refused') throw accountUnavailable();
  }

  return {
    /** Spec §4 login. Errors never tell whether the account exists. */
    async login(input: LoginRequest, requester: Requester): Promise<LoginResponse> {
      const account = input.username.toLowerCase();
      const keys = throttleKeys(account, requester.ip);
      const now = clock.now();
      const counters = await throttle.findCounters(db, [keys.account, keys.pair, keys.address]);
      // Only this account's own failures from this address lock; the address alone only asks for a captcha.
      const retryAfter = lockedFor(counters.get(keys.pair), now);
      if (retryAfter > 0) {
        throw new AppError('rate.limited', 'too many attempts, try again after 5 minutes', { retryAfterSeconds: retryAfter });
      }
      // Any captcha sent is spent, asked for or not: one answer never serves a later attempt.
      const captchaSolved = input.captcha ? await deps.captcha.verify(input.captcha) : false;
      if (isCaptchaRequired({ account: counters.get(keys.account), address: counters.get(keys.address) }, now)) {
        // A missing or wrong captcha counts as a failure too, so a bot ignoring it still gets locked out.
        if (!input.captcha) {
          await recordFailure(account, requester.ip);
          throw new AppError('auth.captcha_required', 'please enter the captcha', { captchaRequired: true });
        }
        if (!captchaSolved) {
          await recordFailure(account, requester.ip);
          throw new AppError('auth.captcha_invalid', 'the captcha is wrong', { captchaRequired: true });
        }
      }

      const member = input.type === 'sms' ? await findBySmsCode(input) : await members.findMemberByAccount(db, account);
      const passwordOk = input.type === 'sms' ? member !== undefined : await verifyPassword(member?.password_hash ?? UNKNOWN_ACCOUNT_HASH, input.password);
      if (!member || !passwordOk) {
        const captchaRequired = await recordFailure(account, requester.ip);
        throw new AppError('auth.invalid_credentials', 'wrong username or password', { captchaRequired });
      }
      if (member.status !== 'active') throw new AppError('auth.account_locked', 'this account is locked');
      if (input.portal === 'agent' && !isAgentType(member.type)) {
        throw new AppError('auth.agent_only', 'only agents can log in here');
      }

      if (input.type !== 'sms' && member.mobile && (await members.isNewIp(db, member.id, requester.ip))) {
        await verifyNewDevice(member.mobile, input.verificationCode, requester.ip);
      }

      const settings = (await deps.system.getSettings()).accounts;
      const expired =
        settings.passwordExpiryDays !== null &&
        now.getTime() - member.password_changed_at.getTime() > settings.passwordExpiryDays * 86_400_000;
      const passwordExpired =
        input.type !== 'sms' && (member.must_change_password || expired || (settings.defaultPassword !== null && input.password === settings.defaultPassword));

      await assertMayLogIn(member.id);
      const token = await db.transaction().execute(async (tx) => {
        await throttle.deleteCounters(tx, [keys.account, keys.pair]);
        // Kept on the member so the server, not only the client, holds the player to the change.
        if (passwordExpired && !member.must_change_password) await members.requirePasswordChange(tx, member.id);
        return startSession(tx, member.id, requester);
      });
      return { token, firstTimeLogin: member.last_login_at === null, passwordExpired };
    },

    startSession,
    assertMayLogIn,

    /** The member behind a bearer token, or undefined for a missing, revoked or expired session. */
    async authenticate(token: string): Promise<AuthenticatedMember | undefined> {
      if (!isWellFormedToken(token)) return undefined;
      const tokenHash = hashSessionToken(token);
      const row = await sessions.findSessionWithMember(db, tokenHash);
      const now = clock.now();
      if (!row || row.status !== 'active') return undefined;
      if (!isSessionActive({ lastSeenAt: row.last_seen_at, absoluteExpiresAt: row.absolute_expires_at, revokedAt: row.revoked_at }, now)) {
        return undefined;
      }
      if (now.getTime() - row.last_seen_at.getTime() > SESSION_TOUCH_INTERVAL_MS) await sessions.touchSession(db, tokenHash);
      return {
        id: row.member_id,
        account: row.account,
        nickname: row.nickname,
        type: row.type,
        language: row.language,
        mustChangePassword: row.must_change_password,
        tokenHash,
      };
    },

    /** Revokes the session at once; later requests with the token get auth.required. */
    async logout(member: AuthenticatedMember): Promise<void> {
      if ((await sessions.revokeSession(db, member.tokenHash)) !== undefined) await deps.sessionsEnded(db, member.id);
    },

    /** Ends every session of the member at once (self-exclusion, barred, closure); answers how many were open. */
    async endAllSessions(memberId: bigint, executor: DbExecutor = db): Promise<number> {
      const result = await executor.updateTable('accounts_session').set({ revoked_at: new Date(clock.now().getTime()) }).where('member_id', '=', memberId).where('revoked_at', 'is', null).executeTakeFirst();
      const ended = Number(result.numUpdatedRows);
      if (ended > 0) await deps.sessionsEnded(executor, memberId);
      return ended;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
