import pg from 'pg';
import { describeError, isDatabaseUnavailable } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { fromWireBalance, fromWireResult, laneMember, type PocketBalance, type PostResult, type WireBalance, type WireOp, type WireResult } from './journal.ts';

/**
 * Group commit ("natural batching"): each lane owns one connection and one house shard. An op
 * goes to the lane of its member, so one member's operations stay in order and two lanes never
 * fight over a member row. While a lane's batch is in flight new ops queue; the next call carries
 * all of them (up to MAX_BATCH) in one statement, one transaction, one fsync. No timer: at low
 * load an op goes alone at once, and batches grow with load.
 *
 * A caller's promise resolves only after the batch committed, so an acknowledged post is durable.
 * If a batch fails as a whole (deadlock with an in-transaction post, lost connection) its ops are
 * retried one by one, so one bad op never fails the others; an op whose outcome is unknown
 * (connection lost during commit) rejects, and its caller retries with the same key.
 */
const MAX_BATCH = 256;
const POST_SQL = 'select wallet_post_rounds($1::jsonb, $2::jsonb, $3) as r';
/** deadlock_detected, serialization_failure, unique_violation (a key raced in by another transaction). */
const RETRYABLE = new Set(['40P01', '40001', '23505']);
const MAX_ATTEMPTS = 3;

interface Pending {
  op: WireOp;
  resolve: (result: PostResult) => void;
  reject: (error: unknown) => void;
}

export interface BatchOutcome {
  results: PostResult[];
  /** Cash and bonus of every member the batch changed, after it. */
  balances: PocketBalance[];
}

interface WireAnswer {
  results: WireResult[];
  balances: WireBalance[];
}

export function parseAnswer(answer: WireAnswer): BatchOutcome {
  // wallet_post_rounds answers out of order, each result tagged with its op's index.
  const ordered = answer.results.some((result) => result.index !== undefined) ? [...answer.results].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)) : answer.results;
  return { results: ordered.map(fromWireResult), balances: answer.balances.map(fromWireBalance) };
}

export interface GroupCommit {
  submit(op: WireOp): Promise<PostResult>;
  close(): Promise<void>;
}

