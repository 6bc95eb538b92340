import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The walls of .dependency-cruiser.cjs are default-deny (issue 19). These tests write throwaway
 * probe files where the walls must hold, run dependency-cruiser once on them with the real
 * config, and check each violation is reported under the rule that owns that area; the probes
 * are removed whatever happens. The last test cruises the whole tree as `npm run boundaries` does.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const depcruiseBin = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/**
 * Cruises `files` (repository-relative) with the real config. The config leaves
 * boundary-probe-* files out unless BOUNDARY_PROBES=include, so that a `npm run boundaries`
 * running meanwhile elsewhere is not failed by this test's probes.
 */
async function violationsOf(files: string[], { includeProbes }: { includeProbes: boolean }): Promise<Violation[]> {
  const args = [depcruiseBin, ...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...(includeProbes ? ['--max-depth', '1'] : [])];
  const env = { ...process.env, BOUNDARY_PROBES: includeProbes ? 'include' : '' };
  // depcruise exits non-zero when it finds errors; the report on stdout is what we judge.
  const { stdout } = await run(process.execPath, args, { cwd: repoRoot, env, maxBuffer: 256 * 1024 * 1024 }).catch((error: { stdout?: string }) => {
    if (!error.stdout) throw error;
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const probe = `boundary-probe-${process.pid}`;
/** Valid TypeScript, so a concurrent tsc or eslint run is not upset by them either. */
const probes = {
  catalogueIntoWalletAndPayments: { file: `apps/server/src/modules/catalogue/${probe}-1.ts`, imports: ['../wallet/wallet.repository.ts', '../payments/index.ts'] },
  catalogueIntoWalletIndex: { file: `apps/server/src/modules/catalogue/${probe}-2.ts`, imports: ['../wallet/index.ts'] },
  newModule: { file: `apps/server/src/modules/${probe}/index.ts`, imports: ['../../platform/db.ts'] },
  homeIntoGames: { file: `apps/web/src/features/home/${probe}-1.ts`, imports: ['../games/components/game-card.tsx', '../games/index.ts'] },
  homeIntoTestAndApp: { file: `apps/web/src/features/home/${probe}-2.ts`, imports: ['../../test/fixtures.ts', '../../app/routes.tsx'] },
  sharedIntoFeature: { file: `apps/web/src/shared/${probe}.ts`, imports: ['../features/system/index.ts'] },
  auditIntoPayments: { file: `apps/admin/src/features/audit/${probe}.ts`, imports: ['../payments/index.ts'] },
};

let violations: Violation[] = [];
/** What the cruise reported for one probe, as "<rule> <imported file>". */
const reportedFor = (name: keyof typeof probes) =>
  violations
    .filter((violation) => violation.from === probes[name].file)
    .map((violation) => `${violation.rule.name} ${violation.to}`)
    .sort();

function removeProbes(): void {
  for (const { file } of Object.values(probes)) rmSync(path.join(repoRoot, file), { force: true });
  rmSync(path.join(repoRoot, `apps/server/src/modules/${probe}`), { recursive: true, force: true });
}

beforeAll(async () => {
  try {
    for (const { file, imports } of Object.values(probes)) {
      mkdirSync(path.dirname(path.join(repoRoot, file)), { recursive: true });
      writeFileSync(path.join(repoRoot, file), `${imports.map((target) => `import '${target}';`).join('\n')}\nexport {};\n`);
    }
    violations = await violationsOf(
      Object.values(probes).map(({ file }) => file),
      { includeProbes: true },
    );
  } finally {
    removeProbes();
  }
}, 60_000);
afterAll(removeProbes);

describe('module walls (npm run boundaries)', () => {
  it("refuses a server module importing another module's internals, and a module it is not listed for", () => {
    expect(reportedFor('catalogueIntoWalletAndPayments')).toEqual([
      'server-module-catalogue apps/server/src/modules/payments/index.ts',
      'server-module-catalogue apps/server/src/modules/wallet/wallet.repository.ts',
    ]);
  });

  it('lets a server module import a listed module through its index.ts', () => {
    expect(reportedFor('catalogueIntoWalletIndex')).toEqual([]);
  });

  it('refuses a new module folder until it is added to the tables', () => {
    expect(reportedFor('newModule')).toContain('not-in-any-area apps/server/src/platform/db.ts');
  });

  it("refuses a web feature importing another feature's internal file, and accepts its index.ts", () => {
    expect(reportedFor('homeIntoGames')).toEqual(['web-feature-home apps/web/src/features/games/components/game-card.tsx']);
  });

  it("keeps test fixtures and the whole app out of a feature's own code (its tests may use them)", () => {
    expect(reportedFor('homeIntoTestAndApp')).toEqual([
      'features-render-app-only-in-tests apps/web/src/app/routes.tsx',
      'test-helpers-only-in-tests apps/web/src/test/fixtures.ts',
    ]);
  });

  it('refuses shared/ importing a feature', () => {
    expect(reportedFor('sharedIntoFeature')).toEqual(['web-shared apps/web/src/features/system/index.ts']);
  });

  it('refuses a console feature importing a feature it is not listed for', () => {
    expect(reportedFor('auditIntoPayments')).toEqual(['admin-feature-audit apps/admin/src/features/payments/index.ts']);
  });

  it('passes on the tree as it is', { timeout: 120_000 }, async () => {
    expect(await violationsOf(['apps', 'packages', 'e2e', 'scripts', 'bench'], { includeProbes: false })).toEqual([]);
  });
});
