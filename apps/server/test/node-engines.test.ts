import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every package.json under a node_modules directory, nested ones included (npm keeps conflicting versions there). */
function installedManifests(nodeModules: string, found: string[] = []): string[] {
  if (!existsSync(nodeModules)) return found;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      installedManifests(dir, found);
      continue;
    }
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) found.push(manifest);
    installedManifests(path.join(dir, 'node_modules'), found);
  }
  return found;
}

/**
 * The README promises Node 20: a dependency declaring a newer engine may use APIs this runtime
 * lacks and fail only on the path that calls them. npm merely warns (EBADENGINE), so this test
 * is what stops such a version from landing.
 */
describe('installed dependencies', () => {
  it('all support the running Node version (engines.node)', () => {
    const manifests = [ROOT, ...['apps', 'packages'].flatMap((dir) => readdirSync(path.join(ROOT, dir)).map((name) => path.join(ROOT, dir, name)))].flatMap((dir) =>
      installedManifests(path.join(dir, 'node_modules')),
    );
    expect(manifests.length).toBeGreaterThan(100);
    const unsupported: string[] = [];
    for (const manifest of manifests) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; engines?: { node?: unknown } };
      const range = pkg.engines?.node;
      if (typeof range !== 'string' || !semver.validRange(range)) continue;
      if (!semver.satisfies(process.versions.node, range, { includePrerelease: true })) {
        unsupported.push(`${pkg.name}@${pkg.version} needs node ${range} (${path.relative(ROOT, manifest)})`);
      }
    }
    expect(unsupported).toEqual([]);
  });
});
