import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminCheckinTable, AdminCheckinTableInput, AdminMission, AdminMissionInput, OperatorPermission } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createAdminService } from './admin.service.ts';
import { createCheckinService } from './checkin.service.ts';
import { DEMO_CHECKIN, DEMO_MISSIONS } from './demo-missions.ts';
import type { MissionsPorts, OperatorActor } from './missions.ports.ts';
import { missionsAdminRoutes, missionsRoutes } from './missions.routes.ts';
import { createMissionsService } from './missions.service.ts';
import { creditProgress, type ProgressOutcome } from './progress.ts';

export type { MissionsPorts } from './missions.ports.ts';

/** How long the progress job keeps counting before it hands the minute to the next run. */
const PROGRESS_LOOP_MS = 55_000;
const PROGRESS_PAUSE_MS = 1_000;
const SYSTEM: OperatorActor = { id: null, username: 'system', ip: null };

/**
 * Missions module (issue 22): operator-defined daily, weekly and one-off missions whose progress
 * is counted from the facts other modules publish (settled play, credited deposits, logins) by an
 * incremental job into per-member per-local-day counters; claims paying bonus money or points
 * once; the mission leaderboard; and the sign-in check-in with its day 1…7 streak rewards.
 */
export function createMissionsModule(deps: { db: Db; logger: Logger; ports: MissionsPorts; now?: () => Date }) {
  const logger = deps.logger.child({ module: 'missions' });
  const now = deps.now ?? (() => new Date());
  const checkin = createCheckinService({ db: deps.db, ports: deps.ports, now });
  const missions = createMissionsService({ db: deps.db, ports: deps.ports, checkin, now });
  const admin = createAdminService({ db: deps.db, ports: deps.ports, now });
  // Set on close: the job's loop ends after its current pass instead of running into a closed pool.
  let closing = false;

  /** One progress pass (the job runs one a second; tests and the bench call it). */
  async function progressPass(): Promise<ProgressOutcome> {
    return creditProgress(deps.db, await deps.ports.timeZone());
  }

  return {
    api: {
      /** Runs one mission-progress pass now: settled play, deposits and logins since the cursors, and the completions they reach. */
      creditProgress: progressPass,
      /** What the member routes answer (the summary, a claim, the check-in), for tests and other callers. */
      summary: (memberId: bigint, language: 'pt' | 'en' = 'pt') => missions.summary(memberId, language),
      claim: (memberId: bigint, missionId: bigint, language: 'pt' | 'en' = 'pt') => missions.claim(memberId, missionId, language),
      checkIn: (memberId: bigint) => checkin.checkIn(memberId),
      checkinState: (memberId: bigint) => checkin.state(memberId),
      /** Defines a mission as the system (audited): how a bench or a seed sets one up. */
      createMission: (input: AdminMissionInput): Promise<AdminMission> => admin.create(input, SYSTEM),
      /** Replaces the check-in reward table as the system (audited). */
      setCheckinTable: (input: AdminCheckinTableInput): Promise<AdminCheckinTable> => admin.setCheckinTable(input, SYSTEM),
      /** Demo missions and a check-in table when none exist; answers how many missions were created. */
      async seedDemo(): Promise<number> {
        if ((await admin.list()).length > 0) return 0;
        for (const mission of DEMO_MISSIONS) await admin.create(mission, { id: null, username: 'seed', ip: null });
        if (!(await admin.checkinTable()).enabled) await admin.setCheckinTable(DEMO_CHECKIN, { id: null, username: 'seed', ip: null });
        return DEMO_MISSIONS.length;
      },
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return missionsRoutes({ missions, checkin, ...auth });
    },
    adminRoutes(operators: { requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return missionsAdminRoutes({ admin, requireOperator: (permission) => operators.requireOperator(permission) });
    },
    jobs: [
      {
        name: 'missions.credit-progress',
        cron: '* * * * *',
        // Runs for most of its minute, a pass a second, so progress follows play within a second or two.
        async handle() {
          const until = Date.now() + PROGRESS_LOOP_MS;
          while (Date.now() < until && !closing) {
            const began = Date.now();
            const outcome = await progressPass();
            if (outcome.play.facts + outcome.deposits.facts + outcome.logins.facts + outcome.completions > 0) logger.debug(outcome, 'mission progress counted');
            if (outcome.completions > 0) logger.info({ completions: outcome.completions }, 'missions completed');
            await new Promise((resolve) => setTimeout(resolve, Math.max(50, PROGRESS_PAUSE_MS - (Date.now() - began))));
          }
        },
      },
    ] satisfies JobDefinition[],
    close() {
      closing = true;
    },
  };
}

export type MissionsModule = ReturnType<typeof createMissionsModule>;
export type MissionsApi = MissionsModule['api'];
