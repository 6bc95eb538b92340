import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db.ts';
import type { JobDefinition } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import { createCashOutWin } from './cash-out.money.ts';
import { cashOutRoutes } from './cash-out.routes.ts';
import { createCashOutService, type CashOutService } from './cash-out.service.ts';
import type { ProviderMoneyPorts } from './provider-money.ts';
import type { TicketService } from './ticket.service.ts';

/** Cash-out's wiring inside the tickets part: its service, api, job and routes (kept here so tickets/index.ts only names it). */
export function createCashOut(deps: { db: Db; logger: Logger; ports: Pick<ProviderMoneyPorts, 'handle'>; ticketView: TicketService['get'] }) {
  const service = createCashOutService({ db: deps.db, logger: deps.logger, win: createCashOutWin(deps.ports), ticketView: deps.ticketView });
  return {
    service,
    api: {
      /** Cash-out: a quote of a member's ticket, its execution, the retry of unpaid ones, fresh quotes for the live offers. */
      cashOutQuote: service.quote,
      cashOut: service.execute,
      payDueCashOuts: service.payDue,
      cashOutQuotesOf: service.quotesOf,
    },
    /** The tickets' routes and the cash-out routes under one plugin. */
    withRoutes(ticketRoutes: FastifyPluginAsyncZod, auth: { requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return async (app) => {
        await app.register(ticketRoutes);
        await app.register(cashOutRoutes({ service, requireRealMember: auth.requireRealMember }));
      };
    },
  };
}

/** Pays the cash-outs whose win went unanswered (same transaction id), every minute. */
export function cashOutJob(service: CashOutService, logger: Logger): JobDefinition {
  return {
    name: 'sportsbook.pay-cashouts',
    cron: '* * * * *',
    async handle() {
      const outcome = await service.payDue();
      if (outcome.unpaid > 0) logger.warn(outcome, 'sportsbook cash-outs still unpaid');
    },
  };
}
