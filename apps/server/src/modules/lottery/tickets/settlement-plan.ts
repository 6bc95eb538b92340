import type { LotteryFamily, LotteryResult } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import { prepareResult, settleTicket } from '../domain/index.ts';
import * as draws from '../draws/draws.repository.ts';
import { findGame } from '../games/games.repository.ts';
import type { LotteryMoney, MoneyCallResult } from './provider-money.ts';
import * as repository from './settlement.repository.ts';

/** Tickets read and decided per chunk (one provider statement closes a chunk's first losses). */
export const PLAN_CHUNK = 5_000;
/** Chunks in flight at once: the next is read and decided while one waits on the database. */
const PLAN_CONCURRENCY = 2;

export interface PlanCounts {
  planned: number;
  reversed: number;
  version: number;
}

/** The settlement service's delivery: one provider batch, answering the rows the protocol accepted. */
export type Send = (batch: repository.DueRow[], call: (rows: repository.DueRow[]) => Promise<MoneyCallResult[]>, what: string) => Promise<repository.DueRow[]>;

/**
 * Step 1 of a draw's settlement: every ticket decided for the result in force, in chunks of
 * PLAN_CHUNK read in id order (no row locks), two chunks in flight.
 * - A ticket's first settlement that loses (most of a draw's tickets) is finished here: its round
 *   closed through the provider protocol's endRound (one batch per chunk; nothing to pay), then
 *   the ticket written lost (the settlement on the ticket alone: storeFirstLosses) in one statement that
 *   takes only a ticket never settled (finishLosses says what a kill, a correction or a
 *   cancellation in between leaves).
 * - Every other ticket (a win, a resettlement, an unchanged outcome after a correction) is
 *   stored as its settlement intent under the draw's shared lock, each ticket's row locked, for
 *   step 2 (pay) to pay.
 * The writes hold the draw FOR SHARE, so a cancellation or a correction (FOR UPDATE) waits for
 * them; intents decided for an older version are left to the next run.
 * The draw is marked planned for the version only by a run that went through every ticket and
 * finished each one.
 */
