import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import pg from 'pg';
import { composeCore } from '../compose.ts';
import { drillTools, freePortPair, removeDrillDirectory, runBackupDrill, type DrillPhase, type DrillReport, type DrillWorkload } from '../platform/backup-drill.ts';
import { loadConfig } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { HOUSE } from '../modules/wallet/index.ts';

/**
 * npm run backup:drill [-- --pg-bin DIR] [--keep] [--json]
 *
 * The point-in-time restore drill of docs/backup.md on throwaway clusters of this machine (the
 * production database is never touched): WAL archiving, a base backup, money posted through the
 * wallet before and after a target time T, a restore to T, and the checks an operator runs after
 * a real restore — `npm run ledger:check` and `npm run audit:verify`, run as the commands
 * themselves against the restored cluster. Prints each step and what it found; exit 1 when the
 * restore holds a journal it should not, lacks one it should, or a check fails.
 *
 *   --pg-bin DIR  PostgreSQL binaries to drill with (e.g. /usr/lib/postgresql/15/bin, which has
 *                 pg_basebackup); default the embedded package's, which back up with the
 *                 low-level API (pg_backup_start / pg_backup_stop) as they have no pg_basebackup
 *   --keep        leave the clusters, archive and logs in the work directory
 *   --json        print the report as JSON (the test reads it)
 */
const { values } = parseArgs({ options: { 'pg-bin': { type: 'string' }, keep: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } } });
const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** The operations helper's port range on shared machines (docs/backup.md): two in a row. */
const PORTS = { low: 56100, high: 56198 };
const JOURNALS_PER_PHASE = 20;

const say = (line: string) => (values.json ? process.stderr : process.stdout).write(`${line}\n`);

/** Money through the wallet's own API, as the site posts it: one member, bets of 1.00 to 20.00, each its own journal. */
function walletWorkload(): DrillWorkload {
  let core: Awaited<ReturnType<typeof composeCore>> | undefined;
  let member: bigint | undefined;
  return {
    async post(url: string, phase: DrillPhase) {
      if (!core) {
        const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', DB_POOL_MAX: '2' });
        core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl: url });
        const account = `drill${randomBytes(4).toString('hex')}`;
        await core.modules.accounts.api.ensureMember({ account, nickname: account, type: 0, password: `Pw-${randomBytes(8).toString('hex')}` });
        member = (await core.modules.accounts.api.directory.findMemberByAccount(account))!.id;
        // An audited action, so that the restored audit chain has something to verify.
        await core.modules.backoffice.api.createOwnerFromCommandLine({ username: `drill${randomBytes(3).toString('hex')}`, displayName: 'Backup drill' });
      }
      const keys: string[] = [];
      for (let index = 0; index < JOURNALS_PER_PHASE; index += 1) {
        const key = `backup-drill:${phase}:${index}`;
        const amount = BigInt(100 * (index + 1));
        await core.db.transaction().execute((tx) =>
          core!.modules.wallet.api.postOrThrow(tx, { key, type: 'adjustment', reference: `backup drill ${phase}`, legs: [{ member: member!, amount }, { house: HOUSE.adjustments, amount: -amount }] }),
        );
        keys.push(key);
      }
      return keys;
    },
    async present(url: string, keys: string[]) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ key: string }>('select idempotency_key as key from wallet_journal where idempotency_key = any($1)', [keys]);
        return rows.map((row) => row.key);
      } finally {
        await client.end();
      }
    },
    async verify(url: string) {
      const checks = [
        ['npm run ledger:check', 'apps/server/src/cli/wallet.ts', ['check']],
        ['npm run audit:verify', 'apps/server/src/cli/backoffice.ts', ['verify-audit']],
      ] as const;
      // The commands as an operator runs them, with the restored cluster as DATABASE_URL; side by side, as they only read.
      const env = { NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'warn' };
      const results = await Promise.all(
        checks.map(([name, script, args]) =>
          run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, env }).then(
            (result) => ({ name, output: result.stdout, ok: (JSON.parse(result.stdout) as { ok: boolean }).ok }),
            (error: { stdout?: string; stderr?: string }) => ({ name, output: `${error.stdout ?? ''}${error.stderr ?? ''}`, ok: false }),
          ),
        ),
      );
      for (const result of results) say(`   ${result.name}: ${result.ok ? 'ok' : 'FAILED'}`);
      const failed = results.filter((result) => !result.ok);
      if (failed.length > 0) throw new Error(failed.map((result) => `${result.name} failed on the restored cluster:\n${result.output}`).join('\n'));
    },
    async close() {
      await core?.close();
      core = undefined;
    },
  };
}

function verdict(report: DrillReport): string[] {
  const problems: string[] = [];
  for (const phase of ['before-backup', 'before-target'] as const) {
    const missing = report.posted[phase].length - report.restored[phase].length;
    if (missing > 0) problems.push(`${missing} journals posted ${phase} are missing from the restore`);
  }
  if (report.restored['after-target'].length > 0) problems.push(`${report.restored['after-target'].length} journals posted after T are in the restore`);
  return problems;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'backup-drill-'));
const started = Date.now();
try {
  const tools = await drillTools(values['pg-bin'] ? { binDir: values['pg-bin'] } : {});
  say(`backup drill in ${workDir} with PostgreSQL from ${tools.source}`);
  const port = await freePortPair(PORTS.low, PORTS.high);
  const report = await runBackupDrill({ workDir, tools, port, workload: walletWorkload(), log: (step) => say(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${step}`) });
  const problems = verdict(report);
  say(`8. ${report.recoveryStop || 'recovery stop line not found in the log'}`);
  say(`backup by ${report.backupMethod}, ${report.archivedSegments} WAL segments archived; base backup ${report.millis.backup} ms, restore to T and promote ${report.millis.restore} ms, whole drill ${((Date.now() - started) / 1000).toFixed(1)} s`);
  say(problems.length === 0 ? 'drill passed' : `drill FAILED:\n  - ${problems.join('\n  - ')}`);
  if (values.json) process.stdout.write(`${JSON.stringify({ ...report, problems, seconds: (Date.now() - started) / 1000, source: tools.source })}\n`);
  if (problems.length > 0) process.exitCode = 1;
} catch (error) {
  say(`drill FAILED: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  if (values.keep) say(`kept: ${workDir}`);
  else removeDrillDirectory(workDir);
}
