/**
 * Key-parity check: every translation key must exist in every locale. Prints each key that one
 * locale has and another lacks, and exits 1 if there is any. Run:
 *   node --import tsx packages/i18n/check-keys.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), 'locales');

function flatten(value: unknown, prefix: string, out: Set<string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.add(prefix);
  }
}

function keysOf(locale: string): Set<string> {
  const keys = new Set<string>();
  const dir = join(localesDir, locale);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const namespace = file.slice(0, -'.json'.length);
    const parsed: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const nsKeys = new Set<string>();
    flatten(parsed, '', nsKeys);
    // An empty namespace file still has to exist in every locale.
    keys.add(`${namespace}:`);
    for (const key of nsKeys) if (key) keys.add(`${namespace}:${key}`);
  }
  return keys;
}

const locales = readdirSync(localesDir)
  .filter((name) => statSync(join(localesDir, name)).isDirectory())
  .sort();
const keySets = new Map(locales.map((locale) => [locale, keysOf(locale)] as const));
const allKeys = new Set<string>();
for (const keys of keySets.values()) for (const key of keys) allKeys.add(key);

const problems: string[] = [];
for (const key of [...allKeys].sort()) {
  const missingIn = locales.filter((locale) => !keySets.get(locale)?.has(key));
  if (missingIn.length > 0) {
    const label = key.endsWith(':') ? `${key.slice(0, -1)}.json (namespace file)` : key;
    problems.push(`  ${label} — missing in: ${missingIn.join(', ')}`);
  }
}

if (problems.length > 0) {
  console.error(`i18n key parity failed: ${problems.length} key(s) missing across ${locales.join(', ')}`);
  for (const line of problems) console.error(line);
  process.exit(1);
}
const keyCount = [...allKeys].filter((key) => !key.endsWith(':')).length;
console.log(`i18n key parity ok: ${keyCount} keys in each of ${locales.join(', ')}`);