export function createSettlementPlan(deps: { db: Db; money: LotteryMoney; send: Send; planChunk?: number }) {
  const { db } = deps;
  const chunk = deps.planChunk ?? PLAN_CHUNK;

  /** The plans of one chunk's tickets for result `version` (pure: the rules of domain settleTicket). */
  function decide(rows: readonly repository.TicketToPlan[], family: LotteryFamily, result: ReturnType<typeof prepareResult>): repository.Plan[] {
    return rows.map((row) => {
      const outcome = settleTicket({ family, betType: row.bet_type, selections: row.selections, unitStakeCents: BigInt(row.unit_stake_cents), odds: row.odds }, result);
      const status = outcome.returnCents > 0n ? 'won' : 'lost';
      const unchanged = row.settle_n > 0 && row.settle_status === status && row.return_cents !== null && BigInt(row.return_cents) === outcome.returnCents;
      return { ticketId: row.id, reverseN: row.settle_n, unchanged, status, returnCents: outcome.returnCents, hits: outcome.hits };
    });
  }

  /**
   * The intents of a chunk's other tickets, under the draw's shared lock; answers whether every one
   * was stored (not when the draw moved on, or another run stored some first: the next run sees them).
   */
  async function storeIntents(drawId: bigint, version: number, plans: readonly repository.Plan[]): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      if (!(await stillInForce(tx, drawId, version))) return false;
      const settleN = await repository.lockUndecided(tx, version, plans.map((plan) => plan.ticketId));
      const still = plans.filter((plan) => settleN.get(plan.ticketId.toString()) === plan.reverseN);
      await repository.storePlans(tx, version, still);
      return still.length === plans.length;
    });
  }

  /**
   * A chunk's first losses: rounds closed (no transaction held meanwhile), then, under the draw's
   * shared lock, tickets written lost — unless the draw was cancelled meanwhile: the cancellation
   * has already voided them (the write takes only tickets never settled) and its refunds roll
   * their bets back on the closed rounds. Answers whether every one was written. Killed before
   * the write, the next run ends the rounds again (a closed round stays closed) and writes them.
   * A correction meanwhile decides the ticket again for its version: a win then pays on the closed
   * round, as the protocol allows. The settlement row's id ('lottery-<id>-lost-<version>') only
   * names the settlement: no provider transaction carries it.
   */
  async function finishLosses(drawId: bigint, version: number, rows: readonly repository.TicketToPlan[], plans: ReadonlyMap<bigint, repository.Plan>): Promise<boolean> {
    const due = rows.map((row): repository.DueRow => {
      const transactionId = repository.lostTransactionId(BigInt(row.id), version);
      return { id: row.id, member_id: row.member_id, vendor_code: row.vendor_code, game_code: row.game_code, n: 1, transaction_id: transactionId, win_transaction_id: transactionId, return_cents: 0n };
    });
    const closed = await deps.send(due, (batch) => deps.money.endRounds(batch.map((row) => ({ memberId: BigInt(row.member_id), ticketId: BigInt(row.id), vendorCode: row.vendor_code, gameCode: row.game_code }))), 'settlement close');
    if (closed.length === 0) return false;
    return db.transaction().execute(async (tx) => {
      const draw = await draws.lockDrawShared(tx, drawId);
      if (!draw || draw.status === 'cancelled') return false;
      const written = await repository.storeFirstLosses(tx, version, closed.map((row) => ({ ticketId: BigInt(row.id), hits: plans.get(row.id)!.hits, transactionId: row.transaction_id })));
      return written === rows.length;
    });
  }

  /** The draw locked FOR SHARE for this transaction, and still drawn with result `version` in force. */
  async function stillInForce(tx: Parameters<typeof draws.lockDrawShared>[0], drawId: bigint, version: number): Promise<boolean> {
    const draw = await draws.lockDrawShared(tx, drawId);
    return draw !== undefined && draw.status === 'drawn' && draw.result_version === version;
  }

  async function settleChunk(drawId: bigint, version: number, rows: readonly repository.TicketToPlan[], plans: readonly repository.Plan[], counts: PlanCounts): Promise<boolean> {
    const byTicket = new Map(plans.map((plan) => [plan.ticketId, plan]));
    const firstLoss = (plan: repository.Plan) => plan.reverseN === 0 && plan.status === 'lost';
    const losses = rows.filter((row) => firstLoss(byTicket.get(row.id)!));
    const others = plans.filter((plan) => !firstLoss(plan));
    counts.planned += plans.filter((plan) => !plan.unchanged).length;
    counts.reversed += plans.filter((plan) => !plan.unchanged && plan.reverseN > 0).length;
    const [intents, closes] = await Promise.all([others.length > 0 ? storeIntents(drawId, version, others) : true, losses.length > 0 ? finishLosses(drawId, version, losses, byTicket) : true]);
    return intents && closes;
  }

  /** Decides the draw's tickets for the result in force; answers the counts (version 0 when the draw is not drawn). */
  return async function plan(drawId: bigint, options: { maxChunks?: number } = {}): Promise<PlanCounts> {
    const counts: PlanCounts = { planned: 0, reversed: 0, version: 0 };
    let after = 0n;
    let everyTicket = false;
    let finished = true;
    let prepared: { version: number; family: LotteryFamily; value: ReturnType<typeof prepareResult> } | undefined;
    let failure: unknown;
    const inFlight = new Set<Promise<void>>();
    for (let chunks = 0; options.maxChunks === undefined || chunks < options.maxChunks; chunks += 1) {
      const draw = await draws.findDraw(db, drawId);
      if (!draw || draw.status !== 'drawn' || draw.result === null) break;
      if (prepared?.version !== draw.result_version) {
        // A correction: start over for the version in force (tickets decided for the old one are resettled).
        after = 0n;
        finished = true;
        const family = (await findGame(db, draw.game_code))!.family;
        prepared = { version: draw.result_version, family, value: prepareResult(draw.result as LotteryResult) };
      }
      const { version, family, value } = prepared;
      counts.version = version;
      const rows = await repository.ticketsToPlan(db, drawId, version, after, chunk);
      if (rows.length > 0) {
        after = rows.at(-1)!.id;
        const work = settleChunk(drawId, version, rows, decide(rows, family, value), counts).then(
          (done) => {
            if (!done && prepared?.version === version) finished = false;
          },
          (error: unknown) => {
            failure ??= error;
          },
        );
        inFlight.add(work);
        void work.then(() => inFlight.delete(work));
        if (inFlight.size >= PLAN_CONCURRENCY) await Promise.race(inFlight);
        if (failure) break;
      }
      if (rows.length < chunk) {
        everyTicket = true;
        break;
      }
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
    if (everyTicket && finished && counts.version > 0) await draws.markPlanned(db, drawId, counts.version);
    return counts;
  };
}
