import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { binaries as embeddedBinaries, postgresAccount } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';

const run = promisify(execFile);

/**
 * The point-in-time restore drill of docs/backup.md on throwaway clusters: a primary archiving
 * its WAL, a base backup, money posted before and after a target time T, then a restore of the
 * base backup that replays the archive up to T, pauses there to be inspected, and is promoted.
 * The caller brings the money (a workload: the wallet's own API, not SQL written here) and the
 * checks an operator runs after a real restore; this file only drives PostgreSQL.
 */

export type DrillPhase = 'before-backup' | 'before-target' | 'after-target';
export const DRILL_PHASES: readonly DrillPhase[] = ['before-backup', 'before-target', 'after-target'];

export interface DrillWorkload {
  /** Posts money on the primary (url); answers the idempotency keys of the journals posted. */
  post(url: string, phase: DrillPhase): Promise<string[]>;
  /** Which of these journal keys the database at url holds (read-only: the restore is paused, not promoted). */
  present(url: string, keys: string[]): Promise<string[]>;
  /** The checks after a restore (ledger, audit chain), on the promoted cluster; throws on a problem. */
  verify(url: string): Promise<void>;
  /** Ends what post() opened (connections), before the primary stops. */
  close(): Promise<void>;
}

export interface PostgresTools {
  initdb: string;
  pg_ctl: string;
  /** Absent from the embedded-postgres package: the drill then uses the low-level backup API. */
  pg_basebackup: string | undefined;
  /** Where they come from, for the report. */
  source: string;
}

/** The embedded package's PostgreSQL (what `npm ci` gives every machine); pg_basebackup when given a directory that has one of the same major version. */
export async function drillTools(options: { binDir?: string } = {}): Promise<PostgresTools> {
  if (options.binDir) {
    const tool = (name: string) => path.join(options.binDir!, name);
    if (!existsSync(tool('initdb'))) throw new Error(`no initdb in ${options.binDir}`);
    return { initdb: tool('initdb'), pg_ctl: tool('pg_ctl'), pg_basebackup: existsSync(tool('pg_basebackup')) ? tool('pg_basebackup') : undefined, source: options.binDir };
  }
  const embedded = await embeddedBinaries();
  const sibling = path.join(path.dirname(embedded.initdb), 'pg_basebackup');
  return { ...embedded, pg_basebackup: existsSync(sibling) ? sibling : undefined, source: path.dirname(embedded.initdb) };
}

export interface DrillOptions {
  /** An empty directory the drill owns; every cluster, the archive and the logs go under it. */
  workDir: string;
  tools: PostgresTools;
  /** The primary listens here, the restored cluster on port + 1 (127.0.0.1 only). */
  port: number;
  workload: DrillWorkload;
  /** Each step as it happens (the operator script prints them). */
  log?: (step: string) => void;
}

export interface DrillReport {
  backupMethod: 'pg_basebackup' | 'pg_backup_start/pg_backup_stop';
  targetTime: string;
  posted: Record<DrillPhase, string[]>;
  /** Per phase, the posted journals the restored cluster holds. */
  restored: Record<DrillPhase, string[]>;
  /** PostgreSQL's own line saying where recovery stopped. */
  recoveryStop: string;
  archivedSegments: number;
  millis: { total: number; backup: number; restore: number };
}

