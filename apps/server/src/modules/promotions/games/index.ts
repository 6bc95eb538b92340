import type { preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorPermission } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { JobDefinition } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { PromotionsPorts } from '../promotions.ports.ts';
import { gamesAdminRoutes, gamesRoutes } from './games.routes.ts';
import { createGamesService } from './games.service.ts';

/** Prize wheel, golden eggs and raffle: the promotions module wires these from its index. */
export function createPromotionGames(deps: { db: Db; ports: PromotionsPorts; now?: () => Date }) {
  const games = createGamesService(deps);
  return {
    service: games,
    routes: (auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }) => gamesRoutes({ games, ...auth }),
    adminRoutes: (operators: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }) => gamesAdminRoutes({ games, requireOperator: operators.requireOperator }),
    jobs: [
      {
        // Raffles whose draw time has come are drawn once each (the game row is locked and marked drawn).
        name: 'promotions.raffle-draw',
        cron: '* * * * *',
        async handle(_data: Record<string, unknown>, context: { logger: Logger }) {
          const drawn = await games.drawDueRaffles();
          if (drawn.raffles > 0) context.logger.info(drawn, 'raffles drawn');
        },
      },
    ] satisfies JobDefinition[],
  };
}
