import { hostname } from 'node:os';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { SystemService } from './system.service.ts';

/** Every minute the worker records that it is alive; the back-office shows the last beat. */
export function systemJobs(system: SystemService, worker: { workerId: string; startedAt: Date }): JobDefinition[] {
  return [
    {
      name: 'system.worker-heartbeat',
      cron: '* * * * *',
      async handle() {
        await system.recordHeartbeat({ ...worker, hostname: hostname(), pid: process.pid });
      },
    },
  ];
}
