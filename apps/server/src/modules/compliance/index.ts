import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorPermission } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { recordLimitHit } from './alerts.repository.ts';
import type { CompliancePorts } from './compliance.ports.ts';
import { complianceAdminRoutes, complianceRoutes } from './compliance.routes.ts';
import { createComplianceService } from './compliance.service.ts';

export type { CompliancePorts, MemberDataSource } from './compliance.ports.ts';

/**
 * Compliance (issue 27, docs/compliance.md): the member's financial history as CSV and LGPD data
 * export, risk alerts for operators from set-based pattern queries over other modules' published
 * views, and the regulator's daily extract (docs/regulator-extract.md).
 */
export function createComplianceModule(deps: { db: Db; logger: Logger; ports: CompliancePorts; now?: () => Date; alertsCron?: string }) {
  const logger = deps.logger.child({ module: 'compliance' });
  const service = createComplianceService({ db: deps.db, ports: deps.ports, logger, now: deps.now ?? (() => new Date()) });
  return {
    api: {
      /** One pass of the risk patterns (the job's; tests and the console's "evaluate now" call it too). */
      evaluateAlerts: () => service.evaluate(),
      /**
       * The limits module's hook (wired in compose.ts when it exists): a refusal because a limit was
       * reached, in the caller's transaction if given. The limit_hits pattern counts these.
       */
      recordLimitHit: (memberId: bigint, kind: string, tx?: DbExecutor) => (tx ? recordLimitHit(tx, memberId, kind) : service.recordLimitHit(memberId, kind)),
      /** A day's regulator extract of one family, streamed (the ops CLI). */
      extract: (day: string, family: 'bets' | 'wallet' | 'bettors', format: 'csv' | 'json') => service.extract(day, family, format, null),
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return complianceRoutes({ service, requireMember: auth.requireMember });
    },
    adminRoutes(backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return complianceAdminRoutes({ service, requireOperator: backoffice.requireOperator });
    },
    jobs: [
      {
        // Every 5 minutes: each pattern is one INSERT … SELECT, idempotent per member, pattern and day.
        name: 'compliance.evaluate-alerts',
        cron: deps.alertsCron ?? '*/5 * * * *',
        async handle() {
          const created = await service.evaluate();
          if (Object.values(created).some((count) => count > 0)) logger.info(created, 'compliance alerts');
        },
      },
    ] satisfies JobDefinition[],
  };
}

export type ComplianceModule = ReturnType<typeof createComplianceModule>;
