import { createHash, randomBytes } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import { HANDOFF_CODE_PATTERN, type HandoffCodeResponse, type HandoffExchangeResponse } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as members from './accounts.repository.ts';
import { afterFailure, lockedFor } from './login-throttle.ts';
import * as handoffs from './session-handoff.repository.ts';
import type { AuthenticatedMember, Requester, SessionService } from './session.service.ts';
import * as throttle from './throttle.repository.ts';

/** Long enough to open a link just received, short enough that a leaked one is soon worthless. */
export const HANDOFF_TTL_MS = 60_000;
/** Codes a member may have out at once: a loop asking for codes fills no table. */
export const MAX_LIVE_HANDOFFS = 10;
/** Wrong codes from one address before it is locked out for LOCK_MS (login-throttle.ts). */
export const HANDOFF_FAILURES_BEFORE_LOCK = 10;
/** Spent and expired codes are kept this long (for an operator asking what happened), then swept. */
const KEEP_SPENT_MS = 24 * 60 * 60 * 1000;

const hashCode = (code: string) => createHash('sha256').update(code).digest();
const invalidCode = () => new AppError('accounts.handoff_invalid', 'unknown, used or expired hand-off code');

/**
 * Session hand-off: instead of a session token in a link (which anyone holding the link could
 * use for as long as the session lives, and which silently replaced the session of whoever
 * opened it), a link carries a code that opens a new session once, within a minute.
 */
export function createSessionHandoffService(deps: { db: Db; clock: Clock; sessions: Pick<SessionService, 'startSession'> }) {
  const { db, clock } = deps;
  const throttleKey = (ip: string) => `handoff:ip:${ip}`;

  async function recordFailure(ip: string): Promise<void> {
    const key = throttleKey(ip);
    await db.transaction().execute(async (tx) => {
      const now = clock.now();
      const counters = await throttle.lockCounters(tx, [key], now);
      await throttle.saveCounter(tx, key, afterFailure(counters.get(key), now, HANDOFF_FAILURES_BEFORE_LOCK));
    });
  }

  return {
    async issue(member: AuthenticatedMember): Promise<HandoffCodeResponse> {
      const now = clock.now();
      const code = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + HANDOFF_TTL_MS);
      await db.transaction().execute(async (tx) => {
        if ((await handoffs.countLiveHandoffs(tx, member.id, now)) >= MAX_LIVE_HANDOFFS) {
          throw new AppError('rate.limited', 'too many hand-off codes, wait a minute', { retryAfterSeconds: HANDOFF_TTL_MS / 1000 });
        }
        await handoffs.insertHandoff(tx, { codeHash: hashCode(code), memberId: member.id, createdAt: now, expiresAt });
      });
      return { code, expiresAt: expiresAt.toISOString() };
    },

    /**
     * A new session for the code's member (the code is spent even when the member turns out to
     * be locked). Wrong codes count against the address; the throttle is checked first, so a
     * locked-out address spends no code.
     */
    async exchange(code: string, requester: Requester): Promise<HandoffExchangeResponse> {
      const retryAfter = lockedFor((await throttle.findCounters(db, [throttleKey(requester.ip)])).get(throttleKey(requester.ip)), clock.now());
      if (retryAfter > 0) throw new AppError('rate.limited', 'too many wrong codes, try again after 5 minutes', { retryAfterSeconds: retryAfter });
      if (!HANDOFF_CODE_PATTERN.test(code)) {
        await recordFailure(requester.ip);
        throw invalidCode();
      }
      const outcome = await db.transaction().execute(async (tx) => {
        const memberId = await handoffs.redeemHandoff(tx, hashCode(code), clock.now());
        if (memberId === undefined) return 'invalid' as const;
        const member = await members.findMemberById(tx, memberId);
        if (!member || member.status !== 'active') return 'locked' as const;
        return { token: await deps.sessions.startSession(tx, member.id, requester), account: member.account };
      });
      if (outcome === 'invalid') {
        await recordFailure(requester.ip);
        throw invalidCode();
      }
      if (outcome === 'locked') throw new AppError('auth.account_locked', 'this account is locked');
      return outcome;
    },

    deleteSpent: () => handoffs.deleteHandoffsBefore(db, new Date(clock.now().getTime() - KEEP_SPENT_MS)),
  };
}

export type SessionHandoffService = ReturnType<typeof createSessionHandoffService>;
