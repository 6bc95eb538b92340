import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeCore, type Core } from '../src/compose.ts';
import { loadConfig } from '../src/platform/config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/platform/embedded-postgres.ts';
import { migrate } from '../src/platform/migrate.ts';
import { signBody } from '../src/modules/provider/signature.ts';
import { freePort, postmasterPid, startApiProcess, type ApiProcess } from './api-process.ts';
import { newPlayer, type TestPlayer } from './builders.ts';
import { testLogger } from './test-context.ts';
import { expectLedgerInvariants } from './wallet-race.ts';

/**
 * Failure is normal: a real API process (main-api.ts, worker inside) under money traffic loses
 * its database twice — every connection terminated, then the postmaster SIGKILLed and the cluster
 * restarted on the same data. The process must stay up, answer 503 `system.unavailable` (never
 * 500) and report unhealthy meanwhile, come back by itself, and every bet it acknowledged must be
 * in the ledger exactly once.
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

describe('the API process when PostgreSQL goes away', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bet-fault-pg-'));
  let pgPort: number;
  let cluster: EmbeddedPostgresHandle;
  let api: ApiProcess | undefined;
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
      if (await condition()) return;
    }
    throw new Error(`timed out waiting for ${what}:\n${api!.output().slice(-6000)}`);
  }

  /** The process's dedicated connections are back: the LISTEN of the event bus and the crash leader's lock. */
  const dedicatedConnectionsBack = async () => {
    const rows = await adminQuery<{ listening: boolean; leading: boolean }>(
      `select exists (select 1 from pg_stat_activity where datname = 'app' and application_name = 'event-listener' and query ilike 'listen%') as listening,
              exists (select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.application_name = 'crash-leader') as leading`,
    ).catch(() => []);
    return rows[0]?.listening === true && rows[0]?.leading === true;
  };

  it(
    'stays up, answers 503 system.unavailable while the database is away, recovers by itself, loses no acknowledged bet',
    async () => {
      api = await startApiProcess(cluster.url, { DEMO_VENDOR_SECRET: SECRET, CRASH_TAKEOVER_POLL_MS: '200' });
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
      } finally {
        running = false;
        await Promise.all([...bettors, probe]);
      }

      expect(api.isAlive(), api.output().slice(-6000)).toBe(true);
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
