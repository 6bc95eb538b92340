import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BotChallengeQuerySchema,
  BotChallengeResponseSchema,
  CaptchaResponseSchema,
  ErrorResponseSchema,
  LoginResponseSchema,
  normalizeBrMobile,
  RegisterRequestSchema,
  RegistrationSettingsSchema,
  SendSmsCodeRequestSchema,
  SendSmsCodeResponseSchema,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import type { HumanCheckService } from './human-check.service.ts';
import type { RegistrationService } from './registration.service.ts';
import { limitPerAddress } from '../../platform/http/rate-limit.ts';
import type { PasswordService } from './password.service.ts';
import type { Db } from '../../platform/db.ts';

const errors = { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema };

export function registrationRoutes(deps: { db: Db; registration: RegistrationService; humanCheck: HumanCheckService; passwords: PasswordService }): FastifyPluginAsyncZod {
  // Each call writes a row or costs a signature: a person needs a handful a minute, a flood is refused.
  const perMinute = limitPerAddress(deps.db, { bucket: 'accounts.registration', limit: 30, windowMs: 60_000 });
  return async (app) => {
    app.get(
      '/captcha',
      { schema: { tags: ['registration'], summary: 'A new captcha image (self-hosted SVG); answer it once within 5 minutes', response: { 200: CaptchaResponseSchema, 429: ErrorResponseSchema } }, preHandler: perMinute },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.humanCheck.issueCaptcha(request.ip);
      },
    );

    app.get(
      '/bot-check/challenge',
      {
        schema: {
          tags: ['registration'],
          summary: 'A proof-of-work challenge: find a nonce so that SHA-256(`challenge:nonce`) starts with difficultyBits zero bits',
          querystring: BotChallengeQuerySchema,
          response: { 200: BotChallengeResponseSchema, ...errors },
        },
        preHandler: perMinute,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.humanCheck.issueBotChallenge(request.query.purpose);
      },
    );

    app.get(
      '/member/register/settings',
      {
        schema: {
          tags: ['registration'],
          summary: 'Registration methods and per-field rules (spec §3 register rules)',
          querystring: z.object({ method: z.enum(['username', 'mobile']).default('username') }),
          response: { 200: RegistrationSettingsSchema },
        },
      },
      async (request) => deps.registration.getSettings(request.query.method),
    );

    app.post(
      '/member/register',
      {
        schema: {
          tags: ['registration'],
          summary: 'Register (username or mobile) and log in; field problems come back as validation.failed with messageKey per field',
          body: RegisterRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request) => deps.registration.register(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
    );

    app.post(
      '/verification/sms',
      {
        schema: {
          tags: ['registration'],
          summary: 'Send a 6-digit SMS code (one per minute and five per hour per number)',
          body: SendSmsCodeRequestSchema,
          response: { 200: SendSmsCodeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const mobile = normalizeBrMobile(request.body.mobile);
        if (!mobile) {
          throw new AppError('validation.failed', 'invalid phone number format', {
            fields: [{ path: 'body.mobile', message: 'invalid_mobile', messageKey: 'invalid_mobile' }],
          });
        }
        return deps.passwords.requestSmsCode({ mobile, purpose: request.body.purpose, ip: request.ip });
      },
    );
  };
}
