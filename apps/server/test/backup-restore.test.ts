import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { DrillReport } from '../src/platform/backup-drill.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The point-in-time restore drill of docs/backup.md, end to end on throwaway clusters, as an
 * operator runs it (`npm run backup:drill`): a primary archiving its WAL through archive_command,
 * a base backup, money posted through the wallet before the backup, after it, and after a target
 * time T (its WAL switched and archived too), then the base backup restored with
 * restore_command and recovery_target_time = T, paused, inspected and promoted, and the
 * operator's checks (`npm run ledger:check`, `npm run audit:verify`) run against it.
 *
 * With the embedded package's PostgreSQL, which every machine has after `npm ci`; it ships no
 * pg_basebackup, so the base backup is taken with the low-level API (pg_backup_start /
 * pg_backup_stop), the same recovery as a pg_basebackup copy (docs/backup.md).
 */
describe('backup and point-in-time restore', () => {
  it('restores every journal committed before T and none after, and the ledger and audit checks pass on the restore', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/backup-drill.ts', '--json'], { cwd: repoRoot, env: { NODE_ENV: 'test', PATH: '/usr/bin:/bin' }, maxBuffer: 10_000_000 }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the drill failed:\n${error.stderr ?? ''}\n${error.stdout ?? ''}`);
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as DrillReport & { problems: string[]; seconds: number };

    expect(report.problems, stderr).toEqual([]);
    expect(report.backupMethod).toBe('pg_backup_start/pg_backup_stop');
    // Posted before the base backup: in the copy itself.
    expect(report.restored['before-backup']).toEqual(report.posted['before-backup']);
    // Posted after the backup and before T: only in the archived WAL, replayed by restore_command.
    expect(report.posted['before-target'].length).toBeGreaterThan(0);
    expect(report.restored['before-target']).toEqual(report.posted['before-target']);
    // Posted after T and archived: recovery had them and stopped before the first.
    expect(report.posted['after-target'].length).toBeGreaterThan(0);
    expect(report.restored['after-target']).toEqual([]);
    expect(report.recoveryStop).toMatch(/^recovery stopping before commit of transaction \d+/);
    // The checks ran on the promoted restore (the drill exits 1 otherwise), printed as the operator sees them.
    expect(stderr).toMatch(/npm run ledger:check: ok/);
    expect(stderr).toMatch(/npm run audit:verify: ok/);
  }, 120_000);
});
