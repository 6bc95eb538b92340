import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../apps/server/src/platform/embedded-postgres.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { introspectSchema, renderSchemaTypes } from '../apps/server/src/platform/schema-types.ts';

/**
 * `npm run db:types`: migrates a throwaway database (on DATABASE_URL's server, else an embedded
 * cluster) and writes apps/server/src/generated/schema.ts from it. Run after adding a migration;
 * the schema-types test fails until the file is regenerated and committed.
 */
const OUT_FILE = path.resolve(import.meta.dirname, '../apps/server/src/generated/schema.ts');
const quiet = { info: () => undefined, warn: () => undefined };

let embedded: EmbeddedPostgresHandle | undefined;
let adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  embedded = await startEmbeddedPostgres({
    dataDir: mkdtempSync(path.join(tmpdir(), 'bet-db-types-')),
    port: 20_000 + randomBytes(2).readUInt16BE() % 20_000,
    database: 'postgres',
    logger: quiet,
    throwaway: true,
    portFallback: true,
  });
  adminUrl = embedded.adminUrl;
}

const database = `db_types_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  await migrate(url.toString(), quiet);
  writeFileSync(OUT_FILE, renderSchemaTypes(await introspectSchema(url.toString())));
  console.log(`db:types: wrote ${path.relative(process.cwd(), OUT_FILE)}`);
} finally {
  await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end();
  await embedded?.stop();
}
