import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../src/platform/embedded-postgres.ts';
import { postmasterPid, startApiProcess, startWorkerProcess, type ApiProcess, type WorkerProcess } from '../api-process.ts';

/**
 * The processes a drill kills: PostgreSQL (a throwaway embedded cluster, durable — synchronous
 * commit and fsync on, so an acknowledged commit must survive kill -9 of the postmaster — or a
 * given DATABASE_URL, then never killed), two API processes (main-api.ts, RUN_WORKER=false) and
 * one worker (main-worker.ts, the crash leader and the job runner), each on a free port.
 */
export const DRILL_VENDOR = 'DEMOVENDOR';
export const DRILL_VENDOR_SECRET = 'drill-vendor-secret-0123456789';
/** Throwaway clusters take a free port in this range (the drills' own). */
const PG_PORTS = { first: 56_200, last: 56_299 };
const quiet = { info: () => undefined, warn: () => undefined };

/** Quick crash rounds, so a short drill sees many of them and the leader's kill lands mid-round. */
const WORKER_ENV = { CRASH_LEADER: 'true', CRASH_BETTING_MS: '2500', CRASH_PAUSE_MS: '300', CRASH_TAKEOVER_POLL_MS: '200' };
const API_ENV = { DEMO_VENDOR_SECRET: DRILL_VENDOR_SECRET, RUN_WORKER: 'false', CRASH_LEADER: 'false' };

export interface DrillCluster {
  databaseUrl: string;
  /** False with a given DATABASE_URL: the drill does not kill a server it does not own. */
  ownsDatabase: boolean;
  /** The API processes' current base URLs (a restarted one listens on a new port). */
  apiUrls(): string[];
  apis: ApiProcess[];
  worker(): WorkerProcess;
  /** One query on a connection of its own (the drill's observer, never the processes' pools). */
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  killApi(index: number): void;
  restartApi(index: number): Promise<void>;
  killWorker(): void;
  restartWorker(): Promise<void>;
  /** SIGKILL of the postmaster; resolves once it is gone. */
  killPostgres(): Promise<void>;
  /** Starts the cluster again on the same data and port (retries while the old backends leave). */
  restartPostgres(): Promise<void>;
  /** Some process holds the crash lead (only the worker contends for it here). */
  workerLeads(): Promise<boolean>;
  /** The worker (the current process) runs a job sent now: a heartbeat job, as database-fault.test.ts sends. */
  workerRunsJob(timeoutMs: number): Promise<boolean>;
  /** The dead process, if any, with the end of its log. */
  deadProcess(): string | undefined;
  stop(): Promise<void>;
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePgPort(): Promise<number> {
  const offset = process.pid % (PG_PORTS.last - PG_PORTS.first + 1);
  for (let step = 0; step <= PG_PORTS.last - PG_PORTS.first; step += 1) {
    const port = PG_PORTS.first + ((offset + step) % (PG_PORTS.last - PG_PORTS.first + 1));
    if (await isPortFree(port)) return port;
  }
  throw new Error(`no free port in ${PG_PORTS.first}–${PG_PORTS.last} for the drill's PostgreSQL`);
}

/** Starts the database (unless given) — the caller migrates and seeds — then `startProcesses`. */
export async function startDrillDatabase(options: { databaseUrl?: string }) {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: undefined as undefined | { dataDir: string; port: number; handle: EmbeddedPostgresHandle } };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bet-drill-pg-'));
  const port = await freePgPort();
  const handle = await startEmbeddedPostgres({ dataDir, port, database: 'app', logger: quiet, throwaway: true, durable: true });
  return { url: handle.url, embedded: { dataDir, port, handle } };
}

export async function startDrillProcesses(database: Awaited<ReturnType<typeof startDrillDatabase>>, apiCount = 2): Promise<DrillCluster> {
  const databaseUrl = database.url;
  let embedded = database.embedded;

  async function query<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'drill-observer', connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** The worker leads crash rounds again (its advisory lock), i.e. it is up and connected. */
  const workerLeads = async () => {
    const rows = await query<{ leading: boolean }>(
      `select exists (select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.application_name = 'crash-leader' and a.datname = current_database()) as leading`,
    ).catch(() => []);
    return rows[0]?.leading === true;
  };

  const apis = await Promise.all(Array.from({ length: apiCount }, () => startApiProcess(databaseUrl, API_ENV)));
  let worker = await startWorkerProcess(databaseUrl, workerLeads, WORKER_ENV);

  const cluster: DrillCluster = {
    databaseUrl,
    ownsDatabase: embedded !== undefined,
    apis,
    apiUrls: () => apis.map((api) => api.baseUrl),
    worker: () => worker,
    query,
    killApi(index) {
      apis[index]!.child.kill('SIGKILL');
    },
    async restartApi(index) {
      apis[index] = await startApiProcess(databaseUrl, API_ENV);
    },
    killWorker() {
      worker.child.kill('SIGKILL');
    },
    async restartWorker() {
      // The dead leader's lock goes with its connection; wait for that, so "leads" means the new one.
      for (const deadline = Date.now() + 15_000; (await workerLeads()) && Date.now() < deadline; ) await sleep(100);
      worker = await startWorkerProcess(databaseUrl, workerLeads, WORKER_ENV);
    },
    async killPostgres() {
      if (!embedded) throw new Error('the drill does not kill a PostgreSQL it did not start');
      const pid = postmasterPid(path.join(embedded.dataDir, 'pg'));
      process.kill(pid, 'SIGKILL');
      for (;;) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await sleep(20);
      }
    },
    async restartPostgres() {
      const current = embedded!;
      // Orphaned backends leave with the postmaster; until then its shared memory blocks a restart.
      for (const deadline = Date.now() + 30_000; ; await sleep(300)) {
        try {
          embedded = { ...current, handle: await startEmbeddedPostgres({ dataDir: current.dataDir, port: current.port, database: 'app', logger: quiet, throwaway: true, durable: true }) };
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
      }
    },
    workerLeads,
    async workerRunsJob(timeoutMs) {
      const [{ since }] = (await query<{ since: Date }>('select now() as since')) as [{ since: Date }];
      const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
      boss.on('error', () => undefined);
      await boss.start();
      try {
        await boss.send('system.worker-heartbeat', {});
        for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
          const beats = await query('select 1 from system_worker_heartbeat where pid = $1 and seen_at >= $2', [worker.child.pid, since]).catch(() => []);
          if (beats.length > 0) return true;
        }
        return false;
      } finally {
        await boss.stop({ graceful: false });
      }
    },
    deadProcess() {
      const dead = apis.findIndex((api) => !api.isAlive());
      if (dead >= 0) return `API ${dead} exited (${apis[dead]!.child.exitCode ?? apis[dead]!.child.signalCode}):\n${apis[dead]!.output().slice(-4000)}`;
      if (!worker.isAlive()) return `the worker exited (${worker.child.exitCode ?? worker.child.signalCode}):\n${worker.output().slice(-4000)}`;
      return undefined;
    },
    async stop() {
      await Promise.all([...apis.map((api) => api.stop()), worker.stop()]);
      if (embedded) {
        await embedded.handle.stop();
        rmSync(embedded.dataDir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}
