import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accepts, portIsFree } from './local-port.ts';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A throwaway nats-server (Debian's `nats-server` package) on a free port, for tests of the
 * event bus's NATS transport. `natsServerMissing` says why such tests skip on a machine without it.
 */
export const natsServerMissing: string | undefined =
  spawnSync('nats-server', ['--version'], { encoding: 'utf8' }).status === 0 ? undefined : 'no nats-server binary (apt-get install -y nats-server)';

const PORTS = { first: 56040, last: 56059 };

export interface NatsServer {
  url: string;
  /** kill -9, as a crashed broker. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startNatsServer(): Promise<NatsServer> {
  let port: number | undefined;
  for (let candidate = PORTS.first + (process.pid % 10); candidate <= PORTS.last && port === undefined; candidate += 1) {
    if (await portIsFree(candidate)) port = candidate;
  }
  if (port === undefined) throw new Error(`no free port in ${PORTS.first}-${PORTS.last} for nats-server`);
  const chosen = port;
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(chosen)], { stdio: 'ignore' });
    for (let waited = 0; waited < 5000; waited += 50) {
      if (await accepts(chosen)) return;
      await sleep(50);
    }
    throw new Error(`nats-server did not start on ${chosen}`);
  }

  async function kill() {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url: `nats://127.0.0.1:${chosen}`, kill, restart: start, stop: kill };
}
