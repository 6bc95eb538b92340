import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh database cloned from the run's migrated template (~0.1 s); dropped with the run. */
export async function createTestDatabase(): Promise<string> {
  const template = inject('templateDatabase');
  const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
  const adminUrl = inject('adminDatabaseUrl');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
