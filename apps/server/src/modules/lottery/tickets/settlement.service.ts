import { formatCents } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import * as draws from '../draws/draws.repository.ts';
import type { LotteryMoney, MoneyCallResult } from './provider-money.ts';
import { createSettlementPlan } from './settlement-plan.ts';
import * as repository from './settlement.repository.ts';

/** Intents read per page when paying. */
const PAY_PAGE = 20_000;
/** Wins with money in one provider statement; losses' endRounds (set-based in the provider) in one. */
const WIN_BATCH = 500;
const CLOSE_BATCH = 5_000;
const PAY_CONCURRENCY = 4;

export interface SettleDrawOutcome {
  planned: number;
  reversed: number;
  paid: number;
  unpaid: number;
  settled: boolean;
  /** How long this run decided (step 1) and paid (step 2), in milliseconds. */
  planMs: number;
  payMs: number;
}

/**
 * Settlement (issue 24): every ticket of a drawn draw settled exactly once per result in force,
 * safe to kill at any point and run again.
 * 1. Plan (settlement-plan.ts): every ticket decided for the result in force, in chunks. A first
 *    settlement that loses is finished there (its round closed by the protocol's endRound, then
 *    the ticket written lost); every other outcome is stored as the ticket's settlement intent n
 *    with a fixed transaction id and the result version it was decided for. A correction makes
 *    the draw drawn again with the next version: tickets decided for an older one are decided
 *    again — the settlement in force marked for reversal (a rollback of its win,
 *    'lottery-<id>-unsettle-n'; a loss paid nothing and is only marked) and settlement n + 1
 *    stored — unless the outcome is the same.
 * 2. Pay: the reversals first, then the intents (a win only once its ticket has no reversal
 *    waiting), through the provider protocol's batches: credits WIN_BATCH per statement, losses'
 *    endRounds CLOSE_BATCH per statement. Each answer marks its rows; a call that fails is retried
 *    by the next pass with the same id, and the protocol answers a replay with its original
 *    answer (an endRound: the round's state), so nothing is paid twice.
 * 3. The draw is settled once every ticket is decided for the version in force and paid.
 * A cancelled draw's refunds (void settlements, the bet rolled back) are paid by the same step 2.
 */
