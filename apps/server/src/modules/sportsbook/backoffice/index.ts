import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db.ts';
import { bookAdminRoutes, type ConsoleRouteDeps } from './book.admin-routes.ts';
import { createOperatorFeed, type Apply } from './operator-feed.ts';
import { createResults } from './results.service.ts';
import { createTicketVoids } from './ticket-void.service.ts';
import { ticketsAdminRoutes, type TicketConsolePorts } from './tickets.admin-routes.ts';
import { createTrading } from './trading.service.ts';

export { recordingRefusals } from './feed-health.ts';
export { MANUAL_PRODUCER } from './operator-feed.ts';

export type SportsbookConsolePorts = Omit<ConsoleRouteDeps, 'db'> & TicketConsolePorts;

/**
 * The sportsbook's operator console (issue 23), /api/backoffice/sportsbook/…: events and markets
 * created and traded by hand, results and corrections (maker-checker above a stake threshold),
 * liability, big-bet alerts, tickets with the manual void, and the feed's health. Registers its
 * two approval kinds with the back office.
 */
export function sportsbookConsoleRoutes(deps: { db: Db; apply: Apply }, ports: SportsbookConsolePorts): FastifyPluginAsyncZod {
  const feed = createOperatorFeed({ db: deps.db, apply: deps.apply });
  const trading = createTrading({ db: deps.db, feed });
  const results = createResults({ db: deps.db, feed, audit: ports.audit });
  const voids = createTicketVoids({ db: deps.db, audit: ports.audit });
  ports.approvals.register(results.kind, voids.kind);
  const shared = { ...ports, db: deps.db };
  return async (app) => {
    await app.register(bookAdminRoutes({ ...shared, trading, results }));
    await app.register(ticketsAdminRoutes({ ...shared, voids }));
  };
}
