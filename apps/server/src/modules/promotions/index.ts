import type { preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorPermission } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createCostsService } from './costs.service.ts';
import { createEventRewardsService } from './deposit-match.service.ts';
import { createDefinitionsService } from './definitions.service.ts';
import { createPlayerService } from './player.service.ts';
import { promotionsAdminRoutes } from './promotions.admin-routes.ts';
import type { PromotionsPorts } from './promotions.ports.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { createReviewService } from './review.service.ts';
import { createRewardsService } from './rewards.service.ts';
import { seedDemoPromotions } from './demo-promotions.ts';
import { createPeriodicRewards } from './periodic/index.ts';
import { createPromotionGames } from './games/index.ts';

export type { BonusGrant, PromotionsPorts } from './promotions.ports.ts';
export type { CreditedDeposit, RegisteredMember } from './deposit-match.service.ts';

/** Cash rewards are paid from this house account (wallet ledger, journal type bonus). */
export const PROMOTIONS_EXPENSE_ACCOUNT = 'promotions_expense';

/**
 * Promotions module (issue 21): the engine's definitions, members' participation and
 * applications, the operators' review queue, and the reward centre where issued rewards are
 * claimed within the promotion's budget and the member's cap.
 */
export function createPromotionsModule(deps: { db: Db; ports: PromotionsPorts; logger?: Logger; now?: () => Date }) {
  const definitions = createDefinitionsService({ db: deps.db, ports: deps.ports });
  const player = createPlayerService(deps);
  const rewards = createRewardsService(deps);
  const review = createReviewService({ db: deps.db, ports: deps.ports });
  const periodic = createPeriodicRewards(deps);
  const games = createPromotionGames(deps);
  const eventRewards = createEventRewardsService({ ports: deps.ports, logger: deps.logger?.child({ module: 'promotions' }), now: deps.now });
  const costs = createCostsService({ db: deps.db, ports: deps.ports });
  return {
    api: {
      /** Demo promotions (an application promotion among them), once per installation. */
      seedDemo: () => seedDemoPromotions(deps.db),
      /** Daily rebate and weekly cashback: rules, runs, running a period. */
      periodic: periodic.service,
      /** Payments calls this in the transaction that credits a deposit: deposit-match rewards (idempotent per deposit). */
      depositCredited: eventRewards.depositCredited,
      /** Accounts calls this in the registration's transaction: sign-up rewards (once per member). */
      memberRegistered: eventRewards.memberRegistered,
      /** Marks unclaimed rewards past their time as expired (also the job's work). */
      expireRewards: () => rewards.expireDue(),
    },
    /** Register under prefix /api. */
    routes: (auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }) => promotionsRoutes({ player, rewards, ...auth }),
    /** Register under prefix /api. */
    adminRoutes: (operators: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }) => promotionsAdminRoutes({ definitions, review, costs, requireOperator: operators.requireOperator }),
    /** Register under prefix /api: prize wheel, golden eggs and raffle (player and console). */
    gameRoutes: games.routes,
    gameAdminRoutes: games.adminRoutes,
    /** Register under prefix /api: periodic rewards' rules and runs. */
    periodicAdminRoutes: periodic.adminRoutes,
    jobs: [
      ...games.jobs,
      ...periodic.jobs,
      {
        name: 'promotions.expire-rewards',
        cron: '*/5 * * * *',
        async handle() {
          const expired = await rewards.expireDue();
          if (expired > 0) deps.logger?.info({ module: 'promotions', expired }, 'unclaimed promotion rewards expired');
        },
      },
    ] satisfies JobDefinition[],
  };
}

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