export function createGroupCommit(options: {
  connectionString: string;
  lanes: number;
  logger: Logger;
  /**
   * Through pgbouncer in transaction mode (PGBOUNCER=true) each statement may land on another
   * server connection, where a named prepared statement does not exist: send it unnamed.
   */
  unnamedStatements?: boolean;
  /** Called after each committed batch (balance pushes); errors are logged, never thrown. */
  afterCommit?: (outcome: BatchOutcome) => Promise<void>;
}): GroupCommit {
  const logger = options.logger.child({ module: 'wallet.group-commit' });
  let closed = false;

  class Lane {
    private client: pg.Client | undefined;
    private connecting: Promise<pg.Client> | undefined;
    private queue: Pending[] = [];
    private busy = false;
    private idle: (() => void) | undefined;

    constructor(private readonly shard: number) {}

    enqueue(pending: Pending) {
      this.queue.push(pending);
      if (!this.busy) void this.drain();
    }

    private async connection(): Promise<pg.Client> {
      if (this.client) return this.client;
      this.connecting ??= (async () => {
        const client = new pg.Client({ connectionString: options.connectionString, application_name: `wallet-lane-${this.shard}` });
        client.on('error', (error) => {
          logger.warn({ err: describeError(error), shard: this.shard }, 'wallet lane connection lost');
          if (this.client === client) this.client = undefined;
        });
        // A connection terminated during a statement fails that statement and then ends, with no
        // 'error' event: without this the lane would hand its next op to the dead connection.
        client.on('end', () => {
          if (this.client === client) this.client = undefined;
        });
        await client.connect();
        this.client = client;
        return client;
      })().finally(() => {
        this.connecting = undefined;
      });
      return this.connecting;
    }

    private async run(ops: WireOp[]): Promise<BatchOutcome> {
      const client = await this.connection();
      const { rounds, general } = planRounds(ops);
      try {
        const answer = await client.query<{ r: WireAnswer }>({ ...(options.unnamedStatements ? {} : { name: 'wallet_post_rounds' }), text: POST_SQL, values: [JSON.stringify(rounds), JSON.stringify(general), this.shard] });
        return parseAnswer(answer.rows[0]!.r);
      } catch (error) {
        // A broken connection is replaced; a statement error leaves it usable (but 57P01 admin
        // shutdown and its kin arrive as DatabaseErrors and do break it).
        if (!(error instanceof pg.DatabaseError) || isDatabaseUnavailable(error)) {
          this.client = undefined;
          client.end().catch(() => undefined);
        }
        throw error;
      }
    }

    /**
     * The batch is one statement in autocommit: a deadlock, serialization failure or unique
     * violation rolled all of it back, so posting it again is safe (and answers replays).
     */
    private async runRetrying(ops: WireOp[]): Promise<BatchOutcome> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await this.run(ops);
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
        }
      }
    }

    private async drain() {
      this.busy = true;
      try {
        while (this.queue.length > 0) {
          const batch = this.queue.splice(0, MAX_BATCH);
          try {
            const outcome = await this.runRetrying(batch.map((pending) => pending.op));
            batch.forEach((pending, index) => pending.resolve(outcome.results[index]!));
            this.notify(outcome);
          } catch (error) {
            if (batch.length === 1) {
              batch[0]!.reject(error);
              continue;
            }
            logger.warn({ err: error, size: batch.length }, 'wallet batch failed; posting its ops one by one');
            for (const pending of batch) {
              try {
                const outcome = await this.runRetrying([pending.op]);
                pending.resolve(outcome.results[0]!);
                this.notify(outcome);
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

    private notify(outcome: BatchOutcome) {
      if (!options.afterCommit || outcome.balances.length === 0) return;
      options.afterCommit(outcome).catch((error: unknown) => logger.warn({ err: error }, 'wallet after-commit hook failed'));
    }

    async close() {
      if (this.busy) await new Promise<void>((resolve) => (this.idle = resolve));
      await this.client?.end().catch(() => undefined);
      this.client = undefined;
    }
  }

  const lanes = Array.from({ length: options.lanes }, (_, shard) => new Lane(shard));

  return {
    submit(op) {
      if (closed) return Promise.reject(new Error('wallet group commit is closed'));
      return new Promise<PostResult>((resolve, reject) => {
        const lane = lanes[Number(laneMember(op) % BigInt(lanes.length))]!;
        lane.enqueue({ op, resolve, reject });
      });
    },
    async close() {
      closed = true;
      await Promise.all(lanes.map((lane) => lane.close()));
    },
  };
}

/**
 * Splits a batch for wallet_post_rounds: bets and wins (one member leg, one house leg) go into
 * rounds in which no member and no key repeats, each round applied set-based; everything else
 * (rollbacks, multi-member journals) goes op by op. Concurrent ops have no order among
 * themselves; one caller's ops are never in flight together, so its order is kept.
 */
export function planRounds(ops: readonly WireOp[]) {
  const rounds: object[][] = [];
  const general: object[] = [];
  const nextRoundOfMember = new Map<string, number>();
  const nextRoundOfKey = new Map<string, number>();
  ops.forEach((op, index) => {
    const flat = simpleLegs(op);
    if (!flat) {
      general.push({ ...op, index });
      return;
    }
    const round = Math.max(nextRoundOfMember.get(flat.member) ?? 0, nextRoundOfKey.get(op.key) ?? 0);
    nextRoundOfMember.set(flat.member, round + 1);
    nextRoundOfKey.set(op.key, round + 1);
    // The legs travel flat; a replay handed on to wallet_post_batch needs only key and hash.
    const { legs: _legs, ...head } = op;
    (rounds[round] ??= []).push({ ...head, index, ...flat });
  });
  return { rounds, general };
}

function simpleLegs(op: WireOp) {
  if (op.type === 'rollback' || op.legs?.length !== 2) return undefined;
  const member = op.legs.find((leg) => leg.member !== undefined);
  const house = op.legs.find((leg) => leg.house !== undefined);
  if (!member?.member || !member.pocket || !house?.house) return undefined;
  return { member: member.member, pocket: member.pocket, currency: member.currency, amount: member.amount, house: house.house, house_currency: house.currency };
}
