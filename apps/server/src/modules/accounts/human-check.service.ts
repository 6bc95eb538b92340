import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { SystemService } from '../system/index.ts';
import {
  captchaDataUrl,
  createCaptchaImage,
  createChallenge,
  DEFAULT_DIFFICULTY_BITS,
  DEFAULT_TTL_SECONDS,
  normalizeCaptchaAnswer,
  verifySolution,
} from './human-check/index.ts';
import * as repository from './human-check.repository.ts';

const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type BotCheckPurpose = 'register' | 'login';

export type CaptchaImageFactory = () => { svg: string; answer: string };

/** Draws every captcha with one known answer: for automated journeys, never in production (config). */
export function fixedAnswerCaptcha(answer: string): CaptchaImageFactory {
  return () => ({ ...createCaptchaImage({ length: answer.length }), answer });
}

export function createHumanCheckService(deps: { db: Db; clock: Clock; system: SystemService; createImage?: CaptchaImageFactory }) {
  const createImage = deps.createImage ?? createCaptchaImage;
  const captchaKey = () => deps.system.getSecret('accounts.captcha');
  const powKey = () => deps.system.getSecret('accounts.proof_of_work');
  const answerHash = async (id: string, answer: string) =>
    createHmac('sha256', await captchaKey()).update(`${id}:${normalizeCaptchaAnswer(answer)}`).digest();

  return {
    /** A fresh captcha image; only a keyed hash of its answer is stored. */
    async issueCaptcha(ip: string) {
      const { svg, answer } = createImage();
      const id = randomUUID();
      const expiresAt = new Date(deps.clock.now().getTime() + CAPTCHA_TTL_MS);
      await repository.insertCaptcha(deps.db, { id, answerHash: await answerHash(id, answer), expiresAt, ip });
      return { id, image: captchaDataUrl(svg), expiresAt: expiresAt.toISOString() };
    },

    /** Single use: right or wrong, the captcha is spent by the first answer. */
    async verifyCaptcha(captcha: { id: string; answer: string }): Promise<boolean> {
      if (!UUID.test(captcha.id)) return false;
      const stored = await repository.spendCaptcha(deps.db, captcha.id, deps.clock.now());
      if (!stored) return false;
      const given = await answerHash(captcha.id, captcha.answer);
      return stored.length === given.length && timingSafeEqual(stored, given);
    },

    async issueBotChallenge(purpose: BotCheckPurpose) {
      return createChallenge({ secret: await powKey(), now: deps.clock.now(), difficultyBits: DEFAULT_DIFFICULTY_BITS, ttlSeconds: DEFAULT_TTL_SECONDS, purpose });
    },

    /** Verifies the proof of work and spends it in the caller's transaction (no replays). */
    async spendBotCheck(tx: DbExecutor, proof: { challenge: string; nonce: string }, purpose: BotCheckPurpose): Promise<void> {
      const now = deps.clock.now();
      const result = verifySolution({ secret: await powKey(), challenge: proof.challenge, nonce: proof.nonce, now, purpose });
      if (!result.ok) throw new AppError('auth.bot_check_failed', 'please complete verification first', { reason: result.reason });
      const fresh = await repository.spendChallenge(tx, result.challengeId, new Date(now.getTime() + DEFAULT_TTL_SECONDS * 1000));
      if (!fresh) throw new AppError('auth.bot_check_failed', 'please complete verification first', { reason: 'replayed' });
    },

    async deleteExpired() {
      await repository.deleteExpiredHumanChecks(deps.db, deps.clock.now());
    },
  };
}

export type HumanCheckService = ReturnType<typeof createHumanCheckService>;
