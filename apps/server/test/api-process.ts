import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainApi = path.resolve(import.meta.dirname, '../src/main-api.ts');
const mainWorker = path.resolve(import.meta.dirname, '../src/main-worker.ts');

/** A port nobody listens on right now (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  /** What the process wrote to stdout and stderr so far (its logs), for failure messages. */
  output(): string;
  isAlive(): boolean;
  stop(): Promise<void>;
}

export type WorkerProcess = Omit<ApiProcess, 'baseUrl'>;

/** An entry point of the server as a child process, as `npm start` or `npm run worker` runs it. */
function spawnEntry(entry: string, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-200_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const handle: WorkerProcess = {
    child,
    output: () => output,
    isAlive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (!handle.isAlive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return handle;
}

/**
 * The real API entry point (main-api.ts) as a child process on loopback, as `npm start` runs it,
 * against `databaseUrl`. Resolves once /healthz answers 200.
 */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const handle: ApiProcess = { ...spawnEntry(mainApi, { DATABASE_URL: databaseUrl, PORT: String(port), ...env }), baseUrl: `http://127.0.0.1:${port}` };
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    if (!handle.isAlive()) throw new Error(`the API process exited during start-up:\n${handle.output().slice(-4000)}`);
    const status = await fetch(`${handle.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) }).then((response) => response.status).catch(() => 0);
    if (status === 200) return handle;
    await sleep(200);
  }
  await handle.stop();
  throw new Error(`the API process did not become healthy:\n${handle.output().slice(-4000)}`);
}

/**
 * The separate worker (main-worker.ts, `npm run worker`) as a child process against
 * `databaseUrl`. It has no HTTP port: resolves once `ready()` holds.
 */
export async function startWorkerProcess(databaseUrl: string, ready: () => Promise<boolean>, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const handle = spawnEntry(mainWorker, { DATABASE_URL: databaseUrl, ...env });
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(200)) {
    if (!handle.isAlive()) throw new Error(`the worker process exited during start-up:\n${handle.output().slice(-4000)}`);
    if (await ready()) return handle;
  }
  await handle.stop();
  throw new Error(`the worker process did not become ready:\n${handle.output().slice(-4000)}`);
}

/** The postmaster's pid of a cluster directory (first line of postmaster.pid). */
export function postmasterPid(clusterDir: string): number {
  return Number.parseInt(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
}
