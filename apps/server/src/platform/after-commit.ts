import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type QueryCompiler, type QueryResult, type TransactionSettings } from 'kysely';

/** A Kysely instance or transaction (db.ts's DbExecutor; named structurally so db.ts may import this file). */
interface Executor {
  readonly isTransaction: boolean;
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/**
 * "Run this once the caller's transaction has committed": what the event bus needs to send a
 * message to a broker (NATS) with the guarantee NOTIFY gives by itself — a rolled-back change is
 * never announced.
 *
 * Kysely has no commit hook, so createDb's dialect wraps the driver. `afterCommit(executor, fn)`
 * sends a marker through the executor's own connection (no round trip: the wrapped connection
 * answers it); on a transaction's connection the callback is queued and run after COMMIT
 * succeeds, dropped on ROLLBACK, on a failed COMMIT, and when an error left the transaction
 * aborted (PostgreSQL then answers COMMIT with ROLLBACK, without an error). Savepoints — Kysely's
 * and raw `savepoint` / `rollback to savepoint` / `release savepoint` statements alike — are
 * followed, so work undone by a rollback to a savepoint loses its callbacks too. Outside a
 * transaction (the pool) the statement commits by itself and the callback runs at once.
 * Only Kysely's transactions are seen: on a connection where raw `begin` SQL opened one, the
 * callback would run at once, so publish events through `db.transaction()`.
 */
const MARKER_SQL = 'select false as after_commit_registered /* a Kysely instance not made by createDb */';

export async function afterCommit(executor: Executor, callback: () => void): Promise<void> {
  // The pool: nothing to wait for, and no connection taken for it (balance pushes after every
  // group-committed batch come this way).
  if (!executor.isTransaction) return callback();
  const result = await executor.executeQuery<{ after_commit_registered: boolean }>(CompiledQuery.raw(MARKER_SQL, [callback]));
  // A Kysely instance made elsewhere sends the marker to PostgreSQL, which refuses it (one
  // parameter too many); this line is for a driver that answered it without registering.
  if (!result.rows[0]?.after_commit_registered) throw new Error('afterCommit needs a Kysely instance made by createDb');
}

interface Savepoint {
  name: string;
  /** How many callbacks were queued when it was taken. */
  mark: number;
}

interface OpenTransaction {
  callbacks: (() => void)[];
  savepoints: Savepoint[];
  /** An error aborted it and no rollback to a savepoint has recovered it yet. */
  aborted: boolean;
}

const SAVEPOINT_STATEMENT = /^\s*(savepoint|rollback\s+to(?:\s+savepoint)?|release(?:\s+savepoint)?)\s+"?([^"\s;]+)"?\s*;?\s*$/i;

class HookedConnection implements DatabaseConnection {
  transaction: OpenTransaction | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly run: (callbacks: readonly (() => void)[]) => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.sql === MARKER_SQL) {
      const callback = query.parameters[0] as () => void;
      if (this.transaction) this.transaction.callbacks.push(callback);
      else this.run([callback]);
      return { rows: [{ after_commit_registered: true } as R] };
    }
    const transaction = this.transaction;
    try {
      const result = await this.inner.executeQuery<R>(query);
      if (transaction) followSavepoints(transaction, query.sql);
      return result;
    } catch (error) {
      if (transaction) transaction.aborted = true;
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function followSavepoints(transaction: OpenTransaction, sql: string) {
  const match = SAVEPOINT_STATEMENT.exec(sql);
  if (!match) return;
  const verb = match[1]!.toLowerCase();
  const name = match[2]!;
  if (verb === 'savepoint') {
    transaction.savepoints.push({ name, mark: transaction.callbacks.length });
    return;
  }
  const at = transaction.savepoints.findLastIndex((savepoint) => savepoint.name === name);
  if (at < 0) return;
  if (verb.startsWith('rollback')) {
    // The savepoint itself survives a rollback to it; later ones do not.
    transaction.callbacks.length = transaction.savepoints[at]!.mark;
    transaction.savepoints.length = at + 1;
    transaction.aborted = false;
  } else {
    // release keeps the work (and its callbacks) and forgets this savepoint and later ones.
    transaction.savepoints.length = at;
  }
}

class AfterCommitDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, HookedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly run: (callbacks: readonly (() => void)[]) => void,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let hooked = this.#connections.get(connection);
    if (!hooked) {
      hooked = new HookedConnection(connection, this.run);
      this.#connections.set(connection, hooked);
    }
    hooked.transaction = undefined;
    return hooked;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const hooked = connection as HookedConnection;
    await this.inner.beginTransaction(hooked.inner, settings);
    hooked.transaction = { callbacks: [], savepoints: [], aborted: false };
  }

  async commitTransaction(connection: DatabaseConnection) {
    const hooked = connection as HookedConnection;
    const transaction = hooked.transaction;
    hooked.transaction = undefined;
    await this.inner.commitTransaction(hooked.inner);
    if (transaction && !transaction.aborted && transaction.callbacks.length > 0) this.run(transaction.callbacks);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const hooked = connection as HookedConnection;
    hooked.transaction = undefined;
    await this.inner.rollbackTransaction(hooked.inner);
  }

  // Kysely's savepoints run through the hooked connection, which follows them like raw ones.
  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    await this.inner.savepoint!(connection, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    await this.inner.rollbackToSavepoint!(connection, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    await this.inner.releaseSavepoint!(connection, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection) {
    const hooked = connection as HookedConnection;
    hooked.transaction = undefined;
    await this.inner.releaseConnection(hooked.inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** PostgresDialect whose driver runs afterCommit callbacks; `onError` hears a callback that threw. */
export class AfterCommitPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly onError: (error: unknown) => void,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new AfterCommitDriver(super.createDriver(), (callbacks) => {
      for (const callback of callbacks) {
        try {
          callback();
        } catch (error) {
          this.onError(error);
        }
      }
    });
  }
}
