import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MemberInfoSchema,
  UpdateLanguageRequestSchema,
} from '@app/contracts';
import { currentMember, type MemberAuth } from './accounts.auth.ts';
import type { MemberService } from './member.service.ts';
import type { SessionService } from './session.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema };
const bearer = [{ bearer: [] }];

export function accountsRoutes(deps: { sessions: SessionService; members: MemberService; auth: MemberAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/session/login',
      {
        schema: {
          tags: ['session'],
          summary: 'Log in with username and password; answers an opaque session token',
          description: 'After 3 failures for an account, or 10 failures of any accounts from one address, a captcha is required (details.captchaRequired; an address is never locked as a whole). 5 failures from one address for one account lock that pair for 5 minutes (429).',
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request) =>
        deps.sessions.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
    );

    app.delete(
      '/session',
      { schema: { tags: ['session'], summary: 'Log out: the token is revoked at once', security: bearer, response: { 204: z.null(), ...errors } }, preHandler: deps.auth.requireMember },
      async (request, reply) => {
        await deps.sessions.logout(currentMember(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/member/info',
      { schema: { tags: ['member'], summary: 'The logged-in member (spec §3 member info)', security: bearer, response: { 200: MemberInfoSchema, ...errors } }, preHandler: deps.auth.requireMember },
      async (request) => deps.members.getInfo(currentMember(request)),
    );

    app.put(
      '/member/language',
      {
        schema: { tags: ['member'], summary: 'Remember the interface language of the logged-in member', security: bearer, body: UpdateLanguageRequestSchema, response: { 204: z.null(), ...errors } },
        preHandler: deps.auth.requireMember,
      },
      async (request, reply) => {
        await deps.members.setLanguage(currentMember(request), request.body.language);
        return reply.code(204).send(null);
      },
    );
  };
}
