import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/platform/migrate.ts';
import { insertFixtureCatalogue } from './catalogue-fixture.ts';
import { replicaClusterMissing, startReplicaCluster, type ReplicaCluster } from './replica-cluster.ts';
import { createTestContext, type TestContext } from './test-context.ts';

if (replicaClusterMissing) console.warn(`read replica: skipped, ${replicaClusterMissing}`);

async function onReplica(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_READ_URL: the catalogue's game lists read a streaming replica (pg_basebackup -R of a
 * throwaway primary). With the replica's replay paused, a rename on the primary is not seen in the
 * list — it was read on the replica — and is seen once replay resumes.
 */
describe.skipIf(replicaClusterMissing !== undefined)(`reads on a streaming replica${replicaClusterMissing ? ` (skipped: ${replicaClusterMissing})` : ''}`, () => {
  let cluster: ReplicaCluster;
  let ctx: TestContext;
  beforeAll(async () => {
    cluster = await startReplicaCluster();
    await migrate(cluster.primaryUrl, { info: () => undefined });
    ctx = await createTestContext({ databaseUrl: cluster.primaryUrl, env: { DATABASE_READ_URL: cluster.replicaUrl, CATALOGUE_CACHE_ENTRIES: '0' } });
    await insertFixtureCatalogue(ctx.core.db);
    ctx.core.modules.catalogue.api.invalidate();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await cluster?.stop();
  });

  const tigerName = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/games?gameName=tigre&language=pt' });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { content: { gameName: string }[] }).content[0]?.gameName;
  };
  const eventually = async (check: () => Promise<boolean>) => {
    for (let waited = 0; !(await check()); waited += 100) {
      if (waited > 10_000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('serves game lists from the replica, lag and all', async () => {
    expect(await onReplica(cluster.replicaUrl, 'select pg_is_in_recovery() as standby')).toEqual([{ standby: true }]);
    await eventually(async () => (await tigerName()) === 'Tigre da Fortuna');

    await onReplica(cluster.replicaUrl, 'select pg_wal_replay_pause()');
    await sql`update catalogue_game set names = jsonb_set(names, '{pt}', '"Tigre Renomeado"') where game_code = 'tiger'`.execute(ctx.core.db);
    ctx.core.modules.catalogue.api.invalidate();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await tigerName()).toBe('Tigre da Fortuna');

    await onReplica(cluster.replicaUrl, 'select pg_wal_replay_resume()');
    await eventually(async () => (await tigerName()) === 'Tigre Renomeado');
  }, 60_000);
});
