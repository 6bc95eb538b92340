import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  SportsbookCashOutQuoteQuerySchema,
  SportsbookCashOutQuoteSchema,
  SportsbookCashOutRequestSchema,
  SportsbookCashOutResultSchema,
  SportsbookTicketParamsSchema,
} from '@app/contracts';
import { currentMember } from '../../accounts/index.ts';
import type { CashOutService } from './cash-out.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 502: ErrorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['sportsbook'];

/** Member routes: the cash-out quote of one of my tickets and its execution (real money: real members only). */
export function cashOutRoutes(deps: { service: CashOutService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: deps.requireRealMember };

    app.get(
      '/sportsbook/tickets/:id/cash-out',
      {
        ...member,
        schema: {
          tags,
          summary: 'The cash-out quote of one of my open tickets now (with ?amount, what a partial cash-out of it leaves); an unavailable quote says why',
          security,
          params: SportsbookTicketParamsSchema,
          querystring: SportsbookCashOutQuoteQuerySchema,
          response: { 200: SportsbookCashOutQuoteSchema, ...errors },
        },
      },
      async (request) => deps.service.quote(currentMember(request).id, BigInt(request.params.id), request.query.amount),
    );

    app.post(
      '/sportsbook/tickets/:id/cash-out',
      {
        ...member,
        schema: {
          tags,
          summary: 'Cash out one of my tickets, whole or in part, at the accepted price (or 409 sportsbook.cashout_price_changed with the new quote); the same requestId answers the first outcome',
          security,
          params: SportsbookTicketParamsSchema,
          body: SportsbookCashOutRequestSchema,
          response: { 200: SportsbookCashOutResultSchema, ...errors },
        },
      },
      async (request) => deps.service.execute(currentMember(request).id, BigInt(request.params.id), request.body),
    );
  };
}
