import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createScratchDatabase } from '../apps/server/src/platform/scratch-database.ts';
import { introspectSchema, renderSchemaTypes } from '../apps/server/src/platform/schema-types.ts';

/**
 * `npm run db:types`: migrates a throwaway database (on DATABASE_URL's server, else an embedded
 * cluster) and writes apps/server/src/generated/schema.ts from it. Run after adding a migration;
 * the schema-types test fails until the file is regenerated and committed.
 */
const OUT_FILE = path.resolve(import.meta.dirname, '../apps/server/src/generated/schema.ts');

const scratch = await createScratchDatabase('db_types', process.env.DATABASE_URL, 20_000);
try {
  writeFileSync(OUT_FILE, renderSchemaTypes(await introspectSchema(scratch.databaseUrl)));
  console.log(`db:types: wrote ${path.relative(process.cwd(), OUT_FILE)}`);
} finally {
  await scratch.drop();
}
