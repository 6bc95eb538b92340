import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ownerOfName } from './migration-ownership.ts';

/**
 * The code side of "each module owns its tables" (issue 19): no module's code names another
 * module's table, in Kysely calls or raw SQL alike; it reads another module's data through that
 * module's index.ts API or a view the module publishes (`<module>_v_<name>`). The names checked
 * are the tables of the migrated schema (src/generated/schema.ts), so an identifier that merely
 * looks like a table name is not reported. Comments are skipped: prose may name anything.
 */
const SERVER = path.resolve(import.meta.dirname, '..');
const MODULES_DIR = path.join(SERVER, 'src/modules');

export function schemaTableNames(): Set<string> {
  const schema = readFileSync(path.join(SERVER, 'src/generated/schema.ts'), 'utf8');
  const tables = schema.slice(schema.indexOf('export interface GeneratedTables'), schema.indexOf('export interface GeneratedViews'));
  return new Set([...tables.matchAll(/^ {2}([a-z_0-9]+): \{$/gm)].map((match) => match[1]!));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:])\/\/[^\n]*/g, '$1');
}

/** `<module file>: <table> (<owner>)` for each other module's table a module's code names. */
export function foreignTableUses(code: string, module: string, tables: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of withoutComments(code).matchAll(/\b[a-z]+_[a-z0-9_]+\b/g)) {
    const owner = tables.has(match[0]) ? ownerOfName(match[0]) : undefined;
    if (owner && owner !== module) found.add(`${match[0]} (${owner})`);
  }
  return [...found];
}

export function checkModuleCode(): string[] {
  const tables = schemaTableNames();
  return readdirSync(MODULES_DIR).flatMap((module) =>
    sourceFiles(path.join(MODULES_DIR, module)).flatMap((file) =>
      foreignTableUses(readFileSync(file, 'utf8'), module, tables).map((use) => `${path.relative(MODULES_DIR, file)}: names ${use}; read it through that module's API or a view it publishes`),
    ),
  );
}
