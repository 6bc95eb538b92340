import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@app/kernel';
import type { OperatorPermission } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { createSandboxBarredAdapter, type BarredPersonsAdapter } from './barred.adapter.ts';
import { createBarredService } from './barred.service.ts';
import type { ExclusionPorts } from './exclusion.ports.ts';
import * as repository from './exclusion.repository.ts';
import { exclusionAdminRoutes, exclusionRoutes } from './exclusion.routes.ts';
import { createExclusionService } from './exclusion.service.ts';
import { exportMember } from './member-export.ts';
import { createRestrictionCache } from './restriction-cache.ts';

export type { ExclusionPorts } from './exclusion.ports.ts';
export type { BarredPersonsAdapter } from './barred.adapter.ts';

/**
 * Responsible gaming (issue 27, docs/exclusion.md): cool-offs and self-exclusions chosen by the
 * member, account closure, and barred persons (the regulator's check by CPF through an adapter;
 * the sandbox is a list the operator imports). A restriction ends every session, refuses login,
 * bets and deposits, silences messages (view exclusion_active_member) and refunds open bets on
 * future events; the balance leaves only through the withdraw-only path.
 */
export function createExclusionModule(deps: { db: Db; bus?: EventBus; logger: Logger; ports: ExclusionPorts; adapter?: BarredPersonsAdapter; now?: () => Date }) {
  const logger = deps.logger.child({ module: 'exclusion' });
  const now = deps.now ?? (() => new Date());
  const adapter = deps.adapter ?? createSandboxBarredAdapter(deps.db);
  const restrictions = createRestrictionCache({ bus: deps.bus, isRestricted: (memberId) => repository.isRestricted(deps.db, memberId), restrictedAmong: (memberIds) => repository.restrictedAmong(deps.db, memberIds) });
  const service = createExclusionService({ db: deps.db, logger, ports: deps.ports, now, announce: restrictions.announce });
  const barred = createBarredService({ db: deps.db, logger, ports: deps.ports, adapter, exclusion: service, now, announce: restrictions.announce });

  return {
    api: {
      /** accounts' loginGate (compose.ts): refused while restricted; the first login of the day runs the barred check. */
      loginGate: (memberId: bigint, executor?: DbExecutor) => service.loginGate(memberId, barred.checkMember, executor),
      /** accounts' registrationGate: a barred CPF is refused (neutral); a check that is down lets it through. */
      registrationGate: (cpf: string) => barred.registrationGate(cpf),
      /** The provider's betGate part: PLAYER_BLOCKED while a restriction is in force. */
      async betGate(memberId: bigint): Promise<'PLAYER_BLOCKED' | null> {
        return (await restrictions.isRestricted(memberId)) ? 'PLAYER_BLOCKED' : null;
      },
      /** Before a batch of bets: the members' restrictions read in one statement (betGate then finds the clear ones cached). */
      prefetchBetGate: (memberIds: readonly bigint[]) => restrictions.prefetch(memberIds),
      /** payments' depositGate part: throws exclusion.deposit_refused while a restriction is in force. */
      async assertMayDeposit(memberId: bigint): Promise<void> {
        if (await service.isRestricted(memberId)) throw new AppError('exclusion.deposit_refused', 'deposits are not possible for this account');
      },
      isRestricted: service.isRestricted,
      /** The LGPD export's section (compliance): restrictions, notices and the last barred check. */
      exportMember: (memberId: bigint) => exportMember(deps.db, memberId),
      /** Tests and the ops CLI: one whole-base check now, the daily job's check, the pending steps. */
      runWholeBase: barred.runWholeBase,
      dueRun: barred.dueRun,
      async applyPending(): Promise<number> {
        const rows = await repository.unapplied(deps.db, 100);
        for (const row of rows) await service.applySteps(row);
        return rows.length;
      },
    },
    /** Stops listening for other processes' restrictions (the bet path's cache). */
    close: restrictions.close,
    routes(auth: { requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return exclusionRoutes({ service, requireMember: auth.requireMember });
    },
    adminRoutes(backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return exclusionAdminRoutes({ db: deps.db, barred, now, requireOperator: backoffice.requireOperator });
    },
    jobs: [
      {
        // Daily; the whole base is checked when the last complete run is 15 days old (a failed run: the next day again).
        name: 'exclusion.barred-check',
        cron: '17 4 * * *',
        async handle() {
          const outcome = await barred.dueRun();
          if (outcome.ran) logger.info(outcome, 'barred-persons whole-base check');
        },
      },
      {
        // Steps left unfinished (a void that failed): retried every minute.
        name: 'exclusion.apply-pending',
        cron: '* * * * *',
        async handle() {
          const rows = await repository.unapplied(deps.db, 100);
          for (const row of rows) await service.applySteps(row);
        },
      },
    ] satisfies JobDefinition[],
  };
}

export type ExclusionModule = ReturnType<typeof createExclusionModule>;
