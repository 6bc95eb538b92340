import { isDatabaseUnavailable, type Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PocketBalance } from '../wallet/index.ts';
import * as repository from './provider.repository.ts';
import { ProviderError } from './provider.wire.ts';

/**
 * Group commit for money callbacks (issue 28), as the wallet's lanes do for its posts: a callback
 * goes to the lane of its member; while a lane's statement is in flight the callbacks arriving for
 * it queue, and the next statement carries all of them (up to MAX_BATCH) — one transaction, one
 * commit, one fsync for the lot instead of one each. No timer: at low load a callback goes alone
 * at once (the single-call statement, as before), and batches grow with load.
 *
 * A callback's promise settles only after its statement committed, so an answered callback is
 * durable. Within a batch each call is provider_money_callback, in its own subtransaction: a
 * refusal (insufficient funds, a conflict…) undoes and answers only that call. A member's calls
 * always take the same lane, so two lanes never lock the same member row (no deadlock between
 * lanes on members; the house shard rows and other shared rows are retried below).
 */
const MAX_BATCH = 64;
/** deadlock_detected, serialization_failure, unique_violation (a key raced in by another transaction). */
const RETRYABLE = new Set(['40P01', '40001', '23505']);
const MAX_ATTEMPTS = 3;

type Call = repository.MoneyCall & { op: unknown };
type Outcome = repository.MoneyAnswer | ProviderError;

interface Pending {
  call: Call;
  /** The house shard its post was given (undefined: a call that posts nothing, e.g. a 0.00 win). */
  shard: number | undefined;
  resolve: (answer: repository.MoneyAnswer) => void;
  reject: (error: unknown) => void;
}

export interface CallbackLanes {
  /** Runs one money callback in the next statement of its member's lane; rejects with its ProviderError when refused. */
  submit(call: Call, shard: number | undefined): Promise<repository.MoneyAnswer>;
  /** Callbacks run and statements used so far (their ratio is the mean batch). */
  stats(): { callbacks: number; statements: number };
  /** Waits for the statements in flight (shutdown). */
  close(): Promise<void>;
}

export function createCallbackLanes(deps: {
  db: Db;
  lanes: number;
  logger: Logger;
  /** The member pockets a statement changed, after it committed (balance pushes). */
  announce: (balances: PocketBalance[]) => void;
}): CallbackLanes {
  const logger = deps.logger.child({ module: 'provider.callback-lanes' });
  const counts = { callbacks: 0, statements: 0 };

  async function runOnce(batch: readonly Pending[]): Promise<Outcome[]> {
    counts.statements += 1;
    counts.callbacks += batch.length;
    // One statement, one house shard: the first one given (each post was given a random one of the
    // in-transaction shards, so concurrent lanes rarely meet on the same house row).
    const shard = batch.find((pending) => pending.shard !== undefined)?.shard ?? 0;
    if (batch.length === 1) {
      try {
        return [await repository.moneyCallback(deps.db, batch[0]!.call, shard)];
      } catch (error) {
        if (error instanceof ProviderError) return [error];
        throw error;
      }
    }
    return repository.moneyCallbackSet(
      deps.db,
      batch.map((pending) => pending.call),
      shard,
    );
  }

  /** A deadlock, serialization failure or raced key rolled the whole statement back: running it again is safe. */
  async function runRetrying(batch: readonly Pending[]): Promise<Outcome[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runOnce(batch);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  }

  function settle(batch: readonly Pending[], outcomes: readonly Outcome[]) {
    const balances = outcomes.flatMap((outcome) => (outcome instanceof ProviderError ? [] : outcome.balances));
    if (balances.length > 0) deps.announce(balances);
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome instanceof ProviderError) pending.reject(outcome);
      else pending.resolve(outcome);
    });
  }

  class Lane {
    private queue: Pending[] = [];
    private busy = false;
    private idle: (() => void) | undefined;

    enqueue(pending: Pending) {
      this.queue.push(pending);
      if (!this.busy) void this.drain();
    }

    private async drain() {
      this.busy = true;
      try {
        while (this.queue.length > 0) {
          const batch = this.queue.splice(0, MAX_BATCH);
          try {
            settle(batch, await runRetrying(batch));
          } catch (error) {
            // A lost database leaves the outcome unknown: every caller answers UNAVAILABLE and the
            // vendor's replay of the same transactionId finds what committed. Any other failure
            // came from one call: each is sent alone, so the others still get their answers.
            if (batch.length === 1 || isDatabaseUnavailable(error)) {
              for (const pending of batch) pending.reject(error);
              continue;
            }
            logger.warn({ err: error, size: batch.length }, 'callback batch failed; running its calls one by one');
            for (const pending of batch) {
              try {
                settle([pending], await runRetrying([pending]));
              } catch (single) {
                pending.reject(single);
              }
            }
          }
        }
      } finally {
        this.busy = false;
        this.idle?.();
      }
    }

    async close() {
      if (this.busy) await new Promise<void>((resolve) => (this.idle = resolve));
    }
  }

  const lanes = Array.from({ length: Math.max(1, deps.lanes) }, () => new Lane());

  return {
    submit(call, shard) {
      return new Promise((resolve, reject) => {
        const lane = lanes[Number(BigInt(call.member) % BigInt(lanes.length))]!;
        lane.enqueue({ call, shard, resolve, reject });
      });
    },
    stats: () => ({ ...counts }),
    async close() {
      await Promise.all(lanes.map((lane) => lane.close()));
    },
  };
}
