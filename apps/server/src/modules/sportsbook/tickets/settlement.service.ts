import { formatCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { resultsAfter, type MarketResultRow } from '../book.repository.ts';
import { isSystemPreset, legResultFromFeed, PENDING, planResettlement, ratio, settle, type BetType, type BookedSettlement, type LegResult, type Ticket } from '../domain/index.ts';
import type { ProviderMoney } from './provider-money.ts';
import * as repository from './settlement.repository.ts';
import type { LegFeedResult } from './ticket.tables.ts';

/** A cancelled market refunds the leg: the feed's full void (legResultFromFeed reads it as 'void'). */
const CANCELLED: LegFeedResult = { result: 'lost', voidFactor: 1, deadHeatFactor: '1' };
/** Result log rows read per pass (the job runs a pass a second). */
const RESULTS_PER_PASS = 500;
/** Wins (and reversals) paid per pass. */
const WINS_PER_PASS = 20_000;
/** Protocol calls (or batches of wins) in flight at once. */
const PAY_CONCURRENCY = 6;
/** Wins sent in one statement (one commit): a settled event's tickets are paid in batches. */
const WIN_BATCH = 250;
/**
 * 0.00 closes (lost tickets) sent in one statement: the provider closes those rounds set-based
 * (provider_close_rounds), far cheaper per call than a credit, so they go in batches of their own.
 */
const CLOSE_BATCH = 1_000;
/** Tickets planned per statement batch. */
const PLAN_CHUNK = 20_000;

/** Settlement n's closing win: one per settlement, replayed with the same id until answered. */
export const settleTransactionId = (ticketId: bigint, n = 1) => `sportsbook-${ticketId}-settle-${n}`;
/** The reversal of settlement n's win (a rollback of it through the protocol). */
export const unsettleTransactionId = (ticketId: bigint, n: number) => `sportsbook-${ticketId}-unsettle-${n}`;

export interface SettlePassOutcome {
  /** Result log rows consumed. */
  results: number;
  /** Tickets whose settlement intent was stored in this pass (first settlements and resettlements). */
  decided: number;
  /** Settled tickets whose settlement a corrected result reversed in this pass (resettled or reopened). */
  reversed: number;
  /** Wins and reversals answered (this pass's intents and earlier ones retried). */
  paid: number;
  /** Wins and reversals that failed and wait for the next pass. */
  unpaid: number;
  /** Tickets flagged for an operator in this pass (a settlement not naming their selection). */
  flagged: number;
}

function betTypeOf(row: repository.TicketToSettle): BetType {
  switch (row.bet_type) {
    case 'single':
    case 'accumulator':
      return { kind: row.bet_type };
    case 'system':
      return { kind: 'system', sizes: row.system_sizes ?? [] };
    case 'system_preset':
      if (row.system_preset === null || !isSystemPreset(row.system_preset)) throw new Error(`ticket ${row.id}: unknown system preset ${row.system_preset}`);
      return { kind: 'system_preset', preset: row.system_preset };
    default:
      throw new Error(`ticket ${row.id}: unknown bet type ${row.bet_type}`);
  }
}

/** The stored ticket as the domain reads it, and its legs' results (pending where none yet). */
function domainTicket(row: repository.TicketToSettle): { ticket: Ticket; results: LegResult[] } {
  const ticket: Ticket = {
    legs: row.legs.map((leg) => ({ marketId: `${leg.event_id}\u0000${leg.market_key}`, selectionId: leg.outcome_id, oddsThousandths: BigInt(leg.locked_odds) })),
    betType: betTypeOf(row),
    stakeMode: row.stake_mode as 'unit' | 'total',
    stakeCents: BigInt(row.stake_cents),
    maxPayoutCents: BigInt(row.max_payout_cents),
    // A partial cash-out sold part of the ticket: it settles on what remains (cash-out.service.ts).
    ...(row.remaining_share_num !== null && row.remaining_share_den !== null ? { remainingShare: ratio(BigInt(row.remaining_share_num), BigInt(row.remaining_share_den)) } : {}),
  };
  const results = row.legs.map((leg, legIndex) => {
    if (leg.result === null) return PENDING;
    const result = legResultFromFeed(leg.result);
    if (!result) throw new Error(`ticket ${row.id} leg ${legIndex}: unreadable stored result ${JSON.stringify(leg.result)}`);
    return result;
  });
  return { ticket, results };
}

const insideWindow = (placedAt: Date, row: MarketResultRow) => (row.windowFrom === null || placedAt >= row.windowFrom) && (row.windowTo === null || placedAt < row.windowTo);

/**
 * Ticket settlement and resettlement (issue 23; reference §7.3): a pass reads the market result
 * log after its cursor (locked, moved in the same transaction as what it wrote, so each log row is
 * applied once), records the legs' results, and plans every ticket it touched with the domain's
 * planResettlement (what the ticket is booked at against a fresh settle of its legs):
 * - settle: a first (or, after a reversal, a next) settlement n: its row and the ticket's
 *   settlement in force are stored as the intent;
 * - unchanged: nothing (still open; or a correction in the same pass gives the same return);
 * - reopen: a rollback left legs pending: settlement n is to be reversed, the ticket is open again
 *   (what the big books do with a rolled-back result: the payout is taken back until the result
 *   is known again — the member never keeps money for a withdrawn result);
 * - resettle: reverse settlement n and settle n+1 with the corrected result.
 * The money moves after that transaction through the provider protocol, each step with its fixed
 * transaction id: the reversals first (a rollback of win sportsbook-<id>-settle-n as
 * sportsbook-<id>-unsettle-n), then the wins (sportsbook-<id>-settle-n, the round closed), a win
 * only once its ticket has no reversal waiting. A failed call (or a crash before it) is retried by
 * the next pass with the same id: the protocol answers a replay with the original answer, so
 * everything is paid once. The ticket takes its settled status only from its win's answer.
 *
 * A fully void ticket is paid as a win of its stake, not a rollback of its bet: every ticket then
 * ends the same way (one closing win per settlement), and a resettlement reverses exactly one
 * kind of transaction (the win) whatever the result was.
 *
 * Cashed-out and refused tickets are never resettled. A reversal the member's balance cannot cover
 * (the win already spent) is refused INSUFFICIENT_FUNDS by the wallet, which never goes below
 * zero: it stays due and is retried every pass (logged), and the ticket's next win waits for it.
 */
export function createSettlementService(deps: { db: Db; logger: Logger; money: ProviderMoney }) {
  const { db, logger } = deps;

  /** One log row's effect on the legs; answers the tickets touched and the tickets flagged. */
  async function applyRow(tx: DbExecutor, row: MarketResultRow): Promise<{ touched: bigint[]; flagged: bigint[] }> {
    switch (row.kind) {
      case 'settlement': {
        const legs = await repository.pendingLegsOn(tx, row.eventId, row.marketKey);
        const outcomes = new Map((row.results ?? []).map((outcome) => [outcome.outcomeId, outcome]));
        const decided: Array<{ ticketId: bigint; legIndex: number; result: LegFeedResult }> = [];
        const unsettled: bigint[] = [];
        for (const leg of legs) {
          const outcome = outcomes.get(leg.outcome_id);
          const feed = outcome && { result: outcome.result, voidFactor: outcome.voidFactor, deadHeatFactor: outcome.deadHeatFactor };
          if (feed && legResultFromFeed(feed)) decided.push({ ticketId: leg.ticket_id, legIndex: leg.leg_index, result: feed });
          else unsettled.push(leg.ticket_id);
        }
        if (unsettled.length > 0) {
          // The feed settled the market without the ticket's selection: no rule to guess by. The leg
          // stays pending, the ticket open and flagged for the operator; said loudly.
          logger.error({ seq: row.seq.toString(), eventId: row.eventId, marketKey: row.marketKey, tickets: unsettled.map(String) }, 'sportsbook settlement does not name the selection of open tickets');
          await repository.flagForReview(tx, unsettled, 'selection_not_settled');
        }
        await repository.writeLegResults(tx, row.seq, decided);
        return { touched: decided.map((each) => each.ticketId), flagged: unsettled };
      }
      case 'cancel': {
        const legs = (await repository.pendingLegsOn(tx, row.eventId, row.marketKey)).filter((leg) => insideWindow(new Date(leg.placed_at), row));
        await repository.writeLegResults(tx, row.seq, legs.map((leg) => ({ ticketId: leg.ticket_id, legIndex: leg.leg_index, result: CANCELLED })));
        return { touched: legs.map((leg) => leg.ticket_id), flagged: [] };
      }
      case 'rollback_settlement':
      case 'rollback_cancel': {
        const reopened = await repository.undoLegResults(tx, row.eventId, row.marketKey);
        if (reopened.length > 0) logger.info({ seq: row.seq.toString(), eventId: row.eventId, marketKey: row.marketKey, tickets: reopened.length }, 'sportsbook result rolled back: legs reopened');
        return { touched: reopened, flagged: [] };
      }
    }
  }

  /** What the ticket is booked at: its settlement in force, if any. */
  function bookedOf(row: repository.TicketToSettle): BookedSettlement | undefined {
    if (row.settle_status === null || row.return_cents === null) return undefined;
    return { status: row.settle_status as BookedSettlement['status'], returnCents: BigInt(row.return_cents) };
  }

  /** Plans each ticket among `rows` and stores what the plans say (set-based). Answers the counts. */
  async function plan(tx: DbExecutor, rows: readonly repository.TicketToSettle[], causedBy: ReadonlyMap<bigint, bigint>): Promise<{ decided: number; reversed: number }> {
    const reversals: repository.NewReversal[] = [];
    const settlements: repository.NewSettlement[] = [];
    for (const row of rows) {
      const { ticket, results } = domainTicket(row);
      const plan = planResettlement(bookedOf(row), settle(ticket, results));
      const seq = causedBy.get(row.id) ?? null;
      const n = row.settle_n;
      if (plan.kind === 'reopen' || plan.kind === 'resettle') reversals.push({ ticketId: row.id, n, transactionId: unsettleTransactionId(row.id, n), causedBySeq: seq });
      if (plan.kind === 'settle' || plan.kind === 'resettle') {
        settlements.push({ ticketId: row.id, n: n + 1, status: plan.next.status, returnCents: plan.next.returnCents, transactionId: settleTransactionId(row.id, n + 1), causedBySeq: seq });
      }
    }
    await repository.storePlans(tx, reversals, settlements);
    return { decided: settlements.length, reversed: reversals.length };
  }

  /**
   * Reads the log after the cursor and stores what it decides, in one transaction. With `sweep`,
   * also every open ticket left with no pending leg and no settlement: one whose legs were decided
   * while its debit was still being confirmed (the log rows had passed before it opened). That
   * reads all open tickets, so the job sweeps once a minute, not every pass.
   */
  async function decide(sweep: boolean): Promise<{ results: number; decided: number; reversed: number; flagged: number }> {
    return db.transaction().execute(async (tx) => {
      const after = await repository.lockCursor(tx);
      const rows = await resultsAfter(tx, after, RESULTS_PER_PASS);
      // Each touched ticket with the last log row that touched it (what its settlement is caused by).
      const touched = new Map<bigint, bigint>();
      const flagged = new Set<bigint>();
      for (const row of rows) {
        const effect = await applyRow(tx, row);
        for (const id of effect.touched) touched.set(id, row.seq);
        for (const id of effect.flagged) flagged.add(id);
      }
      const counts = { decided: 0, reversed: 0 };
      const ids = [...touched.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (let start = 0; start < ids.length; start += PLAN_CHUNK) {
        const planned = await plan(tx, await repository.ticketsToPlan(tx, ids.slice(start, start + PLAN_CHUNK)), touched);
        counts.decided += planned.decided;
        counts.reversed += planned.reversed;
      }
      if (sweep) counts.decided += (await plan(tx, await repository.openTicketsDecided(tx), new Map())).decided;
      if (rows.length > 0) await repository.moveCursor(tx, rows.at(-1)!.seq);
      return { results: rows.length, ...counts, flagged: flagged.size };
    });
  }

  /** Runs `work` over `items`, at most PAY_CONCURRENCY at once. */
  async function pool<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await work(items[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PAY_CONCURRENCY, items.length) }, worker));
  }

  /** `size` calls per batch, each batch's members in id order (batches running at once lock member accounts in one order). */
  function inBatches<T extends { member_id: bigint }>(items: readonly T[], size = WIN_BATCH): T[][] {
    const batches: T[][] = [];
    for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size).sort((a, b) => (a.member_id < b.member_id ? -1 : a.member_id > b.member_id ? 1 : 0)));
    return batches;
  }

  /** The wins due in batches: credits WIN_BATCH each, 0.00 closes CLOSE_BATCH each. */
  function winBatches<T extends { member_id: bigint; return_cents: bigint }>(items: readonly T[]): T[][] {
    const closes = items.filter((item) => BigInt(item.return_cents) === 0n);
    const credits = items.filter((item) => BigInt(item.return_cents) !== 0n);
    return [...inBatches(credits), ...inBatches(closes, CLOSE_BATCH)];
  }

  /** Delivers the stored reversals, then the wins due; each answer marks its row. */
  async function pay(): Promise<{ paid: number; unpaid: number }> {
    const counts = { paid: 0, unpaid: 0 };
    await pool(inBatches(await repository.dueReversals(db, WINS_PER_PASS)), async (batch) => {
      let answers: Awaited<ReturnType<ProviderMoney['unwinMany']>>;
      try {
        answers = await deps.money.unwinMany(batch.map((due) => ({ memberId: due.member_id, ticketId: due.ticket_id, transactionId: due.reversal_transaction_id, winTransactionId: due.win_transaction_id })));
      } catch (error) {
        counts.unpaid += batch.length;
        logger.error({ err: error, reversals: batch.length }, 'sportsbook settlement reversals not delivered; retried next pass');
        return;
      }
      const answered = batch.filter((due, index) => {
        const answer = answers[index]!;
        if (answer.ok) return true;
        counts.unpaid += 1;
        logger.error({ ticketId: due.ticket_id.toString(), transactionId: due.reversal_transaction_id, status: answer.status, code: answer.code }, 'sportsbook settlement reversal refused; retried next pass');
        return false;
      });
      await repository.markReversedMany(db, answered.map((due) => ({ ticketId: due.ticket_id, n: due.n })));
      counts.paid += answered.length;
    });
    await pool(winBatches(await repository.dueIntents(db, WINS_PER_PASS)), async (batch) => {
      let answers: Awaited<ReturnType<ProviderMoney['winMany']>>;
      try {
        answers = await deps.money.winMany(batch.map((intent) => ({ memberId: intent.member_id, ticketId: intent.id, transactionId: intent.settle_transaction_id, amount: formatCents(BigInt(intent.return_cents)) })));
      } catch (error) {
        counts.unpaid += batch.length;
        logger.error({ err: error, tickets: batch.length }, 'sportsbook settlement wins not delivered; retried next pass');
        return;
      }
      const answered = batch.filter((intent, index) => {
        const answer = answers[index]!;
        if (answer.ok) return true;
        counts.unpaid += 1;
        logger.error({ ticketId: intent.id.toString(), transactionId: intent.settle_transaction_id, status: answer.status, code: answer.code }, 'sportsbook settlement win refused; retried next pass');
        return false;
      });
      await repository.markSettledMany(db, answered.map((intent) => ({ ticketId: intent.id, transactionId: intent.settle_transaction_id })));
      counts.paid += answered.length;
    });
    return counts;
  }

  /** One pass: the log after the cursor (and, with sweep, the open tickets decided meanwhile), then the reversals and wins due. */
  async function settlePass(options: { sweep?: boolean } = {}): Promise<SettlePassOutcome> {
    const decided = await decide(options.sweep ?? true);
    const paid = await pay();
    return { ...decided, ...paid };
  }

  /** A ticket's settlements, first to last: each credit, and the reversal that took it back. */
  async function resettlementHistory(ticketId: bigint): Promise<TicketSettlementRecord[]> {
    return (await repository.settlementsOf(db, ticketId)).map((row) => ({
      n: row.n,
      status: row.status as TicketSettlementRecord['status'],
      return: formatCents(BigInt(row.return_cents)),
      winTransactionId: row.win_transaction_id,
      paidAt: row.paid_at?.toISOString() ?? null,
      causedBySeq: row.caused_by_seq?.toString() ?? null,
      reversalTransactionId: row.reversal_transaction_id,
      reversedBySeq: row.reversed_by_seq?.toString() ?? null,
      reversedAt: row.reversed_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    }));
  }

  return { settlePass, resettlementHistory };
}

/** One settlement of a ticket as the history shows it (money as decimal strings, ids as the protocol has them). */
export interface TicketSettlementRecord {
  n: number;
  status: 'won' | 'partially_won' | 'lost' | 'void';
  return: string;
  winTransactionId: string;
  /** When the win was answered (null while it is still to be paid). */
  paidAt: string | null;
  /** The market result log row that decided it (null: the sweep). */
  causedBySeq: string | null;
  /** Set once a corrected result reversed it. */
  reversalTransactionId: string | null;
  reversedBySeq: string | null;
  /** When the reversal was answered. */
  reversedAt: string | null;
  createdAt: string;
}

export type SettlementService = ReturnType<typeof createSettlementService>;
