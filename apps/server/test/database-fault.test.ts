import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeCore, type Core } from '../src/compose.ts';
import { loadConfig } from '../src/platform/config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/platform/embedded-postgres.ts';
import { migrate } from '../src/platform/migrate.ts';
import { signBody } from '../src/modules/provider/index.ts';
import { freePort, postmasterPid, startApiProcess, startWorkerProcess, type ApiProcess, type WorkerProcess } from './api-process.ts';
import { newPlayer, type TestPlayer } from './builders.ts';
import { testLogger } from './test-context.ts';
import { expectLedgerInvariants } from './wallet-race.ts';

/**
 * Failure is normal: a real API process (main-api.ts) and a separate worker (main-worker.ts, the
 * crash leader and the job runner) under money traffic lose their database twice — every
 * connection terminated, then the postmaster SIGKILLed and the cluster restarted on the same
 * data. Both must stay up; the API answers 503 `system.unavailable` (never 500) and reports
 * unhealthy meanwhile; both come back by themselves (LISTEN, the crash lead, jobs run again), and
 * every bet the API acknowledged is in the ledger exactly once.
 */
const VENDOR = 'DEMOVENDOR';
const SECRET = 'fault-test-secret-0123456789';
const PLAYERS = 6;
const quiet = { info: () => undefined, warn: () => undefined };

interface Seen {
  status: number;
  code?: string;
  message?: string;
}

