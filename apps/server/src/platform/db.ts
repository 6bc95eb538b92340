import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '../database.ts';
import type { Logger } from './logger.ts';

// int8 (bigint, count(*), sum of bigint) arrives as a JS bigint: money is never a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));
// numeric stays a string; callers decide how to read it.

export type Db = Kysely<Database>;
/** Repositories take this as a required first argument: the caller's transaction or the pool. */
export type DbExecutor = Kysely<Database> | Transaction<Database>;

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDb(options: { connectionString: string; max: number; logger: Logger }): DbHandle {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    application_name: 'betting-platform',
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dying (server restart, shutdown) must not crash the process.
  pool.on('error', (error) => options.logger.warn({ err: error }, 'idle database client error'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    close: () => db.destroy(),
  };
}

/** Answers true when the database runs a trivial query within the time limit. */
export async function isDatabaseReachable(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = db
    .executeQuery(CompiledQuery.raw('select 1'))
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs raw SQL on an executor; used by adapters (pg-boss, events) that speak plain SQL. */
export async function executeSql<Row = Record<string, unknown>>(
  executor: DbExecutor,
  text: string,
  values: readonly unknown[] = [],
): Promise<{ rows: Row[] }> {
  const result = await executor.executeQuery<Row>(CompiledQuery.raw(text, [...values]));
  return { rows: [...result.rows] };
}
