import { readDefinitions, readMigrations } from '../apps/server/src/platform/migrate.ts';
import { checkModuleCode } from '../apps/server/test/code-table-ownership.ts';
import { checkDefinitions, checkMigrations } from '../apps/server/test/migration-ownership.ts';

/**
 * Part of `npm run boundaries`: no migration of one module creates, alters, indexes, triggers on or
 * writes another module's table (apps/server/test/migration-ownership.ts has the rules and the
 * listed historic exceptions) and no re-appliable definition (apps/server/sql/<module>/) does either,
 * and no module's code names another module's table
 * (apps/server/test/code-table-ownership.ts). Exits non-zero with each problem on its own line.
 */
const problems = [...checkMigrations(readMigrations()), ...checkDefinitions(readDefinitions())];
for (const problem of problems) console.error(`migration ownership: ${problem}`);
const codeProblems = checkModuleCode();
for (const problem of codeProblems) console.error(`table ownership: ${problem}`);
if (problems.length + codeProblems.length > 0) process.exit(1);
console.log(`migration ownership: ${readMigrations().length} migrations and ${readDefinitions().length} definitions, each touching only its own module's tables (or listed)`);
console.log("table ownership: every module's code names only its own tables and other modules' published views");
