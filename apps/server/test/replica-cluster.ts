import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway primary and a streaming replica made from it with pg_basebackup -R, from Debian's
 * PostgreSQL 15 binaries, on free ports in 56080–56099. `replicaClusterMissing` says why tests skip.
 */
const BIN = '/usr/lib/postgresql/15/bin';
export const replicaClusterMissing: string | undefined = existsSync(path.join(BIN, 'pg_basebackup')) ? undefined : `no ${BIN}/pg_basebackup (apt-get install -y postgresql-15)`;

const exec = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function tool(name: string, args: string[]) {
  const env = { LC_ALL: 'C.UTF-8', PATH: '/usr/bin:/bin' };
  return asRoot ? exec('/usr/sbin/runuser', ['-u', 'postgres', '--', path.join(BIN, name), ...args], { env }) : exec(path.join(BIN, name), args, { env });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = 56080 + (process.pid % 8); port <= 56099 && ports.length < count; port += 1) if (await portIsFree(port)) ports.push(port);
  if (ports.length < count) throw new Error('no free ports in 56080-56099');
  return ports;
}

export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  stop(): Promise<void>;
}

export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'replica-cluster-'));
  chmodSync(dir, 0o777);
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = (await freePorts(2)) as [number, number];
  const options = (port: number) => `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c hot_standby_feedback=on`;
  const started: string[] = [];
  const stop = async () => {
    for (const cluster of started.reverse()) await tool('pg_ctl', ['stop', '-D', cluster, '-m', 'immediate', '-w']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await tool('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await tool('pg_ctl', ['start', '-D', primary, '-w', '-l', path.join(dir, 'primary.log'), '-o', options(primaryPort)]);
    started.push(primary);
    await tool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream', '--no-sync']);
    await tool('pg_ctl', ['start', '-D', replica, '-w', '-l', path.join(dir, 'replica.log'), '-o', options(replicaPort)]);
    started.push(replica);
  } catch (error) {
    await stop();
    throw error;
  }
  return { primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`, replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`, stop };
}
