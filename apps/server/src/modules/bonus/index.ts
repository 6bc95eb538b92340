import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '@app/kernel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { WalletApi } from '../wallet/index.ts';
import { bonusAdminRoutes, type BonusAdminPorts } from './bonus.admin-routes.ts';
import { manualGrantKind } from './bonus.approvals.ts';
import { listContributions, upsertContribution } from './bonus.repository.ts';
import { costBySource } from './bonus-costs.repository.ts';
import { bonusRoutes, summaryOf } from './bonus.routes.ts';
import { createBonusService, type GrantInput } from './bonus.service.ts';

export { BONUS_EXPENSE, BONUS_ISSUED, requiredOf, type GrantInput } from './bonus.service.ts';

/** Published by the SQL round hook (0062) when a grant's wagering reaches its requirement. */
export const WAGERING_COMPLETED_EVENT = 'bonus.wagering_completed';

/**
 * Bonus module: bonus money with a wagering requirement. A grant credits the member's bonus pocket
 * in the ledger; settled rounds count towards it through the provider's round hook (migration 0063
 * calls bonus_record_round_change); complete wagering converts it to cash once; expiry and a
 * withdrawal request the member confirmed return it to the house. Bets spend cash first, then
 * bonus (the provider's money callback calls bonus_stake_share and friends, migration 0068); a
 * win pays the bonus-funded part of its round back to the grants that staked it.
 */
export function createBonusModule(deps: { db: Db; bus: EventBus; logger: Logger; wallet: Pick<WalletApi, 'postOrThrow'>; now?: () => Date }) {
  const logger = deps.logger.child({ module: 'bonus' });
  const service = createBonusService({ db: deps.db, wallet: deps.wallet, logger, now: deps.now });
  // Every process that hears the event tries; the row lock and the journal key keep it to one.
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type !== WAGERING_COMPLETED_EVENT || event.audience.kind !== 'member') return;
    void service.convertCompleted(BigInt(event.audience.memberId)).catch((error: unknown) => logger.warn({ err: error }, 'bonus conversion failed; the job retries'));
  });

  return {
    api: {
      /** Grants bonus money in the caller's transaction; idempotent on `key`. */
      grant: (tx: DbExecutor, input: GrantInput): Promise<{ grantId: bigint; created: boolean }> => service.grant(tx, input),
      /** Bonus still under wagering (what a withdrawal would forfeit), in centavos; null when none. */
      openWagering: (memberId: bigint, executor?: DbExecutor) => service.openWagering(memberId, executor),
      /** Forfeits the member's open grants in the caller's transaction (a confirmed withdrawal request). */
      forfeitOpen: (tx: DbExecutor, memberId: bigint) => service.forfeitOpen(tx, memberId),
      /** The member's bonus-details page (grants, progress, contributions). */
      summaryOf: (memberId: bigint) => summaryOf(deps.db, service, memberId),
      convertCompleted: (memberId?: bigint) => service.convertCompleted(memberId),
      expireDue: () => service.expireDue(),
      sweepOrphans: () => service.sweepOrphans(),
      /** Sets the percent of a game type's stake that counts towards wagering (0–100; type as the catalogue names it). */
      async setContribution(gameType: string, percent: number): Promise<void> {
        if (!/^[A-Z_]{2,20}$/.test(gameType) || !Number.isInteger(percent) || percent < 0 || percent > 100) throw new AppError('bonus.grant_invalid', 'game type in capitals and a whole percent from 0 to 100');
        await upsertContribution(deps.db, gameType, percent);
      },
      contributions: () => listContributions(deps.db),
      /** Grants of these sources (e.g. 'promotion' and promotion ids) summed by outcome: granted, converted, forfeited, expired, open. */
      costBySource: (kind: string, ids: readonly string[]) => costBySource(deps.db, kind, ids),
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return bonusRoutes({ db: deps.db, service, requireMember: auth.requireMember });
    },
    /** Back-office routes under /api: the grants list (members.wallet.read). */
    adminRoutes(ports: BonusAdminPorts): FastifyPluginAsyncZod {
      ports.approvals.register(manualGrantKind({ service, memberIdOf: ports.memberIdOf, audit: ports.audit }));
      return bonusAdminRoutes({ db: deps.db, ...ports });
    },
    jobs: [
      {
        name: 'bonus.expire-and-convert',
        cron: '* * * * *',
        async handle() {
          const expiry = await service.expireDue();
          const converted = await service.convertCompleted();
          const swept = await service.sweepOrphans();
          if (expiry.expired + expiry.converted + converted + swept > 0) logger.info({ ...expiry, converted: converted + expiry.converted, swept }, 'bonus grants closed');
        },
      },
    ] satisfies JobDefinition[],
    close: () => unsubscribe(),
  };
}

export type BonusModule = ReturnType<typeof createBonusModule>;
export type BonusApi = BonusModule['api'];
