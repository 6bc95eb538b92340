import { formatCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { resultsAfter, type MarketResultRow } from '../book.repository.ts';
import { isSystemPreset, legResultFromFeed, PENDING, planResettlement, settle, type BetType, type LegResult, type Ticket } from '../domain/index.ts';
import type { ProviderMoney } from './provider-money.ts';
import * as repository from './settlement.repository.ts';
import type { LegFeedResult } from './ticket.tables.ts';

/** A cancelled market refunds the leg: the feed's full void (legResultFromFeed reads it as 'void'). */
const CANCELLED: LegFeedResult = { result: 'lost', voidFactor: 1, deadHeatFactor: '1' };
/** Result log rows read per pass (the job runs a pass a second). */
const RESULTS_PER_PASS = 500;
/** Wins paid per pass. */
const WINS_PER_PASS = 500;

/** The first (and so far only) settlement's win: one per ticket, replayed with the same id until answered. */
export const settleTransactionId = (ticketId: bigint) => `sportsbook-${ticketId}-settle-1`;

export interface SettlePassOutcome {
  /** Result log rows consumed. */
  results: number;
  /** Tickets whose settlement intent was stored in this pass. */
  decided: number;
  /** Wins answered (this pass's intents and earlier ones retried). */
  paid: number;
  /** Wins that failed and wait for the next pass. */
  unpaid: number;
  /** Tickets flagged for resettlement / review in this pass. */
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
 * Ticket settlement (issue 23; reference §7.3): a pass reads the market result log after its
 * cursor (locked, moved in the same transaction as what it wrote, so each log row is applied
 * once), records the legs' results, and stores the settlement intent of every ticket left with no
 * pending leg (status and return by the domain's settle). The wins are paid after that
 * transaction, through the provider protocol with the round closed, each with its ticket's fixed
 * transaction id; the ticket takes its status only from the win's answer. A win that failed (or a
 * crash before it) is paid by the next pass with the same id: the protocol answers a replay with
 * the original answer, so a ticket is paid once.
 *
 * A fully void ticket is paid as a win of its stake, not a rollback of its bet: every ticket then
 * ends the same way (one closing win, one transaction id, the round closed with what it returned),
 * the betting record shows the round settled rather than withdrawn, and the later resettlement
 * reverses exactly one kind of transaction (the win) whatever the first result was.
 *
 * Rollbacks of a settlement or cancellation reopen the legs of tickets not yet decided; a ticket
 * already decided (intent stored or settled) is flagged needs_resettlement and nothing moves: the
 * protocol cannot take a win back yet.
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
        const { flagged } = await repository.undoLegResults(tx, row.eventId, row.marketKey, row.kind);
        if (flagged.length > 0) logger.warn({ seq: row.seq.toString(), eventId: row.eventId, marketKey: row.marketKey, tickets: flagged.map(String) }, 'sportsbook result rolled back after tickets were settled: flagged for resettlement');
        return { touched: [], flagged };
      }
    }
  }

  /** Stores the intent of each ticket among `rows` that the domain says is decided. */
  async function storeIntents(tx: DbExecutor, rows: readonly repository.TicketToSettle[]): Promise<number> {
    let decided = 0;
    for (const row of rows) {
      const { ticket, results } = domainTicket(row);
      const plan = planResettlement(undefined, settle(ticket, results));
      if (plan.kind !== 'settle') continue; // still open
      if (await repository.storeIntent(tx, row.id, { status: plan.next.status, returnCents: plan.creditCents, transactionId: settleTransactionId(row.id) })) decided += 1;
    }
    return decided;
  }

  /**
   * Reads the log after the cursor and stores what it decides, in one transaction. With `sweep`,
   * also every open ticket left with no pending leg and no intent: one whose legs were decided
   * while its debit was still being confirmed (the log rows had passed before it opened). That
   * reads all open tickets, so the job sweeps once a minute, not every pass.
   */
  async function decide(sweep: boolean): Promise<{ results: number; decided: number; flagged: number }> {
    return db.transaction().execute(async (tx) => {
      const after = await repository.lockCursor(tx);
      const rows = await resultsAfter(tx, after, RESULTS_PER_PASS);
      const touched = new Set<bigint>();
      const flagged = new Set<bigint>();
      for (const row of rows) {
        const effect = await applyRow(tx, row);
        for (const id of effect.touched) touched.add(id);
        for (const id of effect.flagged) flagged.add(id);
      }
      let decided = touched.size > 0 ? await storeIntents(tx, await repository.openTicketsToSettle(tx, [...touched])) : 0;
      if (sweep) decided += await storeIntents(tx, await repository.openTicketsToSettle(tx, undefined));
      if (rows.length > 0) await repository.moveCursor(tx, rows.at(-1)!.seq);
      return { results: rows.length, decided, flagged: flagged.size };
    });
  }

  /** Pays every stored intent through the protocol's closing win; the ticket is settled by the answer. */
  async function pay(): Promise<{ paid: number; unpaid: number }> {
    const counts = { paid: 0, unpaid: 0 };
    for (const intent of await repository.dueIntents(db, WINS_PER_PASS)) {
      try {
        const answer = await deps.money.win(intent.member_id, intent.id, intent.settle_transaction_id!, formatCents(BigInt(intent.return_cents!)));
        if (!answer.ok) throw new Error(`win refused: ${answer.status} ${answer.code}`);
        await repository.markSettled(db, intent.id);
        counts.paid += 1;
      } catch (error) {
        counts.unpaid += 1;
        logger.error({ err: error, ticketId: intent.id.toString(), transactionId: intent.settle_transaction_id }, 'sportsbook settlement win not delivered; retried next pass');
      }
    }
    return counts;
  }

  /** One pass: the log after the cursor (and, with sweep, the open tickets decided meanwhile), then the wins due. */
  async function settlePass(options: { sweep?: boolean } = {}): Promise<SettlePassOutcome> {
    const decided = await decide(options.sweep ?? true);
    const paid = await pay();
    return { ...decided, ...paid };
  }

  return { settlePass };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
