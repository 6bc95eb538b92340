import { CompiledQuery, Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '../database.ts';
import { AfterCommitPostgresDialect } from './after-commit.ts';
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
  // An idle client dying (server restart, shutdown) must not crash the process. pg-pool adds the
  // client itself to the error; logging that would dump the whole connection object.
  pool.on('error', (error) => options.logger.warn({ err: describeError(error) }, 'idle database client lost'));
  // A checked-out client has no pool listener: a connection dropped between two statements (a
  // transaction awaiting other work, or Kysely between acquire and query) would emit an unhandled
  // 'error' and end the process. The failing query still rejects, and the pool discards the client
  // on release because it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    dropOnFatal(client);
  });
  // The dialect runs afterCommit callbacks (after-commit.ts): the NATS event bus publishes through it.
  const dialect = new AfterCommitPostgresDialect({ pool }, (error) => options.logger.error({ err: error }, 'after-commit callback failed'));
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    pool,
    close: () => db.destroy(),
  };
}

/**
 * A FATAL error (57P01 when an administrator, a failover or a proxy ends the session) reaches the
 * running query as an ordinary error, and the socket closes a moment later. A client released in
 * between went back to the pool as healthy, and the next statement on it failed with "Connection
 * terminated unexpectedly". Marked unqueryable at the FATAL message (this listener runs before the
 * query's caller resumes), it is dropped on release, as pg-pool drops one whose socket is gone.
 * `connection` and `_queryable` are node-postgres internals pg-pool itself relies on.
 */
function dropOnFatal(client: pg.PoolClient) {
  const internals = client as unknown as { connection?: { on(event: 'errorMessage', listener: (message: { severity?: string }) => void): void }; _queryable: boolean };
  internals.connection?.on('errorMessage', (message) => {
    if (message.severity === 'FATAL') internals._queryable = false;
  });
}

/** The parts of a pg error worth logging (pg-pool attaches the client object to it). */
export function describeError(error: Error & { code?: string }) {
  return { type: error.name, message: error.message, code: error.code };
}

/**
 * SQLSTATEs and socket codes that mean "the database is not there right now" rather than "this
 * statement is wrong": class 08 (connection exception), 53300 too_many_connections and 57P01-03
 * (admin shutdown, crash shutdown, cannot connect now, as during a restart or recovery).
 */
const UNAVAILABLE_CODES = new Set(['53300', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres and pg-pool raise these as plain Errors, without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end',
  'Client has encountered a connection error',
];

/** True when an error means the database is unreachable (the caller may retry later), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.includes(message))) return true;
  }
  return false;
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
