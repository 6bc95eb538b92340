import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAdminStatement } from '../apps/server/src/platform/admin-statement.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../apps/server/src/platform/embedded-postgres.ts';

/**
 * `npm test`: every check, in order, against a real PostgreSQL. DATABASE_URL when set (the
 * machine's server); else a throwaway embedded cluster started here and shared by the unit,
 * integration and end-to-end steps. Installs Debian's Chromium first when it is missing and we
 * are root; never downloads a browser from anywhere else. Exits non-zero if any step failed.
 */
const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's packages the tests drive as real parts, by the binary each provides: the browser, the
 * cluster journey's load balancer and event broker, the pgbouncer test's pooler, the replica test's
 * PostgreSQL 15. Without them the browser steps and the cluster journey fail; the pgbouncer, NATS
 * and replica tests skip with their reason.
 */
const DEBIAN_TOOLS: ReadonlyArray<{ binary: string; packageName: string }> = [
  { binary: CHROMIUM, packageName: 'chromium' },
  { binary: '/usr/sbin/nginx', packageName: 'nginx' },
  { binary: '/usr/sbin/nats-server', packageName: 'nats-server' },
  { binary: '/usr/sbin/pgbouncer', packageName: 'pgbouncer' },
  // The streaming-replica test's primary and replica (pg_basebackup; the embedded package has none).
  { binary: '/usr/lib/postgresql/15/bin/pg_basebackup', packageName: 'postgresql-15' },
];


interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

async function main() {
  const started = Date.now();
  const results: { name: string; ok: boolean; seconds: number }[] = [];
  let embedded: EmbeddedPostgresHandle | undefined;
  // Failed unit tests, repeated in the summary: CI shows only the end of a long log.
  const failures: string[] = [];

  const run = async (step: Step) => {
    console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
    const begin = Date.now();
    const ok = await execute(step.command, step.env);
    results.push({ name: step.name, ok, seconds: (Date.now() - begin) / 1000 });
    return ok;
  };

  // Steps that read the tree and nothing else run side by side (typecheck and lint are single
  // threaded: one core each); their output is held and printed whole, one step after another.
  const runTogether = async (steps: Step[]) => {
    console.log(`\n▶ together: ${steps.map((step) => step.name).join(', ')}`);
    const outcomes = await Promise.all(
      steps.map(async (step) => {
        const begin = Date.now();
        const { ok, output } = await executeBuffered(step.command, step.env);
        return { step, ok, output, seconds: (Date.now() - begin) / 1000 };
      }),
    );
    for (const outcome of outcomes) {
      console.log(`\n▶ ${outcome.step.name}: ${outcome.step.command.join(' ')} (${outcome.seconds.toFixed(1)} s)`);
      if (outcome.output.trim()) process.stdout.write(outcome.output.endsWith('\n') ? outcome.output : `${outcome.output}\n`);
      results.push({ name: outcome.step.name, ok: outcome.ok, seconds: outcome.seconds });
    }
    return outcomes.every((outcome) => outcome.ok);
  };

  try {
    const chromium = ensureDebianTools();
    // The web and console build joins them: the end-to-end step serves what it built.
    await runTogether([
      { name: 'typecheck', command: ['npm', 'run', '-s', 'typecheck'] },
      { name: 'lint', command: ['npm', 'run', '-s', 'lint'] },
      { name: 'boundaries', command: ['npm', 'run', '-s', 'boundaries'] },
      { name: 'i18n keys', command: ['npm', 'run', '-s', 'i18n:check'] },
      ...(chromium ? [{ name: 'web and console build', command: ['npm', 'run', '-s', 'build', '-w', '@app/web', '-w', '@app/admin'] }] : []),
    ]);
    const built = results.find((result) => result.name === 'web and console build')?.ok === true;

    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      console.log('\n▶ DATABASE_URL not set: starting a throwaway embedded PostgreSQL');
      embedded = await startEmbeddedPostgres({
        dataDir: mkdtempSync(path.join(tmpdir(), 'bet-test-')),
        port: 55_000 + (process.pid % 5000),
        database: 'postgres',
        logger: { info: () => undefined, warn: () => undefined },
        throwaway: true,
      });
      adminUrl = embedded.adminUrl;
    }
    const vitestReport = path.join(mkdtempSync(path.join(tmpdir(), 'vitest-report-')), 'report.json');
    if (!(await run({ name: 'unit and integration', command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], env: { TEST_DATABASE_URL: adminUrl } }))) {
      failures.push(...failedTests(vitestReport));
    }

    if (!chromium) {
      results.push({ name: 'end-to-end (no Chromium)', ok: false, seconds: 0 });
    } else if (built) {
      // One server and database for both parts (e2e/playwright.config.ts): the journeys that keep
      // to their own members, two at a time (one alone left the cores idle while it waited for
      // rounds, draws and pushes), then those that change what every journey sees, alone. Two runs side by side, each with its own
      // server and database, had overloaded the two cores until journeys timed out.
      const e2eDatabase = await createDatabase(adminUrl, `e2e_${Date.now()}`);
      try {
        const e2e = ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'];
        const env = { E2E_DATABASE_URL: e2eDatabase.url, E2E_WEB_PREBUILT: '1' };
        await run({ name: 'end-to-end (shared)', command: e2e, env: { ...env, E2E_PART: 'shared' } });
        await run({ name: 'end-to-end (alone)', command: e2e, env: { ...env, E2E_PART: 'alone' } });
      } finally {
        await e2eDatabase.drop();
      }
      // The site as three API processes, the worker and nginx (npm run cluster, issue 28): one
      // journey, its own ports (3300–3312) and database.
      const clusterDatabase = await createDatabase(adminUrl, `e2e_cluster_${Date.now()}`);
      try {
        await run({ name: 'cluster journey', command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.cluster.config.ts'], env: { E2E_DATABASE_URL: clusterDatabase.url } });
      } finally {
        await clusterDatabase.drop();
      }
    }
  } finally {
    await embedded?.stop();
  }

  console.log('\nSummary');
  for (const result of results) console.log(`  ${result.ok ? '✔' : '✘'} ${result.name.padEnd(28)} ${result.seconds.toFixed(1)} s`);
  for (const failure of failures) console.log(`    ✘ ${failure}`);
  const failed = results.filter((result) => !result.ok);
  console.log(`  ${failed.length === 0 ? 'all passed' : `${failed.length} failed`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(failed.length === 0 ? 0 : 1);
}

async function createDatabase(adminUrl: string, name: string) {
  await runAdminStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`).catch(() => undefined) };
}

