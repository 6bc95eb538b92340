import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorPermission, VipProductType } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { DEMO_LEVELS } from './demo-levels.ts';
import { createLevelsService, presentLevel } from './vip.levels.ts';
import { createProgressService } from './vip.progress.ts';
import type { VipPorts } from './vip.ports.ts';
import * as repository from './vip.repository.ts';
import { vipAdminRoutes, vipRoutes } from './vip.routes.ts';

export type { VipPorts } from './vip.ports.ts';

/**
 * VIP module (issue 22): operator-defined levels, each member's level computed from the facts the
 * agents' and payments' views publish, upgrade and monthly bonuses paid once through the bonus
 * module, rebate rates (read by the promotions rebate) and a daily withdrawal limit per level.
 */
export function createVipModule(deps: { db: Db; logger: Logger; ports: VipPorts; now?: () => Date }) {
  const logger = deps.logger.child({ module: 'vip' });
  const levels = createLevelsService({ db: deps.db, ports: deps.ports });
  const progress = createProgressService({ db: deps.db, ports: deps.ports, logger, now: deps.now });

  return {
    api: {
      /** The member's rank (0 = base level, also for a member who never played). */
      levelOf: (memberId: bigint): Promise<number> => progress.levelOf(memberId),
      /** Rebate percent of valid bet per product type at this rank ("0.5"); null when the rank is not defined. */
      async rebateRates(rank: number): Promise<Record<VipProductType, string> | null> {
        const level = await repository.findLevel(deps.db, rank);
        return level ? presentLevel(level).rebates : null;
      },
      /** The most the member may withdraw per day at their level, in centavos; null = no VIP limit. */
      async withdrawalLimitOf(memberId: bigint): Promise<bigint | null> {
        const level = await repository.findLevel(deps.db, await progress.levelOf(memberId));
        return level?.withdrawal_limit_per_day ?? null;
      },
      /** The member's VIP page as GET /api/vip answers it (recomputed from the facts first; bench:loyalty reads it). */
      overview: (memberId: bigint) => progress.overview(memberId),
      /** Recomputes one member now (their VIP page does too) and pays what an upgrade owes. */
      refreshMember: (memberId: bigint) => progress.refreshMember(memberId),
      recomputeRecent: (options?: { payDues?: boolean }) => progress.recomputeRecent(options),
      /** Every member with play or deposits in one statement; `payDues: false` leaves the bonuses owed to the jobs. */
      recomputeAll: (options?: { payDues?: boolean }) => progress.recomputeAll(options),
      monthTurn: () => progress.monthTurn(),
      /** Pays owed VIP bonuses (`max`: stop after about that many). */
      payDues: (options?: { max?: number }) => progress.payDues(options),
      /** Demo levels (Bronze … Diamante) when none are defined; answers how many were created. */
      async seedDemo(): Promise<number> {
        if ((await repository.listLevels(deps.db)).length > 0) return 0;
        for (const level of DEMO_LEVELS) await levels.save(level, { id: null, username: 'seed', ip: null });
        return DEMO_LEVELS.length;
      },
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return vipRoutes({ progress, requireMember: auth.requireMember });
    },
    adminRoutes(backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return vipAdminRoutes({ db: deps.db, levels, ports: deps.ports, requireOperator: backoffice.requireOperator });
    },
    jobs: [
      {
        // Levels (and upgrade bonuses) of members who played lately, without their visit: the figures are the
        // rolled-up member days plus the settled play the rollup has not taken yet, so the VIP page, which
        // recomputes its member on read, shows each settled round at once.
        name: 'vip.recompute',
        cron: '*/2 * * * *',
        async handle() {
          const result = await progress.recomputeRecent();
          if (result && result.upgraded + result.paid > 0) logger.info(result, 'vip levels recomputed');
        },
      },
      {
        // Hourly, so the turn runs soon after midnight of the 1st in the site's time zone whatever the offset.
        name: 'vip.month-turn',
        cron: '5 * * * *',
        async handle() {
          await progress.monthTurn();
          // Dues left by a failed payment are retried here too.
          await progress.payDues();
        },
      },
    ] satisfies JobDefinition[],
  };
}

export type VipModule = ReturnType<typeof createVipModule>;
export type VipApi = VipModule['api'];
