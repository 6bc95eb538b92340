import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorPermission } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createAdminService } from './admin.service.ts';
import { awardPoints, creditDeposits, creditPlay } from './earning.ts';
import { createMallService } from './mall.service.ts';
import { pointsAdminRoutes } from './points.admin-routes.ts';
import type { PointsPorts } from './points.ports.ts';
import { pointsRoutes } from './points.routes.ts';

export { POINTS_EXPENSE } from './mall.service.ts';
/**
 * The settled-play horizon (agents_v_settled_play.seq below which every fact is committed): other
 * modules' incremental passes over settled play (missions) use it the way the earning job does.
 * points_product_type(game_type) in SQL is the published game type → product type mapping.
 */
export { safeHorizon as settledPlayHorizon } from './earning.ts';
export type { PointsPorts } from './points.ports.ts';

/** How long the earning job keeps crediting before it hands the minute to the next run. */
const EARN_LOOP_MS = 55_000;
const EARN_PAUSE_MS = 1_000;

/**
 * Points module: points are an asset of the wallet's ledger (pocket 'points', currency PTS,
 * against points_issued), earned on credited deposits and on valid bet per product type at the
 * rates of an exchange-rate table, never expiring; the points mall (items with points and amount
 * requirements, stock and per-member limits, redemption behind the payment password, an operator
 * fulfilment queue) and conversion of points to cash.
 */
export function createPointsModule(deps: { db: Db; logger: Logger; ports: PointsPorts }) {
  const logger = deps.logger.child({ module: 'points' });
  const mall = createMallService({ db: deps.db, ports: deps.ports });
  const admin = createAdminService({ db: deps.db, ports: deps.ports });
  const post = deps.ports.wallet.postOrThrow;
  // Set on close: the earning job's loop ends after its current pass instead of running into a closed pool.
  let closing = false;

  /** One crediting pass: deposits credited and settled play since the cursors. */
  async function creditEarnings() {
    const deposits = await creditDeposits(deps.db, post);
    const play = await creditPlay(deps.db, post);
    return { deposits, play };
  }

  return {
    api: {
      /** Runs one crediting pass now (the job runs them every second; tests and the bench call it). */
      creditEarnings,
      /**
       * Awards points for another module's reward (missions, the check-in) in the caller's
       * transaction, recorded with its source in the points details; once per key.
       */
      award: (tx: DbExecutor, input: { key: string; memberId: bigint; points: bigint; source: 'mission' | 'checkin'; reference: string }) => awardPoints(tx, post, input),
      /** The member's points (their ledger pocket). */
      pointsOf: (memberId: bigint) => mall.pointsOf(memberId),
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return pointsRoutes({ db: deps.db, mall, admin, ...auth });
    },
    adminRoutes(operators: { requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return pointsAdminRoutes({ admin, requireOperator: (permission) => operators.requireOperator(permission) });
    },
    jobs: [
      {
        name: 'points.credit-earnings',
        cron: '* * * * *',
        // Runs for most of its minute, a pass a second, so points follow play within a second or two.
        async handle() {
          const until = Date.now() + EARN_LOOP_MS;
          while (Date.now() < until && !closing) {
            const began = Date.now();
            const { deposits, play } = await creditEarnings();
            if (deposits.points + play.points > 0n) logger.info({ deposits: deposits.facts, facts: play.facts, members: play.members + deposits.members, points: (play.points + deposits.points).toString() }, 'points credited');
            // A pass a second; the next at once (almost) when this one took longer.
            await new Promise((resolve) => setTimeout(resolve, Math.max(50, EARN_PAUSE_MS - (Date.now() - began))));
          }
        },
      },
    ] satisfies JobDefinition[],
    close() {
      closing = true;
    },
  };
}

export type PointsModule = ReturnType<typeof createPointsModule>;
export type PointsApi = PointsModule['api'];
