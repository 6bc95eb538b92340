import { readFileSync } from 'node:fs';
import type pg from 'pg';

export interface CpuSnapshot {
  node: number;
  backends: Map<number, number>;
}

/**
 * CPU time spent so far by this process and by the PostgreSQL backends serving `client`'s database
 * (/proc/<pid>/stat utime + stime): per operation, the work it costs whatever else the shared
 * machine runs. (Background writers, WAL writer and checkpointer are not counted.)
 */
export async function cpuSnapshot(client: pg.Client): Promise<CpuSnapshot> {
  const usage = process.cpuUsage();
  const pids = (await client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows.map((row) => row.pid);
  const backends = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      backends.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // Not on this machine's /proc (a remote server) or gone.
    }
  }
  return { node: (usage.user + usage.system) / 1000, backends };
}

/** Milliseconds of CPU between two snapshots: this process, and the database backends together. */
export function cpuSince(before: CpuSnapshot, after: CpuSnapshot): { node: number; pg: number } {
  let pg = 0;
  for (const [pid, ms] of after.backends) pg += ms - (before.backends.get(pid) ?? 0);
  return { node: after.node - before.node, pg };
}
