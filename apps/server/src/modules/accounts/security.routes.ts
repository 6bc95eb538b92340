import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordRequestSchema,
  EmailResetRequestSchema,
  ErrorResponseSchema,
  LoginResponseSchema,
  normalizeBrMobile,
  ResetByEmailRequestSchema,
  ResetBySmsRequestSchema,
  SessionListSchema,
  SetPaymentPasswordRequestSchema,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import { limitPerAddress } from '../../platform/http/rate-limit.ts';
import type { Db } from '../../platform/db.ts';
import { currentMember, type MemberAuth } from './accounts.auth.ts';
import type { PasswordService } from './password.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const requester = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

function mobileOrFail(input: string): string {
  const mobile = normalizeBrMobile(input);
  if (!mobile) throw new AppError('validation.failed', 'invalid phone number format', { fields: [{ path: 'body.mobile', message: 'invalid_mobile', messageKey: 'invalid_mobile' }] });
  return mobile;
}

export function securityRoutes(deps: { db: Db; passwords: PasswordService; auth: MemberAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    // Trial accounts have no password and no panels (spec §6).
    const memberOnly = { preHandler: deps.auth.requireRealMember };

    app.post(
      '/member/password/reset/sms',
      { schema: { tags: ['security'], summary: 'Forgot password by phone: SMS code and new password; logs in', body: ResetBySmsRequestSchema, response: { 200: LoginResponseSchema, ...errors } } },
      async (request) => deps.passwords.resetBySms({ ...request.body, mobile: mobileOrFail(request.body.mobile) }, requester(request)),
    );

    app.post(
      '/member/password/reset/email',
      { schema: { tags: ['security'], summary: 'Forgot password by e-mail: sends a single-use link if the address is registered (same answer either way)', body: EmailResetRequestSchema, response: { 202: z.null(), ...errors } } },
      async (request, reply) => {
        await deps.passwords.requestEmailReset(request.body.email);
        return reply.code(202).send(null);
      },
    );

    app.post(
      '/member/password/reset',
      { schema: { tags: ['security'], summary: 'Set a new password with the token from the e-mailed link', body: ResetByEmailRequestSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deps.passwords.resetByEmailToken(request.body);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/member/password',
      { schema: { tags: ['security'], summary: 'Change password; other sessions are signed out', security: bearer, body: ChangePasswordRequestSchema, response: { 204: z.null(), ...errors } }, ...memberOnly },
      async (request, reply) => {
        await deps.passwords.changePassword(currentMember(request), request.body);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/member/payment-password',
      { schema: { tags: ['security'], summary: 'Set the payment password (6 digits) with the login password', security: bearer, body: SetPaymentPasswordRequestSchema, response: { 204: z.null(), ...errors } }, ...memberOnly },
      async (request, reply) => {
        await deps.passwords.setPaymentPassword(currentMember(request), request.body);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/member/sessions',
      { schema: { tags: ['security'], summary: 'Active sessions of the logged-in member', security: bearer, response: { 200: SessionListSchema, ...errors } }, ...memberOnly },
      async (request) => ({ sessions: await deps.passwords.listSessions(currentMember(request)) }),
    );

    app.delete(
      '/member/sessions/others',
      { schema: { tags: ['security'], summary: 'Sign out every other session', security: bearer, response: { 204: z.null(), ...errors } }, ...memberOnly },
      async (request, reply) => {
        await deps.passwords.signOutOthers(currentMember(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/session/trial',
      {
        schema: { tags: ['session'], summary: 'Start trial (free) play: a type-4 account that can only play demos (10 per hour per address)', response: { 200: LoginResponseSchema, ...errors } },
        // Every call creates an account: a visitor needs one, a script would make thousands.
        preHandler: limitPerAddress(deps.db, { bucket: 'accounts.trial', limit: 10, windowMs: 3_600_000 }),
      },
      async (request) => deps.passwords.createTrial(requester(request)),
    );
  };
}
