import { systemClock, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { OperatorAccess, ReportsPorts } from './reports.ports.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';
import { runReportsRollup } from './rollup.ts';

export type { LedgerCheckSummary, OperatorAccess as ReportsOperatorAccess, ReportsPorts, SiteStatus } from './reports.ports.ts';

/**
 * Reports module: the back-office dashboard and the GGR/NGR and payments reports. A read model:
 * it reads other modules' tables with SQL (rounds and bet facts, the ledger, payments, members,
 * sessions) and writes only its own hourly rollup of settled play (docs/ARCHITECTURE.md, "Reports").
 * It imports no other module; the time zone, site status and ledger check come in as ports.
 */
export function createReportsModule(deps: {
  db: Db;
  /** The reports read here tolerate replication lag: a read replica when configured (DATABASE_READ_URL). The rollup writes on `db`. */
  readDb?: Db;
  logger: Logger;
  ports: ReportsPorts;
  clock?: Clock;
}) {
  const logger = deps.logger.child({ module: 'reports' });
  const service = createReportsService({ db: deps.readDb ?? deps.db, ports: deps.ports, clock: deps.clock ?? systemClock });
  const rollup = async (at?: Date) => {
    const until = await runReportsRollup(deps.db, at);
    logger.debug({ rolledUntil: until }, 'reports rollup');
    return until;
  };
  return {
    api: {
      dashboard: service.dashboard,
      ggr: service.ggr,
      payments: service.payments,
      /** Rolls settled hours into reports_bet_hour (job reports.rollup); answers the new frontier. */
      rollup,
    },
    /** Register under prefix /api; operator sessions come from the back-office module. */
    adminRoutes: (operators: OperatorAccess) => reportsRoutes({ reports: service, operators }),
    jobs: [{ name: 'reports.rollup', cron: '*/5 * * * *', handle: async () => void (await rollup()) }] satisfies JobDefinition[],
  };
}

export type ReportsModule = ReturnType<typeof createReportsModule>;
