import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import type { JobDefinition } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import { createProviderMoney, type ProviderMoneyPorts } from './provider-money.ts';
import { createTicketService } from './ticket.service.ts';
import { ticketRoutes } from './tickets.routes.ts';

export { SPORTSBOOK_GAME_CODE, SPORTSBOOK_VENDOR_CODE, type ProviderMoneyPorts } from './provider-money.ts';

/**
 * Sportsbook tickets (issue 23): placement with money through the provider protocol as vendor
 * SPORTSBOOK, my bets, and the recovery of tickets abandoned mid-placement. Settlement and cash-out
 * come later.
 */
export function createSportsbookTickets(deps: { db: Db; logger: Logger; money: ProviderMoneyPorts; sleep?: (ms: number) => Promise<void> }) {
  const logger = deps.logger.child({ component: 'sportsbook-tickets' });
  const money = createProviderMoney(deps.money);
  const service = createTicketService({ db: deps.db, logger, money, ...(deps.sleep ? { sleep: deps.sleep } : {}) });
  const jobs: JobDefinition[] = [
    {
      name: 'sportsbook.recover-pending-tickets',
      cron: '* * * * *',
      async handle() {
        const counts = await service.recoverPending();
        if (counts.refused > 0 || counts.stillPending > 0) logger.warn(counts, 'sportsbook tickets abandoned mid-placement');
      },
    },
  ];
  return {
    api: { register: money.register, place: service.place, ticket: service.get, tickets: service.list, recoverPending: service.recoverPending },
    jobs,
    routes: (auth: { requireRealMember: preHandlerAsyncHookHandler }) => ticketRoutes({ service, requireRealMember: auth.requireRealMember }),
  };
}

export type SportsbookTickets = ReturnType<typeof createSportsbookTickets>;
