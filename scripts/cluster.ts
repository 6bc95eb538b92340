import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { checkNginxConfig, ensureNginx, NGINX, renderNginxConfig } from './cluster/nginx.ts';
import { readClusterSettings, type ClusterSettings } from './cluster/settings.ts';
import { supervise, type ProcessSpec, type Supervised } from './cluster/supervisor.ts';

/**
 * `npm run cluster`: the site as several processes on one machine, the way docs/scaling.md runs it
 * on several. PostgreSQL (DATABASE_URL, or the embedded one `npm start` uses), migrations once,
 * N API processes (CLUSTER_API, default 3) without jobs on consecutive loopback ports, worker
 * processes (CLUSTER_WORKERS, default 1: jobs, and the crash and live-table leaders — with two, a
 * standby takes the lead within a second of the leader's death), and Debian's nginx in front on CLUSTER_PORT
 * (default 3000) from deploy/nginx/cluster.conf.template. A process that dies is started again;
 * Ctrl-C or SIGTERM stops nginx, the APIs, the workers and then the embedded PostgreSQL.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const API_ENTRY = 'apps/server/src/main-api.ts';
const WORKER_ENTRY = 'apps/server/src/main-worker.ts';
const NATS_SERVER = '/usr/sbin/nats-server';
const STOP_GRACE_MS = 25_000;

const log = (line: string) => process.stdout.write(`[cluster] ${new Date().toISOString().slice(11, 19)} ${line}\n`);

interface Running {
  nginx?: Supervised;
  nats?: Supervised;
  apis: { process: Supervised; port: number }[];
  workers: Supervised[];
  stopDatabase?: () => Promise<void>;
  nginxRunDir?: string;
}

const running: Running = { apis: [], workers: [] };
let stopping: Promise<void> | undefined;

async function main() {
  const settings = readClusterSettings(process.env);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal).then(() => process.exit(0)));

  const apiPorts = Array.from({ length: settings.apiCount }, (_, index) => settings.firstApiPort + index);
  const busy = await portsInUse([{ host: settings.host, port: settings.port }, ...apiPorts.map((port) => ({ host: '127.0.0.1', port })), ...(settings.nats ? [{ host: '127.0.0.1', port: settings.nats.port }] : [])]);
  if (busy.length > 0) fail(`port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} already in use (CLUSTER_PORT and CLUSTER_API_PORT choose others)`);
  if (!ensureNginx(log)) fail('no load balancer');
  buildSitesIfMissing();

  const databaseUrl = await startDatabase(settings);
  // Once here, so that N processes starting together find nothing left to apply.
  const applied = await migrate(databaseUrl, { info: () => undefined });
  log(`database migrated (${applied.length} migrations and definitions applied now)`);

  const { runDir, configFile } = renderNginxConfig({ listen: `${settings.host}:${settings.port}`, upstreams: apiPorts.map((port) => `127.0.0.1:${port}`) });
  running.nginxRunDir = runDir;
  const problem = checkNginxConfig(runDir, configFile);
  if (problem) fail(`nginx refuses ${configFile}:\n${problem}`);

  const writeState = () => writeStateFile(settings);
  const options = { restartDelayMs: settings.restartDelayMs, onChange: writeState, log };
  const common = sharedEnvironment(settings, databaseUrl);
  if (settings.nats) {
    if (!existsSync(NATS_SERVER)) fail(`CLUSTER_NATS needs ${NATS_SERVER}: install Debian's nats-server (apt-get install -y nats-server)`);
    log(`starting nats-server on 127.0.0.1:${settings.nats.port}: events between the processes go through it (NATS_URL)`);
    running.nats = supervise({ name: 'nats', command: NATS_SERVER, args: ['-a', '127.0.0.1', '-p', String(settings.nats.port)], cwd: ROOT, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, options);
    common.NATS_URL = `nats://127.0.0.1:${settings.nats.port}`;
  }
  const apiSpec = (index: number): ProcessSpec => ({
    name: `api-${index + 1}`,
    command: process.execPath,
    args: ['--import', 'tsx', API_ENTRY],
    cwd: ROOT,
    env: { ...common, PORT: String(apiPorts[index]), HOST: '127.0.0.1', RUN_WORKER: 'false', CLUSTER_NODE_NAME: `api-${index + 1}` },
  });

  // The first API seeds the demo data and registers the house games; the rest start once it is up,
  // so that no two processes insert the same seed rows at the same moment.
  log(`starting api-1 on 127.0.0.1:${apiPorts[0]}`);
  running.apis.push({ process: supervise(apiSpec(0), options), port: apiPorts[0]! });
  await waitHealthy(`http://127.0.0.1:${apiPorts[0]}/healthz`, running.apis[0]!.process);
  if (stopping) return;
  for (let index = 1; index < settings.apiCount; index += 1) {
    log(`starting api-${index + 1} on 127.0.0.1:${apiPorts[index]}`);
    running.apis.push({ process: supervise(apiSpec(index), options), port: apiPorts[index]! });
  }
  for (let index = 0; index < settings.workerCount; index += 1) {
    const name = `worker-${index + 1}`;
    log(`starting ${name} (jobs; contends for the crash and live-table leads)`);
    running.workers.push(supervise({ name, command: process.execPath, args: ['--import', 'tsx', WORKER_ENTRY], cwd: ROOT, env: { ...common, CLUSTER_NODE_NAME: name } }, options));
  }
  for (const api of running.apis.slice(1)) await waitHealthy(`http://127.0.0.1:${api.port}/healthz`, api.process);
  if (stopping) return;

  running.nginx = supervise({ name: 'nginx', command: NGINX, args: ['-p', runDir, '-c', configFile], cwd: runDir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, options);
  const site = `http://127.0.0.1:${settings.port}`;
  await waitHealthy(`${site}/healthz`, running.nginx);
  writeState();

  const shown = `http://localhost:${settings.port}`;
  console.log(
    [
      '',
      `  Site ready at ${shown} through nginx (config ${configFile})`,
      ...running.apis.map((api) => `    ${api.process.name.padEnd(8)} 127.0.0.1:${String(api.port).padEnd(6)} pid ${api.process.pid()}`),
      ...running.workers.map((worker) => `    ${worker.name.padEnd(8)} ${'(no port)'.padEnd(16)} pid ${worker.pid()}`),
      ...(process.env.SEED_DEMO === 'false' ? [] : ['  Demo logins as with `npm start`: demo / Demo@1234, agent / Agent@1234, admin / Admin@1234 (/admin/)']),
      `  Events between processes: ${common.NATS_URL ? `NATS (${common.NATS_URL})` : 'PostgreSQL LISTEN/NOTIFY'}`,
      `  Database: ${settings.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL, data in ${settings.dataDir}`}`,
      `  Processes: ${settings.stateFile} (kill -9 one: it is started again after ${settings.restartDelayMs} ms)`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

/** The API's own variables pass through; these make N processes behave as one site behind nginx. */
function sharedEnvironment(settings: ClusterSettings, databaseUrl: string): NodeJS.ProcessEnv {
  const env = process.env;
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY_HOPS: '1',
    // Money-callback statements in flight per process: about the database's cores shared by the
    // processes, so one each when several run (bench/README.md, provider).
    PROVIDER_CALLBACK_LANES: env.PROVIDER_CALLBACK_LANES || '1',
    // Three processes logging every request at info drown the terminal; LOG_LEVEL=info brings it back.
    LOG_LEVEL: env.LOG_LEVEL || 'warn',
    // Links in messages and the sandbox PSP's webhooks go to the site, not to one process.
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${settings.port}`,
    PAYMENTS_WEBHOOK_URL: env.PAYMENTS_WEBHOOK_URL || `http://127.0.0.1:${settings.port}/api/payments/webhooks/sandbox`,
  };
}

