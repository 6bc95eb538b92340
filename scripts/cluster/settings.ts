import path from 'node:path';

/** `npm run cluster`'s own settings (CLUSTER_*); the API's variables pass through to every process. */
export interface ClusterSettings {
  apiCount: number;
  /** Worker processes: jobs through pg-boss, leaders by advisory lock (a second one is a standby). */
  workerCount: number;
  /** Where nginx listens (the site's address). */
  host: string;
  port: number;
  /** The first API process's port on 127.0.0.1; the others follow it. */
  firstApiPort: number;
  restartDelayMs: number;
  /** Pids and ports of every process, rewritten on each change (tests kill processes from it). */
  stateFile: string;
  databaseUrl: string | undefined;
  /** CLUSTER_NATS=true: a local nats-server (Debian's) carries the events between processes, as NATS_URL does across machines. */
  nats: { port: number } | undefined;
  dataDir: string;
  embeddedPgPort: number;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name}: a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
  return value;
}

export function readClusterSettings(env: NodeJS.ProcessEnv): ClusterSettings {
  const port = integer(env, 'CLUSTER_PORT', 3000, 1, 65535);
  const apiCount = integer(env, 'CLUSTER_API', 3, 1, 32);
  const dataDir = path.resolve(env.DATA_DIR || './.data');
  return {
    apiCount,
    workerCount: integer(env, 'CLUSTER_WORKERS', 1, 1, 8),
    host: env.CLUSTER_HOST || '0.0.0.0',
    port,
    firstApiPort: integer(env, 'CLUSTER_API_PORT', port + 1, 1024, 65535 - apiCount),
    restartDelayMs: integer(env, 'CLUSTER_RESTART_DELAY_MS', 2000, 0, 600_000),
    stateFile: path.resolve(env.CLUSTER_STATE_FILE || path.join(dataDir, 'cluster.json')),
    databaseUrl: env.DATABASE_URL || undefined,
    nats: ['1', 'true', 'yes'].includes(env.CLUSTER_NATS ?? '') ? { port: integer(env, 'CLUSTER_NATS_PORT', 4222, 1024, 65535) } : undefined,
    dataDir,
    embeddedPgPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
  };
}
