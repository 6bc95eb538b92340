import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.ts';

/** A second checkout on the same machine: the default port is already taken by someone else. */
describe('embedded PostgreSQL when its port is taken', () => {
  let squatter: Server;
  let taken: number;
  let cluster: EmbeddedPostgresHandle | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bet-port-pg-'));
  const warnings: string[] = [];
  const logger = { info: () => undefined, warn: (_fields: object, message?: string) => void warnings.push(message ?? '') };

  beforeAll(async () => {
    squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    taken = (squatter.address() as { port: number }).port;
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    squatter.close();
  });

  it('refuses with an error that names EMBEDDED_PG_PORT', async () => {
    await expect(startEmbeddedPostgres({ dataDir, port: taken, database: 'app', logger, throwaway: true })).rejects.toThrow(/EMBEDDED_PG_PORT/);
  }, 120_000);

  it('with portFallback, starts on a free port, says which, and notes it for the command-line tools', async () => {
    cluster = await startEmbeddedPostgres({ dataDir, port: taken, database: 'app', logger, throwaway: true, portFallback: true });
    expect(cluster.port).not.toBe(taken);
    expect(new URL(cluster.url).port).toBe(String(cluster.port));
    expect(warnings.some((warning) => warning.includes(`listens on ${cluster!.port} instead`))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'pg-port'), 'utf8').trim()).toBe(String(cluster.port));
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  }, 120_000);
});
