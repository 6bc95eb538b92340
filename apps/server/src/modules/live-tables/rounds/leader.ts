import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { CLOSED_TABLE_POLL_MS } from '../live-settings.ts';
import { findTable, listTables } from '../tables/tables.repository.ts';
import type { LiveClosing } from './closing.ts';
import type { RoundCycle } from './round-cycle.ts';
import * as rounds from './rounds.repository.ts';

const SWEEP_EVERY_MS = 10_000;
const SWEEP_OLDER_THAN_MS = 30_000;
const NEW_TABLES_EVERY_MS = 5_000;

/**
 * What the leader does while it holds the lock: every table's cycle at once, each picking up
 * where the database says (a round in betting: the rest of its window; in dealing: its result and
 * wins are stored, so pay what is owed and show the result), plus a sweep of older rounds' owed
 * closings. A closed table finishes the round in play and opens no new one until reopened.
 */
export function createLeaderWork(deps: { db: Db; logger: Logger; cycle: RoundCycle; closing: LiveClosing }) {
  const { db, cycle } = deps;

  async function runTable(code: string, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const table = await findTable(db, code);
        if (!table) return;
        let round = await rounds.liveRound(db, code);
        if (!round) {
          if (table.status === 'closed') {
            await sleep(CLOSED_TABLE_POLL_MS, undefined, { signal });
            continue;
          }
          await cycle.pause(await rounds.latestRound(db, code), signal);
          const again = await findTable(db, code);
          if (!again || again.status === 'closed') continue;
          round = await cycle.open(again);
        }
        if (round.phase === 'betting') round = await cycle.close(round, signal);
        if (round.phase === 'dealing') await cycle.finish(round, table.game, signal);
      } catch (error) {
        if (signal.aborted) return;
        deps.logger.error({ err: error, table: code }, 'live table cycle failed; retrying');
        await sleep(1000, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  return async function lead(signal: AbortSignal): Promise<void> {
    const running = new Map<string, Promise<void>>();
    let lastSweep = 0;
    while (!signal.aborted) {
      for (const table of await listTables(db)) {
        if (!running.has(table.code)) running.set(table.code, runTable(table.code, signal).finally(() => running.delete(table.code)));
      }
      if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        const counts = await deps.closing.sweep(SWEEP_OLDER_THAN_MS).catch((error: unknown) => deps.logger.warn({ err: error }, 'live sweep failed'));
        if (counts && counts.closed + counts.failed > 0) deps.logger.info(counts, 'live sweep');
      }
      await sleep(NEW_TABLES_EVERY_MS, undefined, { signal }).catch(() => undefined);
    }
    await Promise.allSettled(running.values());
  };
}
