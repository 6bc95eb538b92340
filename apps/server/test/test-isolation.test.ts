import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock|unmock)\(/;

/** The server project's test files, as vitest.config.ts includes them (paths from the root). */
function serverTestFiles(): string[] {
  const roots = ['apps/server/src', 'apps/server/test', ...readdirSync(path.join(ROOT, 'packages')).map((name) => `packages/${name}/src`)];
  return roots.flatMap((root) => {
    let entries: string[];
    try {
      entries = readdirSync(path.join(ROOT, root), { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
    return entries.filter((entry) => entry.endsWith('.test.ts') && !entry.includes('node_modules')).map((entry) => `${root}/${entry.split(path.sep).join('/')}`);
  });
}

/**
 * The server's test files share their worker's module cache (vitest.config.ts: isolate false), so a
 * module one file replaces with vi.mock would be the real one, already loaded by an earlier file, or
 * the mock would reach later files. Such a file must run isolated: listed in MOCKING_TESTS.
 */
describe('test isolation', () => {
  it('every server test file that mocks a module runs isolated (MOCKING_TESTS in vitest.config.ts)', () => {
    const files = serverTestFiles();
    expect(files.length).toBeGreaterThan(150);
    const config = readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8');
    const listed = config.slice(config.indexOf('const MOCKING_TESTS'), config.indexOf('];', config.indexOf('const MOCKING_TESTS')));
    const mocking = files.filter((file) => MOCKS_A_MODULE.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(mocking).toContain('apps/server/src/modules/backoffice/backoffice.routes.test.ts');
    expect(mocking.filter((file) => !listed.includes(`'${file}'`))).toEqual([]);
  });
});
