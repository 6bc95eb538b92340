import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MemberIdentitySchema, UpdateBirthdayRequestSchema, UpdateIdentityRequestSchema } from '@app/contracts';
import { currentMember, type MemberAuth } from './accounts.auth.ts';
import type { IdentityService } from './identity.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ bearer: [] }];

export function identityRoutes(deps: { identity: IdentityService; auth: MemberAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    // Trial accounts never pay in or out, so they have no identity to keep.
    const memberOnly = { preHandler: deps.auth.requireRealMember };

    app.get(
      '/member/identity',
      {
        schema: { tags: ['member'], summary: 'Full name, CPF (masked) and birthday on file, which deposits and withdrawals need', security: bearer, response: { 200: MemberIdentitySchema, ...errors } },
        ...memberOnly,
      },
      async (request) => deps.identity.getIdentity(currentMember(request)),
    );

    app.put(
      '/member/identity',
      {
        schema: {
          tags: ['member'],
          summary: 'Set full name and CPF (and birthday when none is on file); after that only customer service changes them',
          description: '409 accounts.identity_locked once name and CPF are on file; 409 accounts.cpf_taken when another account has the CPF; 400 accounts.underage for a birthday under 18.',
          security: bearer,
          body: UpdateIdentityRequestSchema,
          response: { 200: MemberIdentitySchema, ...errors },
        },
        ...memberOnly,
      },
      async (request) => deps.identity.updateIdentity(currentMember(request), request.body),
    );

    app.put(
      '/member/identity/birthday',
      {
        schema: {
          tags: ['member'],
          summary: 'Add the birthday when none is on file (18 or more); after that only customer service changes it',
          description: 'Money (deposit, withdrawal, real-money play) needs name, CPF and an 18+ birthday. 400 accounts.underage under 18; 409 accounts.birthday_locked when one is on file.',
          security: bearer,
          body: UpdateBirthdayRequestSchema,
          response: { 200: MemberIdentitySchema, ...errors },
        },
        ...memberOnly,
      },
      async (request) => deps.identity.updateBirthday(currentMember(request), request.body),
    );
  };
}
