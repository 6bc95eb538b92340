import { readMigrations } from '../apps/server/src/platform/migrate.ts';
import { checkMigrations } from '../apps/server/test/migration-ownership.ts';

/**
 * Part of `npm run boundaries`: no migration of one module creates, alters, indexes, triggers on or
 * writes another module's table (apps/server/test/migration-ownership.ts has the rules and the
 * listed historic exceptions). Exits non-zero with each problem on its own line.
 */
const problems = checkMigrations(readMigrations());
for (const problem of problems) console.error(`migration ownership: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`migration ownership: ${readMigrations().length} migrations, each touching only its own module's tables (or listed)`);
