import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db.ts';
import { createDrawDecisions, type DrawActions } from './draw-decisions.service.ts';
import { drawsAdminRoutes, type DrawRoutePorts } from './draws.admin-routes.ts';
import { gamesAdminRoutes, type LotteryConsoleRouteDeps } from './games.admin-routes.ts';

export type { DrawActions } from './draw-decisions.service.ts';
export type LotteryConsolePorts = Omit<LotteryConsoleRouteDeps, 'db'> & DrawRoutePorts;

/**
 * The lottery's operator console (issue 24), /api/backoffice/lottery/…: games and schedules, odds
 * tables, draws, per-number exposure and liability caps, tickets; results and cancellations as
 * maker-checker requests of the approvals module (two kinds registered here), applied through the
 * draws service once another operator approves.
 */
export function lotteryConsoleRoutes(deps: { db: Db; draws: DrawActions }, ports: LotteryConsolePorts): FastifyPluginAsyncZod {
  const decisions = createDrawDecisions({ db: deps.db, draws: deps.draws, audit: ports.audit });
  ports.approvals.register(...decisions.kinds);
  const shared = { ...ports, db: deps.db };
  return async (app) => {
    await app.register(gamesAdminRoutes(shared));
    await app.register(drawsAdminRoutes(shared));
  };
}
