import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { insertRequestLogs, type RequestLogRow } from './provider.repository.ts';

/** Rows kept while the database is unreachable; beyond this the oldest news is dropped (and counted). */
const MAX_PENDING = 20_000;

/**
 * The provider request log, written in batches: one multi-row insert every `flushMs` (or every
 * `maxRows` rows) instead of one insert — and one commit — per callback, which would double the
 * commits of the money path. Losing the last few rows in a crash is acceptable for a timing log;
 * it is never used to decide anything about money.
 */
export function createRequestLog(deps: { db: Db; logger: Logger; flushMs?: number; maxRows?: number }) {
  const flushMs = deps.flushMs ?? 200;
  const maxRows = deps.maxRows ?? 500;
  let pending: RequestLogRow[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return writing;
    writing = writing.then(() =>
      insertRequestLogs(deps.db, batch).catch((error: unknown) => {
        deps.logger.warn({ err: error, rows: batch.length }, 'provider request log write failed');
      }),
    );
    return writing;
  }

  return {
    add(row: RequestLogRow) {
      if (pending.length >= MAX_PENDING) {
        dropped += 1;
        if (dropped % 1000 === 1) deps.logger.warn({ dropped }, 'provider request log is behind; dropping rows');
        return;
      }
      pending.push(row);
      if (pending.length >= maxRows) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    /** Writes what is pending now (tests, shutdown). */
    flush,
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