describe('the API and worker processes when PostgreSQL goes away', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bet-fault-pg-'));
  let pgPort: number;
  let cluster: EmbeddedPostgresHandle;
  let api: ApiProcess | undefined;
  let worker: WorkerProcess | undefined;
  let core: Core | undefined;
  let players: (TestPlayer & { launch: string })[];

  const startCluster = () => startEmbeddedPostgres({ dataDir, port: pgPort, database: 'app', logger: quiet, throwaway: true, durable: true });

  beforeAll(async () => {
    pgPort = await freePort();
    cluster = await startCluster();
    await migrate(cluster.url, quiet);
    const setup = await composeCore({ config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: cluster.url, DEMO_VENDOR_SECRET: SECRET }), logger: testLogger, databaseUrl: cluster.url });
    await setup.modules.provider.api.seedDemoVendor();
    players = await Promise.all(
      Array.from({ length: PLAYERS }, async () => {
        const player = await newPlayer(setup, { balance: 1_000_000n });
        return { ...player, launch: (await setup.modules.catalogue.api.issueLaunchToken(player.id, VENDOR, 'demo-slot-1'))! };
      }),
    );
    await setup.close();
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    await core?.close();
    await cluster?.stop();
  });

  async function call(url: string, init: RequestInit = {}, timeoutMs = 10_000): Promise<Seen> {
    try {
      const response = await fetch(`${api!.baseUrl}${url}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
      return { status: response.status, code: body.error?.code, message: body.error?.message };
    } catch {
      return { status: 0 };
    }
  }
  const signed = (action: string, body: unknown) => {
    const raw = JSON.stringify(body);
    return call(`/provider/v1/${VENDOR}/${action}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) }, body: raw });
  };

  async function adminQuery<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: cluster.url, application_name: 'fault-test' });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
      if (!api!.isAlive()) throw new Error(`the API process exited while waiting for ${what}:\n${api!.output().slice(-6000)}`);
      if (!worker!.isAlive()) throw new Error(`the worker process exited while waiting for ${what}:\n${worker!.output().slice(-6000)}`);
      if (await condition()) return;
    }
    throw new Error(`timed out waiting for ${what}:\nAPI:\n${api!.output().slice(-4000)}\nworker:\n${worker!.output().slice(-4000)}`);
  }

  /** The dedicated connections are back: both processes' LISTEN of the event bus, and the worker's crash lead. */
  const dedicatedConnectionsBack = async () => {
    const rows = await adminQuery<{ listening: number; leading: boolean }>(
      `select (select count(*)::int from pg_stat_activity where datname = 'app' and application_name = 'event-listener' and query ilike 'listen%') as listening,
              exists (select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.application_name = 'crash-leader') as leading`,
    ).catch(() => []);
    return rows[0]?.listening === 2 && rows[0]?.leading === true;
  };

  /** The worker runs jobs again: a heartbeat job sent now is handled by it (the API runs no jobs here). */
  async function workerRunsJobs(what: string) {
    const [{ since }] = (await adminQuery<{ since: Date }>('select now() as since')) as [{ since: Date }];
    const boss = new PgBoss({ connectionString: cluster.url, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await boss.send('system.worker-heartbeat', {});
      await waitFor(what, async () => {
        const beats = await adminQuery('select 1 from system_worker_heartbeat where pid = $1 and seen_at >= $2', [worker!.child.pid, since]).catch(() => []);
        return beats.length > 0;
      }, 30_000);
    } finally {
      await boss.stop({ graceful: false });
    }
  }

  it(
    'both stay up, the API answers 503 system.unavailable while the database is away, both recover by themselves, no acknowledged bet is lost',
    async () => {
      api = await startApiProcess(cluster.url, { DEMO_VENDOR_SECRET: SECRET, RUN_WORKER: 'false' });
      worker = await startWorkerProcess(cluster.url, dedicatedConnectionsBack, { CRASH_LEADER: 'true', CRASH_TAKEOVER_POLL_MS: '200' });
      await workerRunsJobs('the worker running a job before the faults');
      for (const player of players) expect((await signed('authenticate', { token: player.launch })).status).toBe(200);
      const login = await fetch(`${api.baseUrl}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: players[0]!.account, password: players[0]!.password, type: 'username' }) });
      expect(login.status).toBe(200);
      const bearer = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

      // Money traffic: one bettor per player, unique transaction ids; only a 200 is an acknowledgement.
      const acked: string[] = [];
      const refusals: Seen[] = [];
      let running = true;
      const bettors = players.map(async (player, index) => {
        for (let n = 0; running; n += 1) {
          const transactionId = `f${index}-${n}`;
          const answer = await signed('bet', { playerId: player.id.toString(), transactionId, roundId: transactionId, gameCode: 'demo-slot-1', amount: '0.01' });
          if (answer.status === 200) acked.push(transactionId);
          else {
            refusals.push(answer);
            await sleep(50);
          }
        }
      });
      // A member's reads and the health check, as a load balancer and a browser would keep asking.
      const health: number[] = [];
      const reads: Seen[] = [];
      const probe = (async () => {
        while (running) {
          const [healthz, balance] = await Promise.all([call('/healthz', {}, 5000), call('/api/wallet/balance', { headers: bearer }, 15_000)]);
          health.push(healthz.status);
          reads.push(balance);
          await sleep(100);
        }
      })();
      const moreAcks = async (what: string, count: number, timeoutMs: number) => {
        const target = acked.length + count;
        await waitFor(what, () => acked.length >= target, timeoutMs);
      };

      try {
        await moreAcks('bets before the faults', 30, 30_000);

        // 1. Every backend of the database terminated, the postmaster still up.
        await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'app' and pid <> pg_backend_pid()`);
        await moreAcks('bets after pg_terminate_backend', 30, 30_000);
        await waitFor('LISTEN and the crash lead after pg_terminate_backend', dedicatedConnectionsBack, 30_000);
        await workerRunsJobs('the worker running jobs after pg_terminate_backend');

        // 2. The postmaster SIGKILLed: nothing answers on the port until the cluster is restarted.
        const healthBefore = health.length;
        const readsBefore = reads.length;
        process.kill(postmasterPid(path.join(dataDir, 'pg')), 'SIGKILL');
        await waitFor(
          '503 answers while the database is down',
          () => health.slice(healthBefore).includes(503) && reads.slice(readsBefore).some((read) => read.status === 503),
          30_000,
        );
        await sleep(1000);
        // Orphaned backends leave with the postmaster; until then its shared memory blocks a restart.
        for (const deadline = Date.now() + 30_000; ; await sleep(300)) {
          try {
            cluster = await startCluster();
            break;
          } catch (error) {
            if (Date.now() > deadline) throw error;
          }
        }
        const healthRestarted = health.length;
        await waitFor('/healthz healthy again', () => health.slice(healthRestarted).includes(200), 30_000);
        await moreAcks('bets after the restart', 30, 30_000);
        await waitFor('LISTEN and the crash lead after the restart', dedicatedConnectionsBack, 30_000);
        await workerRunsJobs('the worker running jobs after the restart');
      } finally {
        running = false;
        await Promise.all([...bettors, probe]);
      }

      expect(api.isAlive(), api.output().slice(-6000)).toBe(true);
      expect(worker.isAlive(), worker.output().slice(-6000)).toBe(true);
      // While the database was away, a member's read answered 503 with the documented shape, never 500.
      const downReads = reads.filter((read) => read.status >= 500);
      expect(downReads.length).toBeGreaterThan(0);
      expect(downReads.filter((read) => read.status !== 503 || read.code !== 'system.unavailable' || !read.message)).toEqual([]);
      expect(refusals.filter((refusal) => refusal.status > 0 && refusal.status < 500), 'a bet refused for a reason other than the outage').toEqual([]);
      // The vendor is told the wallet is away (503 UNAVAILABLE, retry), never INTERNAL.
      expect(refusals.filter((refusal) => refusal.status >= 500 && (refusal.status !== 503 || refusal.code !== 'UNAVAILABLE'))).toEqual([]);

      // Every acknowledged bet is in the ledger exactly once.
      core = await composeCore({ config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: cluster.url }), logger: testLogger, databaseUrl: cluster.url });
      const keys = acked.map((transactionId) => `bet:${VENDOR}:${transactionId}`);
      const stored = await sql<{ key: string; n: bigint }>`select idempotency_key as key, count(*) as n from wallet_journal where idempotency_key = any(${keys}::text[]) group by 1`.execute(core.db);
      const counts = new Map(stored.rows.map((row) => [row.key, row.n]));
      expect(keys.filter((key) => counts.get(key) !== 1n), 'acknowledged bets missing or doubled').toEqual([]);
      await expectLedgerInvariants(core.db, core.modules.wallet.api);
    },
    150_000,
  );
});
