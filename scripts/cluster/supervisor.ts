import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What a supervised process is: a name for the logs, the command, its environment. */
export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface Supervised {
  readonly name: string;
  /** The running child's pid, or undefined between a death and its restart. */
  pid(): number | undefined;
  /** Sends SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. Never restarts after. */
  stop(graceMs: number): Promise<void>;
}

/**
 * Runs a child and starts it again `restartDelayMs` after it dies, saying which one died and how
 * (exit code or signal: a kill -9 shows as SIGKILL). Each output line is prefixed with the name,
 * so the interleaved logs of N processes stay readable. `onChange` hears every new pid.
 * Each child has its own process group: a terminal's Ctrl-C reaches the cluster script alone,
 * which then stops the children one signal each, in order (a second signal makes the API skip
 * its graceful close).
 */
export function supervise(spec: ProcessSpec, options: { restartDelayMs: number; onChange: () => void; log: (line: string) => void }): Supervised {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = () => {
    const started = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child = started;
    createInterface({ input: started.stderr }).on('line', (line) => process.stdout.write(`[${spec.name}] ${line}\n`));
    // Logs are JSON lines; the API's own start-up banner (its port, the demo logins) is left out:
    // the cluster prints one banner for the site.
    createInterface({ input: started.stdout }).on('line', (line) => {
      if (line.startsWith('{')) process.stdout.write(`[${spec.name}] ${line}\n`);
    });
    exited = new Promise((resolve) => {
      started.once('exit', (code, signal) => {
        if (child === started) child = undefined;
        options.onChange();
        resolve();
        if (stopping) return;
        options.log(`${spec.name} (pid ${started.pid}) died: ${signal ? `signal ${signal}` : `exit code ${code}`}; restarting in ${options.restartDelayMs} ms`);
        restartTimer = setTimeout(() => {
          restartTimer = undefined;
          if (stopping) return;
          start();
          options.log(`${spec.name} restarted (pid ${child?.pid})`);
        }, options.restartDelayMs);
      });
    });
    started.once('error', (error) => options.log(`${spec.name} could not be started: ${error.message}`));
    options.onChange();
  };
  start();

  return {
    name: spec.name,
    pid: () => child?.pid,
    async stop(graceMs) {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      running.kill('SIGTERM');
      const killer = setTimeout(() => running.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
}
