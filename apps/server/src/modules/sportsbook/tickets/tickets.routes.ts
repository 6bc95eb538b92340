import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  PlaceTicketRequestSchema,
  SportsbookTicketListQuerySchema,
  SportsbookTicketListSchema,
  SportsbookTicketParamsSchema,
  SportsbookTicketSchema,
} from '@app/contracts';
import { currentMember } from '../../accounts/index.ts';
import type { TicketService } from './ticket.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 402: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 502: ErrorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['sportsbook'];

/** Member routes under /api/sportsbook/tickets: placing a ticket (real money: real members only) and my bets. */
export function ticketRoutes(deps: { service: TicketService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: deps.requireRealMember };

    app.post(
      '/sportsbook/tickets',
      { ...member, schema: { tags, summary: 'Place a sportsbook ticket (the stake through the provider API as vendor SPORTSBOOK); the same requestId answers the first ticket', security, body: PlaceTicketRequestSchema, response: { 200: SportsbookTicketSchema, ...errors } } },
      async (request) => deps.service.place(currentMember(request).id, request.body),
    );

    app.get(
      '/sportsbook/tickets',
      { ...member, schema: { tags, summary: 'My tickets: open (not yet decided) or settled', security, querystring: SportsbookTicketListQuerySchema, response: { 200: SportsbookTicketListSchema, ...errors } } },
      async (request) => ({ tickets: await deps.service.list(currentMember(request).id, request.query.status, request.query.limit) }),
    );

    app.get(
      '/sportsbook/tickets/:id',
      { ...member, schema: { tags, summary: 'One of my tickets', security, params: SportsbookTicketParamsSchema, response: { 200: SportsbookTicketSchema, ...errors } } },
      async (request) => deps.service.get(currentMember(request).id, BigInt(request.params.id)),
    );
  };
}