export function createSettlementService(deps: { db: Db; logger: Logger; money: LotteryMoney; planChunk?: number }) {
  const { db, logger } = deps;

  async function pool<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await work(items[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PAY_CONCURRENCY, items.length) }, worker));
  }

  /** `size` per batch, members in id order inside each (batches at once lock accounts in one order). */
  function batches<T extends { member_id: bigint }>(items: readonly T[], size: number): T[][] {
    const out: T[][] = [];
    for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size).sort((a, b) => (a.member_id < b.member_id ? -1 : a.member_id > b.member_id ? 1 : 0)));
    return out;
  }

  const refOf = (row: repository.DueRow) => ({ memberId: BigInt(row.member_id), ticketId: BigInt(row.id), vendorCode: row.vendor_code, gameCode: row.game_code });

  /** Sends one batch and answers the rows the protocol accepted (the rest wait for the next pass, logged). */
  async function send(batch: repository.DueRow[], call: (rows: repository.DueRow[]) => Promise<MoneyCallResult[]>, what: string): Promise<repository.DueRow[]> {
    let answers: MoneyCallResult[];
    try {
      answers = await call(batch);
    } catch (error) {
      logger.error({ err: error, count: batch.length }, `lottery ${what} not delivered; retried next pass`);
      return [];
    }
    return batch.filter((row, index) => {
      const answer = answers[index]!;
      if (!answer.ok) logger.error({ ticketId: row.id.toString(), transactionId: row.transaction_id, status: answer.status, code: answer.code }, `lottery ${what} refused; retried next pass`);
      return answer.ok;
    });
  }

  const plan = createSettlementPlan({ db, money: deps.money, send, ...(deps.planChunk ? { planChunk: deps.planChunk } : {}) });

  /** Step 2: the draw's reversals, then its intents, each answered marking its rows. */
  async function pay(drawId: bigint): Promise<{ paid: number; unpaid: number }> {
    const counts = { paid: 0, unpaid: 0 };
    for (;;) {
      const due = await repository.dueReversals(db, drawId, PAY_PAGE);
      if (due.length === 0) break;
      let answered = 0;
      // A settlement that paid nothing (a loss: its round closed by endRound) has nothing to take
      // back: its reversal is only marked, and the round stays closed for the next settlement's win.
      const nothingPaid = due.filter((row) => BigInt(row.return_cents) === 0n);
      await repository.markReversedMany(db, nothingPaid.map((row) => ({ ticketId: row.id, n: row.n })));
      answered += nothingPaid.length;
      await pool(batches(due.filter((row) => BigInt(row.return_cents) > 0n), WIN_BATCH), async (batch) => {
        const ok = await send(batch, (rows) => deps.money.unwinMany(rows.map((row) => ({ ...refOf(row), transactionId: row.transaction_id, winTransactionId: row.win_transaction_id }))), 'settlement reversal');
        await repository.markReversedMany(db, ok.map((row) => ({ ticketId: row.id, n: row.n })));
        answered += ok.length;
        counts.unpaid += batch.length - ok.length;
      });
      counts.paid += answered;
      if (answered < due.length || due.length < PAY_PAGE) break;
    }
    let after = 0n;
    for (;;) {
      const due = await repository.dueIntents(db, drawId, after, PAY_PAGE);
      if (due.length === 0) break;
      after = due.at(-1)!.id;
      const refunds = due.filter((row) => row.transaction_id === repository.refundTransactionId(BigInt(row.id)));
      const wins = due.filter((row) => row.transaction_id !== repository.refundTransactionId(BigInt(row.id)));
      const credits = wins.filter((row) => BigInt(row.return_cents) > 0n);
      const closes = wins.filter((row) => BigInt(row.return_cents) === 0n);
      const work = [
        ...batches(refunds, WIN_BATCH).map((batch) => ({ batch, kind: 'refund' as const })),
        ...batches(credits, WIN_BATCH).map((batch) => ({ batch, kind: 'win' as const })),
        ...batches(closes, CLOSE_BATCH).map((batch) => ({ batch, kind: 'close' as const })),
      ];
      await pool(work, async ({ batch, kind }) => {
        const ok =
          kind === 'refund'
            ? await send(batch, (rows) => deps.money.refundMany(rows.map(refOf)), 'refund')
            : kind === 'close'
              ? await send(batch, (rows) => deps.money.endRounds(rows.map(refOf)), 'settlement close')
              : await send(batch, (rows) => deps.money.winMany(rows.map((row) => ({ ...refOf(row), transactionId: row.transaction_id, amount: formatCents(BigInt(row.return_cents)) }))), 'settlement win');
        await repository.markSettledMany(db, ok.map((row) => ({ ticketId: BigInt(row.id), transactionId: row.transaction_id })));
        counts.paid += ok.length;
        counts.unpaid += batch.length - ok.length;
      });
      if (due.length < PAY_PAGE) break;
    }
    return counts;
  }

  /** Plans, pays and closes one draw (the job runs it for every drawn draw; safe to run twice at once). */
  async function settleDraw(drawId: bigint, options: { maxChunks?: number } = {}): Promise<SettleDrawOutcome> {
    const started = performance.now();
    const planned = await plan(drawId, options);
    const planMs = Math.round(performance.now() - started);
    const paid = await pay(drawId);
    const payMs = Math.round(performance.now() - started) - planMs;
    const settled = planned.version > 0 && (await draws.markSettled(db, drawId, planned.version));
    if (settled) logger.info({ drawId: drawId.toString(), ...planned, ...paid, planMs, payMs }, 'lottery draw settled');
    return { planned: planned.planned, reversed: planned.reversed, ...paid, settled, planMs, payMs };
  }

  /** A cancelled draw's refunds: tickets opened after the cancel voided too, then every refund paid. */
  async function refundCancelled(drawId: bigint): Promise<{ paid: number; unpaid: number }> {
    await repository.voidOpenTickets(db, drawId);
    return pay(drawId);
  }

  /** One pass over every draw with work: drawn ones settled, cancelled ones refunded. */
  async function settlePass(): Promise<{ draws: number; paid: number; unpaid: number }> {
    const out = { draws: 0, paid: 0, unpaid: 0 };
    for (const draw of await draws.drawnDraws(db)) {
      const outcome = await settleDraw(draw.id);
      out.draws += 1;
      out.paid += outcome.paid;
      out.unpaid += outcome.unpaid;
    }
    for (const draw of await repository.cancelledWithWork(db)) {
      const outcome = await refundCancelled(draw.id);
      out.draws += 1;
      out.paid += outcome.paid;
      out.unpaid += outcome.unpaid;
    }
    return out;
  }

  return { plan, pay, settleDraw, refundCancelled, settlePass };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
