import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db.ts';
import { chatAdminRoutes } from './chat.admin-routes.ts';
import { roundsAdminRoutes } from './rounds.admin-routes.ts';
import { tablesAdminRoutes, type LiveConsoleRouteDeps, type LivePublish } from './tables.admin-routes.ts';

export type LiveConsolePorts = Omit<LiveConsoleRouteDeps, 'db' | 'publish'>;
export type { LivePublish } from './tables.admin-routes.ts';

/**
 * The live tables' operator console (issue 25), /api/backoffice/live/…: tables (open, close,
 * limits, betting window, new baccarat shoe), rounds with their bets and verification data, and
 * chat moderation (remove a message, mute an account). Register under the /api prefix.
 */
export function liveConsoleRoutes(deps: { db: Db; publish: LivePublish; ports: LiveConsolePorts }): FastifyPluginAsyncZod {
  const shared: LiveConsoleRouteDeps = { ...deps.ports, db: deps.db, publish: deps.publish };
  return async (app) => {
    await app.register(tablesAdminRoutes(shared));
    await app.register(roundsAdminRoutes(shared));
    await app.register(chatAdminRoutes(shared));
  };
}
