import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { accepts, portIsFree } from './local-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A throwaway pgbouncer (Debian's package) in transaction pooling mode in front of the
 * PostgreSQL at `serverUrl`, on a free port. `pgbouncerMissing` says why tests skip without it.
 */
export const pgbouncerMissing: string | undefined = spawnSync('pgbouncer', ['--version'], { encoding: 'utf8' }).status === 0 ? undefined : 'no pgbouncer binary (apt-get install -y pgbouncer)';

const PORTS = { first: 56060, last: 56079 };

export interface Pgbouncer {
  /** `url` with the host and port replaced by pgbouncer's. */
  through(url: string): string;
  stop(): Promise<void>;
}

export async function startPgbouncer(serverUrl: string, options: { poolSize: number }): Promise<Pgbouncer> {
  let port: number | undefined;
  for (let candidate = PORTS.first + (process.pid % 10); candidate <= PORTS.last && port === undefined; candidate += 1) {
    if (await portIsFree(candidate)) port = candidate;
  }
  if (port === undefined) throw new Error(`no free port in ${PORTS.first}-${PORTS.last} for pgbouncer`);
  const server = new URL(serverUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
  // pgbouncer refuses to run as root; as root it is started as the postgres user (-u).
  chmodSync(dir, 0o777);
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // The server's own password, when its URL has one (the embedded cluster of a fresh machine
      // asks for it; the clients are trusted here, pgbouncer must still log in to PostgreSQL).
      `* = host=${server.hostname} port=${server.port || 5432} user=${user}${server.password ? ` password=${decodeURIComponent(server.password)}` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // Hand out server connections in turn, so a statement that needs its session's state (a named
      // prepared statement, a session lock) fails here at once instead of by chance in production.
      'server_round_robin = 1',
      `default_pool_size = ${options.poolSize}`,
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  let ready = false;
  for (let waited = 0; waited < 5000 && child.exitCode === null; waited += 50) {
    if ((ready = await accepts(port))) break;
    await sleep(50);
  }
  if (!ready) throw new Error(`pgbouncer did not start on ${port} (log: ${path.join(dir, 'pgbouncer.log')})`);
  const chosen = port;
  return {
    through(url) {
      const next = new URL(url);
      next.hostname = '127.0.0.1';
      next.port = String(chosen);
      return next.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