export async function runBackupDrill(options: DrillOptions): Promise<DrillReport> {
  const { workDir, tools, workload } = options;
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const account = await postgresAccount();
  const asPostgres = { ...(account ?? {}), env: { LC_ALL: 'C.UTF-8', PATH: '/usr/bin:/bin' } };
  const dirs = { primary: path.join(workDir, 'primary'), archive: path.join(workDir, 'wal-archive'), backup: path.join(workDir, 'base-backup'), restored: path.join(workDir, 'restored'), logs: path.join(workDir, 'logs') };
  chmodSync(workDir, 0o755);
  for (const dir of [dirs.archive, dirs.logs]) ownedDirectory(dir, account);
  const primaryUrl = `postgres://postgres@127.0.0.1:${options.port}/postgres`;
  const restoredUrl = `postgres://postgres@127.0.0.1:${options.port + 1}/postgres`;
  const pgCtl = (args: string[]) => run(tools.pg_ctl, args, asPostgres);
  const start = (dataDir: string, port: number, logName: string) =>
    pgCtl(['start', '-D', dataDir, '-w', '-t', '60', '-l', path.join(dirs.logs, logName), '-o', `-p ${port} -k '${dataDir}' -c listen_addresses=127.0.0.1`]).catch((error: unknown) => {
      throw new Error(`PostgreSQL did not start (${path.join(dirs.logs, logName)}):\n${tail(path.join(dirs.logs, logName))}`, { cause: error });
    });
  const stop = (dataDir: string) => pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']);
  const running: string[] = [];

  try {
    log(`1. primary: initdb, WAL archiving on (archive_command copies each segment to ${dirs.archive})`);
    ownedDirectory(dirs.primary, account, 0o700);
    // Trust on loopback only: a throwaway cluster that lives for this drill and listens on 127.0.0.1.
    await run(tools.initdb, ['-D', dirs.primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], asPostgres);
    appendFileSync(
      path.join(dirs.primary, 'postgresql.conf'),
      ['', '# backup drill: the settings of docs/backup.md', 'wal_level = replica', 'archive_mode = on', `archive_command = 'test ! -f "${dirs.archive}/%f" && cp "%p" "${dirs.archive}/%f"'`, 'fsync = off', ''].join('\n'),
    );
    await start(dirs.primary, options.port, 'primary.log');
    running.push(dirs.primary);
    await migrate(primaryUrl, { info: () => undefined });

    const posted = {} as Record<DrillPhase, string[]>;
    posted['before-backup'] = await workload.post(primaryUrl, 'before-backup');
    log(`2. posted ${posted['before-backup'].length} journals; base backup`);
    const backupStarted = Date.now();
    const backupMethod = tools.pg_basebackup ? 'pg_basebackup' : 'pg_backup_start/pg_backup_stop';
    if (tools.pg_basebackup) {
      ownedDirectory(dirs.backup, account, 0o700);
      await run(tools.pg_basebackup, ['-h', '127.0.0.1', '-p', String(options.port), '-U', 'postgres', '-D', dirs.backup, '-X', 'stream', '-c', 'fast', '--no-sync'], asPostgres);
    } else {
      await lowLevelBackup(primaryUrl, dirs.primary, dirs.backup, account);
    }
    const backupMillis = Date.now() - backupStarted;

    posted['before-target'] = await workload.post(primaryUrl, 'before-target');
    const targetTime = await targetAfterCommits(primaryUrl);
    log(`3. posted ${posted['before-target'].length} journals after the backup; target time T = ${targetTime}`);
    posted['after-target'] = await workload.post(primaryUrl, 'after-target');
    await workload.close();
    const lastSegment = await switchAndArchive(primaryUrl);
    log(`4. posted ${posted['after-target'].length} journals after T; WAL switched and archived up to ${lastSegment}; primary stopped`);
    await stop(dirs.primary);
    running.splice(running.indexOf(dirs.primary), 1);

    log('5. restore: base backup copied to a new data directory, recovery.signal, restore_command from the archive, recovery_target_time = T, pause at the target');
    const restoreStarted = Date.now();
    copyTree(dirs.backup, dirs.restored, account);
    chmodSync(dirs.restored, 0o700);
    appendFileSync(
      path.join(dirs.restored, 'postgresql.conf'),
      [
        '',
        '# point-in-time restore (docs/backup.md)',
        `restore_command = 'cp "${dirs.archive}/%f" "%p"'`,
        `recovery_target_time = '${targetTime}'`,
        "recovery_target_action = 'pause'",
        // A restored cluster must not write into the archive of the one it replaces.
        'archive_mode = off',
        '',
      ].join('\n'),
    );
    writeOwnedFile(path.join(dirs.restored, 'recovery.signal'), '', account);
    await start(dirs.restored, options.port + 1, 'restored.log');
    running.push(dirs.restored);
    await waitForPause(restoredUrl, path.join(dirs.logs, 'restored.log'));
    const allKeys = DRILL_PHASES.flatMap((phase) => posted[phase]);
    const found = new Set(await workload.present(restoredUrl, allKeys));
    const restored = Object.fromEntries(DRILL_PHASES.map((phase) => [phase, posted[phase].filter((key) => found.has(key))])) as Record<DrillPhase, string[]>;
    log(`6. paused at T: journals present before backup ${restored['before-backup'].length}/${posted['before-backup'].length}, before T ${restored['before-target'].length}/${posted['before-target'].length}, after T ${restored['after-target'].length}/${posted['after-target'].length}; promoting`);
    await promote(restoredUrl);
    const restoreMillis = Date.now() - restoreStarted;

    log('7. checks after the restore: ledger check and audit chain');
    await workload.verify(restoredUrl);
    const recoveryStop = readFileSync(path.join(dirs.logs, 'restored.log'), 'utf8').split('\n').find((line) => /recovery stopping (before|after)/.test(line)) ?? '';
    return {
      backupMethod,
      targetTime,
      posted,
      restored,
      recoveryStop: recoveryStop.replace(/^.*?(recovery stopping)/, '$1'),
      archivedSegments: readdirSync(dirs.archive).filter((name) => /^[0-9A-F]{24}$/.test(name)).length,
      millis: { total: Date.now() - started, backup: backupMillis, restore: restoreMillis },
    };
  } finally {
    await workload.close().catch(() => undefined);
    for (const dataDir of running) await stop(dataDir).catch(() => undefined);
  }
}

