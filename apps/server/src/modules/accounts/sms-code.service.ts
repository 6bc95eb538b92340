import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { SystemService } from '../system/index.ts';
import type { SmsProvider } from './sms-provider.ts';
import * as repository from './sms-code.repository.ts';

export type SmsPurpose = 'register' | 'login' | 'reset_password' | 'new_device';

/** ASVS 6.5.5: out-of-band codes live at most 10 minutes; ours 5 (spec: expiredMinutes). */
export const SMS_CODE_EXPIRED_MINUTES = 5;
export const SMS_RESEND_SECONDS = 60;
const MAX_PER_MOBILE_PER_HOUR = 5;
const MAX_PER_IP_PER_HOUR = 20;
const MAX_ATTEMPTS = 5;

const BODY = {
  register: 'Seu código de cadastro é {code}. Válido por {minutes} minutos. Não compartilhe.',
  login: 'Seu código de acesso é {code}. Válido por {minutes} minutos. Não compartilhe.',
  reset_password: 'Seu código para redefinir a senha é {code}. Válido por {minutes} minutos. Não compartilhe.',
  new_device: 'Código de verificação de novo dispositivo: {code}. Válido por {minutes} minutos.',
} satisfies Record<SmsPurpose, string>;

export function createSmsCodeService(deps: { db: Db; clock: Clock; system: SystemService; provider: SmsProvider }) {
  const hashCode = async (mobile: string, purpose: SmsPurpose, code: string) =>
    createHmac('sha256', await deps.system.getSecret('accounts.sms_code')).update(`${mobile}|${purpose}|${code}`).digest();

  return {
    /**
     * Sends a 6-digit code. Limits: one per minute and five per hour per number, twenty per
     * hour per address (spec: 'too many requests, try again after 5 minutes' beyond that).
     */
    async send(input: { mobile: string; purpose: SmsPurpose; ip: string }) {
      const now = deps.clock.now();
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const last = await repository.findLatestSentAt(deps.db, input.mobile);
      const waitSeconds = last ? Math.ceil((last.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
      if (waitSeconds > 0) throw new AppError('rate.limited', 'please wait before asking for another code', { retryAfterSeconds: waitSeconds });
      if (
        (await repository.countSentSince(deps.db, { mobile: input.mobile }, hourAgo)) >= MAX_PER_MOBILE_PER_HOUR ||
        (await repository.countSentSince(deps.db, { ip: input.ip }, hourAgo)) >= MAX_PER_IP_PER_HOUR
      ) {
        throw new AppError('rate.limited', 'too many requests, try again after 5 minutes', { retryAfterSeconds: 300 });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + SMS_CODE_EXPIRED_MINUTES * 60_000);
      await repository.insertCode(deps.db, { mobile: input.mobile, purpose: input.purpose, codeHash: await hashCode(input.mobile, input.purpose, code), expiresAt, ip: input.ip });
      await deps.provider.send({ mobile: input.mobile, body: BODY[input.purpose].replace('{code}', code).replace('{minutes}', String(SMS_CODE_EXPIRED_MINUTES)) });
      return { expiredMinutes: SMS_CODE_EXPIRED_MINUTES, resendAfterSeconds: SMS_RESEND_SECONDS };
    },

    /**
     * Checks and consumes the code in a transaction of its own, so a wrong guess is counted even
     * though the caller's use case then fails: after five the code is dead. Callers validate
     * everything else first, so a right code is rarely spent on a request that fails later.
     */
    async consume(input: { mobile: string; purpose: SmsPurpose; code: string }): Promise<void> {
      const given = await hashCode(input.mobile, input.purpose, input.code);
      const matches = await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock.now();
        const row = await repository.lockLatestCode(tx, input.mobile, input.purpose, now);
        if (!row || row.attempts >= MAX_ATTEMPTS) return undefined;
        const ok = given.length === row.code_hash.length && timingSafeEqual(given, row.code_hash);
        await repository.recordAttempt(tx, row.id, ok, now);
        return ok;
      });
      if (matches === undefined) throw new AppError('auth.sms_code_invalid', 'code expired, send again', { reason: 'expired' });
      if (!matches) throw new AppError('auth.sms_code_invalid', 'invalid verification code', { reason: 'wrong' });
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
