import type { Core } from './compose.ts';
import { createJobRunner } from './platform/jobs/jobs.ts';
import type { Logger } from './platform/logger.ts';
import { partitionJobs } from './platform/partitions.ts';

/** The worker side: pg-boss with every module's jobs and schedules. */
export async function composeWorker(core: Core, deps: { databaseUrl: string; logger: Logger; workerId: string; crashLeader: boolean }) {
  const jobs = createJobRunner({ connectionString: deps.databaseUrl, logger: deps.logger });
  await jobs.start();
  await jobs.register([...core.modules.system.jobs({ workerId: deps.workerId, startedAt: new Date() }), ...core.modules.accounts.jobs, ...core.modules.wallet.jobs, ...core.modules.payments.jobs, ...core.modules.houseGames.jobs, ...core.modules.agents.jobs, ...core.modules.reports.jobs, ...core.modules.bonus.jobs, ...core.modules.promotions.jobs, ...core.modules.vip.jobs, ...core.modules.points.jobs, ...core.modules.missions.jobs, ...core.modules.messages.jobs, ...core.modules.sportsbook.jobs, ...core.modules.lottery.jobs, ...core.modules.referral.jobs, ...core.modules.compliance.jobs, ...core.modules.limits.jobs, ...core.modules.exclusion.jobs, ...partitionJobs({ connectionString: core.directUrl, policy: core.partitionPolicy })]);
  // The crash game's rounds are run by one of the processes that run jobs (advisory lock).
  if (deps.crashLeader) core.modules.houseGames.api.startCrashLeader();
  // So are the live tables' (LIVE_LEADER=false opts out).
  core.modules.liveTables.api.startLeaderIfEnabled();
  return jobs;
}