/**
 * A base backup without pg_basebackup: the low-level API (PostgreSQL docs, "Making a Base Backup
 * Using the Low Level API"). pg_backup_start and pg_backup_stop in one session, a file copy in
 * between, and the backup_label that pg_backup_stop answers written into the copy: it tells
 * recovery where to begin. pg_backup_stop waits until the WAL the backup needs is archived.
 */
async function lowLevelBackup(url: string, dataDir: string, backupDir: string, account: Account) {
  const client = new pg.Client({ connectionString: url, application_name: 'backup-drill' });
  await client.connect();
  try {
    await client.query("select pg_backup_start('backup drill', true)");
    copyTree(dataDir, backupDir, account, LOW_LEVEL_SKIPS);
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>('select labelfile, spcmapfile from pg_backup_stop(true)');
    writeOwnedFile(path.join(backupDir, 'backup_label'), rows[0]!.labelfile, account);
    if (rows[0]!.spcmapfile) writeOwnedFile(path.join(backupDir, 'tablespace_map'), rows[0]!.spcmapfile, account);
  } finally {
    await client.end();
  }
}

/** What the low-level copy leaves out (the docs' list): the running server's files, and directories whose contents are rebuilt at start; their directories are kept. */
const LOW_LEVEL_SKIPS = {
  files: new Set(['postmaster.pid', 'postmaster.opts']),
  contentsOf: new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']),
};

/** T: the server's clock after every commit before it, with a gap so the next commits are later. */
async function targetAfterCommits(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await sleep(20);
    const { rows } = await client.query<{ t: string }>(`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as t`);
    await sleep(20);
    return rows[0]!.t;
  } finally {
    await client.end();
  }
}

/** Closes the current WAL segment (it holds the journals after T) and waits until the archiver has copied it. */
async function switchAndArchive(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ segment: string }>('select pg_walfile_name(pg_switch_wal()) as segment');
    const segment = rows[0]!.segment;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(50)) {
      const archived = await client.query<{ last: string | null; failed: number }>('select last_archived_wal as last, failed_count::int as failed from pg_stat_archiver');
      if ((archived.rows[0]?.last ?? '') >= segment) return segment;
    }
    throw new Error(`WAL segment ${segment} was not archived within 30 s (archive_command failing? see logs/primary.log)`);
  } finally {
    await client.end();
  }
}

async function waitForPause(url: string, logFile: string) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    const state = await query<{ state: string }>(url, 'select pg_get_wal_replay_pause_state() as state').catch(() => undefined);
    if (state?.[0]?.state === 'paused') return;
  }
  throw new Error(`the restored cluster did not pause at the recovery target within 60 s:\n${tail(logFile)}`);
}

async function promote(url: string) {
  const promoted = await query<{ done: boolean }>(url, 'select pg_promote(true, 60) as done');
  if (!promoted[0]?.done) throw new Error('pg_promote did not finish within 60 s');
}

async function query<Row extends object>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

type Account = { uid: number; gid: number } | undefined;

function ownedDirectory(dir: string, account: Account, mode = 0o755) {
  mkdirSync(dir, { recursive: true, mode });
  chmodSync(dir, mode);
  if (account) chownSync(dir, account.uid, account.gid);
}

function writeOwnedFile(file: string, text: string, account: Account) {
  writeFileSync(file, text, { mode: 0o600 });
  if (account) chownSync(file, account.uid, account.gid);
}

/** Copies a data directory as the PostgreSQL account owns it; a file removed while the server runs (a temporary one) is skipped, as in any online copy. */
function copyTree(from: string, to: string, account: Account, skips?: typeof LOW_LEVEL_SKIPS, relative = '') {
  ownedDirectory(to, account, 0o700);
  for (const name of readdirSync(from)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const stat = (() => {
      try {
        return lstatSync(source);
      } catch {
        return undefined;
      }
    })();
    if (!stat || (skips && relative === '' && skips.files.has(name))) continue;
    if (stat.isDirectory()) {
      if (skips && relative === '' && skips.contentsOf.has(name)) ownedDirectory(target, account, 0o700);
      else copyTree(source, target, account, skips, path.join(relative, name));
      continue;
    }
    // The server's Unix socket lives in its data directory here; it is no file to copy.
    if (!stat.isFile()) continue;
    try {
      copyFileSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (account) chownSync(target, account.uid, account.gid);
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Two free ports in a row (primary, restored) within [low, high]. */
export async function freePortPair(low: number, high: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = randomInt(low, high);
    if ((await canListen(port)) && (await canListen(port + 1))) return port;
  }
  throw new Error(`no two free ports in a row between ${low} and ${high}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export function removeDrillDirectory(workDir: string) {
  rmSync(workDir, { recursive: true, force: true });
}
