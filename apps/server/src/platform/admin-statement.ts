import pg from 'pg';

/**
 * Runs one statement (create or drop a database) on its own short connection to the server at
 * `adminUrl`: nothing stays open afterwards to keep the process alive.
 */
export async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