/** Names and first message lines of the failed tests in a vitest JSON report. */
function failedTests(reportPath: string): string[] {
  if (!existsSync(reportPath)) return ['(no vitest report was written)'];
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
    testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  };
  return report.testResults.flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0) return file.message ? [`${where}: ${file.message.split('\n')[0]}`] : [];
    return tests.map((test) => `${where} › ${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]?.slice(0, 300)}`);
  });
}

function execute(command: string[], env: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const [file, ...args] = command;
    const child = spawn(file ?? 'false', args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

/** Like execute, with stdout and stderr kept (interleaved as they came) instead of shown. */
function executeBuffered(command: string[], env: Record<string, string> = {}): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const [file, ...args] = command;
    const chunks: Buffer[] = [];
    const child = spawn(file ?? 'false', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1', ...env } });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString('utf8') }));
    child.on('error', (error) => resolve({ ok: false, output: String(error) }));
  });
}

/** Debian's packages above, installed on demand when we may (root); never a browser downloaded from elsewhere. Answers whether Chromium is there. */
function ensureDebianTools(): boolean {
  const missing = DEBIAN_TOOLS.filter((tool) => !existsSync(tool.binary));
  if (missing.length > 0 && process.getuid?.() !== 0) {
    console.error(`\n✘ missing: ${missing.map((tool) => tool.binary).join(', ')}: install Debian's ${missing.map((tool) => tool.packageName).join(' ')} (apt-get install -y …)`);
  } else if (missing.length > 0) {
    console.log(`\n▶ installing Debian's ${missing.map((tool) => tool.packageName).join(', ')} for the tests that drive them`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    // One package at a time: one that a mirror lacks must not keep the others out.
    for (const tool of missing) spawnSync('apt-get', ['install', '-y', '-qq', tool.packageName], { stdio: 'inherit', env });
  }
  return existsSync(CHROMIUM);
}

await main();
