import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorPermission, RegistrationLimits } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { LimitsPorts } from './limits.ports.ts';
import { limitsAdminRoutes, limitsRoutes } from './limits.routes.ts';
import { createLimitsService } from './limits.service.ts';

export type { LimitsPorts } from './limits.ports.ts';
export { LIMITS_CHANGED_EVENT } from './limits.service.ts';
export { COOLING_OFF_MS } from './limits.rules.ts';

/**
 * Responsible-gaming limits (issue 27, docs/limits.md): deposit, loss and wager limits per day,
 * week and month of the site's calendar and a session-time limit; tightening applies at once,
 * loosening after 24 hours; enforced before a deposit's charge (payments' depositGate) and before
 * every bet of every product (the provider's betGate); reality checks and 80 % alerts for the web.
 */
export function createLimitsModule(deps: { db: Db; bus: EventBus; logger: Logger; ports: LimitsPorts; now?: () => Date; shortChecks?: boolean }) {
  const logger = deps.logger.child({ module: 'limits' });
  const service = createLimitsService({ db: deps.db, bus: deps.bus, logger, ports: deps.ports, now: deps.now ?? (() => new Date()), shortChecks: deps.shortChecks ?? false });

  return {
    api: {
      /** Registration's hook (compose.ts), in the registration's transaction. */
      memberRegistered: (tx: DbExecutor, member: { memberId: bigint; limits: RegistrationLimits | null }) => service.memberRegistered(tx, member),
      /** The provider's bet check: 'LIMIT_REACHED' when a wager or loss limit would be passed. */
      betGate: (memberId: bigint, amountCents: bigint, _product: 'sports' | 'lottery' | 'casino') => service.betGate(memberId, amountCents),
      /** Before a batch of bets: the members' limits read in one statement (betGate then finds them cached). */
      prefetchBetGate: (memberIds: readonly bigint[]) => service.prefetch(memberIds),
      /** The payments' deposit check: throws limits.deposit_limit (limit, remaining) before the charge. */
      depositGate: (memberId: bigint, amountCents: bigint) => service.depositGate(memberId, amountCents),
      overview: (memberId: bigint) => service.overview(memberId),
      set: service.set,
      cancelPending: service.cancelPending,
      /** One pass of the job (tests and the ops CLI too). */
      pass: () => service.pass(),
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return limitsRoutes({ service, requireMember: auth.requireMember, requireRealMember: auth.requireRealMember });
    },
    adminRoutes(backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return limitsAdminRoutes({ service, ports: deps.ports, requireOperator: backoffice.requireOperator });
    },
    jobs: [
      {
        // Every minute: raises and removals whose 24 hours are over apply; sessions past their time limit end.
        name: 'limits.pass',
        cron: '* * * * *',
        async handle() {
          const result = await service.pass();
          if (result.applied + result.sessionsEnded > 0) logger.info(result, 'limits pass');
        },
      },
    ] satisfies JobDefinition[],
    close: () => service.close(),
  };
}

export type LimitsModule = ReturnType<typeof createLimitsModule>;
