import PgBoss from 'pg-boss';
import { describeError, executeSql, isDatabaseUnavailable, type DbExecutor } from '../db.ts';
import type { Logger } from '../logger.ts';
import { guardJobCompletion } from './completion-guard.ts';

/**
 * A job is declared once, with its name, the shape of its data and its handler; modules
 * return their jobs and schedules from index.ts and the worker registers them all.
 */
export interface JobDefinition<Data extends object = Record<string, unknown>> {
  name: string;
  handle(data: Data, context: { logger: Logger; jobId: string }): Promise<void>;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: string;
}

export interface JobQueue {
  /**
   * Enqueue inside the caller's transaction: the job exists if and only if the transaction
   * commits (house style: work after commit is a job enqueued in the same transaction).
   */
  enqueue(executor: DbExecutor, name: string, data: object): Promise<string | null>;
}

export interface JobRunner extends JobQueue {
  start(): Promise<void>;
  register(definitions: JobDefinition<never>[]): Promise<void>;
  stop(): Promise<void>;
}

export function createJobRunner(options: { connectionString: string; logger: Logger }): JobRunner {
  const logger = options.logger.child({ module: 'jobs' });
  guardJobCompletion((error, action) => logger.warn({ err: error, action }, 'a finished job could not be recorded (database away); it runs again when it expires'));
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    application_name: 'jobs',
    max: 4,
  });
  // pg-boss reports a lost database here and keeps polling (its pool reconnects); an 'error'
  // event without this listener would end the process.
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error)) logger.warn({ err: describeError(error) }, 'job queue cannot reach the database; retrying');
    else logger.error({ err: error }, 'job queue error');
  });

  return {
    async start() {
      await boss.start();
    },
    async register(definitions) {
      for (const definition of definitions as JobDefinition[]) {
        await boss.createQueue(definition.name);
        await boss.work(definition.name, { batchSize: 1 }, async ([job]) => {
          if (!job) return;
          const jobLogger = logger.child({ job: definition.name, jobId: job.id });
          await definition.handle(job.data as Record<string, unknown>, { logger: jobLogger, jobId: job.id });
        });
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
    },
    async enqueue(executor, name, data) {
      return boss.send(name, data, {
        db: { executeSql: (text: string, values: unknown[]) => executeSql(executor, text, values) },
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