async function startDatabase(settings: ClusterSettings): Promise<string> {
  if (settings.databaseUrl) return settings.databaseUrl;
  const server = await startEmbeddedPostgres({
    dataDir: settings.dataDir,
    port: settings.embeddedPgPort,
    database: 'app',
    portFallback: true,
    logger: { info: (...args: unknown[]) => log(String(args.at(-1))), warn: (...args: unknown[]) => log(String(args.at(-1))) } as never,
  });
  running.stopDatabase = server.stop;
  log(`embedded PostgreSQL on 127.0.0.1:${server.port}, data in ${settings.dataDir}`);
  return server.url;
}

/** Builds the player site and the console as `npm start` does, unless they are built already. */
function buildSitesIfMissing() {
  const web = process.env.WEB_DIST_DIR || path.join(ROOT, 'apps/web/dist');
  const admin = process.env.ADMIN_DIST_DIR || path.join(ROOT, 'apps/admin/dist');
  if (existsSync(path.join(web, 'index.html')) && existsSync(path.join(admin, 'index.html'))) return;
  if (process.env.WEB_DIST_DIR || process.env.ADMIN_DIST_DIR) fail(`no built site in ${web} or ${admin}`);
  log('building the player site and the console (once; delete apps/*/dist to build again)');
  const result = spawnSync('npm', ['run', '-s', 'build', '-w', '@app/web', '-w', '@app/admin'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) fail('the build failed');
}

/** Polls a /healthz until it answers 200; gives up when its process is gone or after three minutes. */
async function waitHealthy(url: string, owner: Supervised) {
  const deadline = Date.now() + 180_000;
  let seenAlive = false;
  while (Date.now() < deadline) {
    if (owner.pid() !== undefined) seenAlive = true;
    else if (seenAlive) fail(`${owner.name} stopped before ${url} answered (its log is above)`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  fail(`${url} did not answer within three minutes`);
}

function writeStateFile(settings: ClusterSettings) {
  const state = {
    pid: process.pid,
    url: `http://127.0.0.1:${settings.port}`,
    nginx: { pid: running.nginx?.pid() ?? null },
    workers: running.workers.map((worker) => ({ name: worker.name, pid: worker.pid() ?? null })),
    apis: running.apis.map((api) => ({ name: api.process.name, port: api.port, pid: api.process.pid() ?? null })),
  };
  mkdirSync(path.dirname(settings.stateFile), { recursive: true });
  const temporary = `${settings.stateFile}.${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, settings.stateFile);
}

/** nginx first (no new requests), then the APIs side by side, the workers, and PostgreSQL last. */
function stop(reason: string): Promise<void> {
  stopping ??= (async () => {
    log(`stopping (${reason})`);
    await running.nginx?.stop(STOP_GRACE_MS);
    await Promise.all(running.apis.map((api) => api.process.stop(STOP_GRACE_MS)));
    await Promise.all(running.workers.map((worker) => worker.stop(STOP_GRACE_MS)));
    await running.nats?.stop(STOP_GRACE_MS);
    await running.stopDatabase?.().catch((error: unknown) => log(`embedded PostgreSQL did not stop cleanly: ${String(error)}`));
    if (running.nginxRunDir) rmSync(running.nginxRunDir, { recursive: true, force: true });
    const { stateFile } = readClusterSettings(process.env);
    rmSync(stateFile, { force: true });
    log('stopped');
  })();
  return stopping;
}

function fail(message: string): never {
  throw new ClusterStartError(message);
}

class ClusterStartError extends Error {}

async function portsInUse(addresses: { host: string; port: number }[]): Promise<string[]> {
  const busy: string[] = [];
  for (const { host, port } of addresses) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (!free) busy.push(`${host}:${port}`);
  }
  return busy;
}

// A crash of this script must not leave its children behind (only a kill -9 of it can).
process.on('exit', () => {
  for (const child of [running.nginx, ...running.apis.map((api) => api.process), ...running.workers, running.nats]) {
    const pid = child?.pid();
    if (pid !== undefined) process.kill(pid, 'SIGTERM');
  }
});

try {
  await main();
} catch (error) {
  log(error instanceof ClusterStartError ? error.message : `start-up failed: ${(error as Error).stack ?? String(error)}`);
  await stop('start-up failed');
  process.exit(1);
}
