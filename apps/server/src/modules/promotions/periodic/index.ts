import type { preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorPermission } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { JobDefinition } from '../../../platform/jobs/jobs.ts';
import type { PromotionsPorts } from '../promotions.ports.ts';
import { periodicAdminRoutes } from './periodic.admin-routes.ts';
import { createPeriodicService } from './periodic.service.ts';

export { createPeriodicService, type PeriodicService } from './periodic.service.ts';

/** The operator's calendar until the settings say otherwise (system settings locale.timeZone). */
const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Periodic rewards (issue 21): the daily rebate and the weekly cashback. The hourly job runs every
 * active rebate or cashback promotion's recent periods (days, Monday–Sunday weeks, in the site's
 * time zone) that have no finished run; operators set the rules and re-run periods in the console.
 */
export function createPeriodicRewards(deps: { db: Db; ports: PromotionsPorts }) {
  const periodic = createPeriodicService({ db: deps.db, ports: deps.ports, timeZone: deps.ports.timeZone ?? (async () => DEFAULT_TIME_ZONE) });
  return {
    service: periodic,
    /** Register under prefix /api. */
    adminRoutes: (operators: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }) => periodicAdminRoutes({ periodic, requireOperator: operators.requireOperator }),
    jobs: [{ name: 'promotions.periodic-rewards', cron: '20 * * * *', handle: async (_data, { logger }) => void (await periodic.runDue(logger)) }] satisfies JobDefinition[],
  };
}
