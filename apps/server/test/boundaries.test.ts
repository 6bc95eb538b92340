import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The walls of .dependency-cruiser.cjs are default-deny (issue 19). These tests write a
 * throwaway file where the walls must hold, run dependency-cruiser with the real config on it,
 * and check the violation is reported under the rule that owns that area; the file is removed
 * whatever happens. The last test cruises the whole tree the way `npm run boundaries` does.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const depcruiseBin = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** Cruises `files` (repository-relative) with the real config; depth 1 keeps it to their own imports. */
async function violationsOf(files: string[], { maxDepth }: { maxDepth?: number } = { maxDepth: 1 }): Promise<Violation[]> {
  const args = [depcruiseBin, ...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...(maxDepth ? ['--max-depth', String(maxDepth)] : [])];
  // depcruise exits non-zero when it finds errors; the report on stdout is what we judge.
  const { stdout } = await run(process.execPath, args, { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024 }).catch((error: { stdout?: string }) => {
    if (!error.stdout) throw error;
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Writes a probe file (valid TypeScript, so a concurrent tsc or eslint run is not upset), runs `check`, removes it. */
async function withProbe(relativePath: string, source: string, check: (file: string) => Promise<void>): Promise<void> {
  const absolute = path.join(repoRoot, relativePath);
  const createdDirectory = path.dirname(absolute);
  try {
    mkdirSync(createdDirectory, { recursive: true });
    writeFileSync(absolute, source);
    await check(relativePath);
  } finally {
    rmSync(absolute, { force: true });
  }
}

const probeName = `boundary-probe-${process.pid}`;

describe('module walls (npm run boundaries)', () => {
  it('refuses a server module importing another module\'s internals, and one it may not import at all', async () => {
    const file = `apps/server/src/modules/catalogue/${probeName}.ts`;
    await withProbe(file, "import '../wallet/wallet.repository.ts';\nimport '../payments/index.ts';\nexport {};\n", async () => {
      const violations = (await violationsOf([file])).filter((violation) => violation.from === file);
      expect(violations).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ to: 'apps/server/src/modules/wallet/wallet.repository.ts', rule: { name: 'server-module-catalogue', severity: 'error' } }),
          expect.objectContaining({ to: 'apps/server/src/modules/payments/index.ts', rule: { name: 'server-module-catalogue', severity: 'error' } }),
        ]),
      );
      expect(violations).toHaveLength(2);
    });
  });

  it('lets a server module import a listed module through its index.ts', async () => {
    const file = `apps/server/src/modules/catalogue/${probeName}.ts`;
    await withProbe(file, "import '../wallet/index.ts';\nexport {};\n", async () => {
      expect((await violationsOf([file])).filter((violation) => violation.from === file)).toEqual([]);
    });
  });

  it('refuses a web feature importing another feature\'s internal file, and accepts its index.ts', async () => {
    const file = `apps/web/src/features/home/${probeName}.ts`;
    await withProbe(file, "import '../games/components/game-card.tsx';\nimport '../games/index.ts';\nexport {};\n", async () => {
      const violations = (await violationsOf([file])).filter((violation) => violation.from === file);
      expect(violations).toEqual([
        expect.objectContaining({ to: 'apps/web/src/features/games/components/game-card.tsx', rule: { name: 'web-feature-home', severity: 'error' } }),
      ]);
    });
  });

  it('refuses a console feature importing a feature it is not listed for', async () => {
    const file = `apps/admin/src/features/audit/${probeName}.ts`;
    await withProbe(file, "import '../payments/index.ts';\nexport {};\n", async () => {
      const violations = (await violationsOf([file])).filter((violation) => violation.from === file);
      expect(violations).toEqual([expect.objectContaining({ to: 'apps/admin/src/features/payments/index.ts', rule: { name: 'admin-feature-audit', severity: 'error' } })]);
    });
  });

  it('refuses a new module folder until it is added to the tables', async () => {
    const file = `apps/server/src/modules/${probeName}/index.ts`;
    try {
      await withProbe(file, "import '../../platform/db.ts';\nexport {};\n", async () => {
        const violations = (await violationsOf([file])).filter((violation) => violation.from === file);
        expect(violations.map((violation) => violation.rule.name)).toContain('not-in-any-area');
      });
    } finally {
      rmSync(path.join(repoRoot, path.dirname(file)), { recursive: true, force: true });
    }
  });

  it('refuses shared/ importing a feature', async () => {
    const file = `apps/web/src/shared/${probeName}.ts`;
    await withProbe(file, "import '../features/system/index.ts';\nexport {};\n", async () => {
      const violations = (await violationsOf([file])).filter((violation) => violation.from === file);
      expect(violations).toEqual([expect.objectContaining({ to: 'apps/web/src/features/system/index.ts', rule: { name: 'web-shared', severity: 'error' } })]);
    });
  });

  it('passes on the tree as it is', { timeout: 120_000 }, async () => {
    const violations = await violationsOf(['apps', 'packages', 'e2e', 'scripts', 'bench'], {});
    // Another run of this file may have a probe on disk at this moment: judge only the real files.
    expect(violations.filter((violation) => !violation.from.includes('boundary-probe-'))).toEqual([]);
  });
});
