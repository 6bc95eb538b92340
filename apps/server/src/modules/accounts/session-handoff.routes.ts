import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, HandoffCodeResponseSchema, HandoffExchangeRequestSchema, HandoffExchangeResponseSchema } from '@app/contracts';
import { currentMember, type MemberAuth } from './accounts.auth.ts';
import type { SessionHandoffService } from './session-handoff.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema };

export function sessionHandoffRoutes(deps: { handoffs: SessionHandoffService; auth: MemberAuth }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/session/handoff-code',
      {
        schema: {
          tags: ['session'],
          summary: 'A single-use code, valid 60 s, that opens a new session of this member elsewhere (links carry ?handoff=<code>)',
          description: 'At most 10 unused codes per member at once (429 rate.limited).',
          security: [{ bearer: [] }],
          response: { 200: HandoffCodeResponseSchema, ...errors },
        },
        // A trial account has nothing to carry over to another app.
        preHandler: deps.auth.requireRealMember,
      },
      async (request) => deps.handoffs.issue(currentMember(request)),
    );

    app.post(
      '/session/handoff',
      {
        schema: {
          tags: ['session'],
          summary: 'Exchange a hand-off code for a new session (once; within 60 s of its issue)',
          description: '400 accounts.handoff_invalid for an unknown, used or expired code; 10 wrong codes from one address lock it for 5 minutes (429).',
          body: HandoffExchangeRequestSchema,
          response: { 200: HandoffExchangeResponseSchema, ...errors },
        },
      },
      async (request) => deps.handoffs.exchange(request.body.code, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
    );
  };
}
