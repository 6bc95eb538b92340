import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@app/kernel';
import { ErrorResponseSchema } from '@app/contracts';
import { presentSession } from './backoffice.routes.ts';
import { OperatorLoginResponseSchema, TotpConfirmRequestSchema, TotpEnrolmentResponseSchema } from './backoffice.schemas.ts';
import { bearerToken } from './operator-session-token.ts';
import type { OperatorProfile, OperatorSessionService } from './operator-session.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };
const enrolmentSecurity = [{ operator: [] }];
const tags = ['backoffice'];

/**
 * Two-factor enrolment, authorised by the enrolment token a password login gives an operator
 * without two-factor authentication (never by a session, and a session never works here).
 */
export function twoFactorRoutes(deps: { sessions: OperatorSessionService; twoFactor: TwoFactorService }): FastifyPluginAsyncZod {
  const enrolled = new WeakMap<FastifyRequest, OperatorProfile>();
  // Runs at onRequest like every authentication (before the body is validated); the handler reads its result.
  const requireEnrolment = async (request: FastifyRequest) => {
    enrolled.set(request, await deps.sessions.authenticateEnrolment(bearerToken(request.headers.authorization), request.ip));
  };
  const enrolmentOf = (request: FastifyRequest): OperatorProfile => {
    const operator = enrolled.get(request);
    if (!operator) throw new AppError('backoffice.enrolment_required', 'log in again to set up two-factor authentication');
    return operator;
  };

  return async (app) => {
    app.post(
      '/backoffice/2fa/enrol',
      {
        schema: {
          tags,
          summary: 'A new TOTP key (otpauth URI, QR code, base32) and ten recovery codes, shown once; again replaces them until confirmed',
          description: '`Authorization: Bearer <enrolmentToken>` from the login answer. 401 backoffice.enrolment_required once it has expired or two-factor is on.',
          security: enrolmentSecurity,
          response: { 200: TotpEnrolmentResponseSchema, ...errors },
        },
        onRequest: requireEnrolment,
      },
      async (request) => {
        return deps.twoFactor.enrol(enrolmentOf(request), request.ip);
      },
    );

    app.post(
      '/backoffice/2fa/confirm',
      {
        schema: {
          tags,
          summary: "The app's current code turns two-factor authentication on; answers the first full session",
          description: 'Same enrolment token. Wrong codes: 401 backoffice.totp_invalid, counted like wrong login codes.',
          security: enrolmentSecurity,
          body: TotpConfirmRequestSchema,
          response: { 200: OperatorLoginResponseSchema, ...errors },
        },
        onRequest: requireEnrolment,
      },
      async (request) => {
        const requester = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
        const operator = enrolmentOf(request);
        const token = await deps.sessions.confirmEnrolment(operator, request.body.code, requester);
        return { status: 'authenticated' as const, token, ...presentSession(operator) };
      },
    );
  };
}
