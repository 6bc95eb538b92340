import { AppError, formatCents, parseCents, type ErrorCode } from '@app/kernel';
import type { SportsbookCashOutQuote, SportsbookCashOutRequest, SportsbookCashOutResult } from '@app/contracts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { confirmCashOutPrice, partialCashOut, potentialReturn, type CashOutQuote } from '../domain/index.ts';
import * as repository from './cash-out.repository.ts';
import { price, quoteView, type Priced } from './cash-out.pricing.ts';
import type { CashOutWin } from './cash-out.money.ts';

/** The n-th cash-out of a ticket pays with this id, replayed until answered. */
export const cashOutTransactionId = (ticketId: bigint, seq: number) => `sportsbook-${ticketId}-cashout-${seq}`;
/** An unpaid cash-out this old is the retry pass's (younger ones are still being paid by their request). */
const RETRY_AFTER_MS = 10_000;

/**
 * Cash-out (issue 23; reference §7): a quote from the current odds less the configured margin, and
 * its execution. The ticket row is locked while the price is computed again and the cash-out
 * stored (settlement locks the same row before it decides a ticket: one of them wins, the other
 * finds the ticket taken). The player is paid the price accepted or the request is refused with
 * the new quote. The money then moves like settlement's: the intent row first (with the ticket's
 * change, one transaction), the win through the provider protocol with the row's fixed id, the row
 * marked paid on its answer; an unanswered win is paid by the same request again (same requestId)
 * or by the retry pass, with the same id, so it is paid once.
 */
export function createCashOutService(deps: { db: Db; logger: Logger; win: CashOutWin; ticketView: (memberId: bigint, ticketId: bigint) => Promise<SportsbookCashOutResult['ticket']> }) {
  const { db, logger } = deps;

  async function priceNow(executor: DbExecutor, memberId: bigint, ticketId: bigint, lock: boolean): Promise<Priced> {
    const row = await repository.ticketOf(executor, memberId, ticketId, lock);
    if (!row) throw new AppError('sportsbook.ticket_not_found');
    const [setting, legs] = await Promise.all([repository.settings(executor), repository.legsNow(executor, [ticketId])]);
    return price(row, legs.get(ticketId) ?? [], setting);
  }

  function checkPartial(priced: Priced, amountCents: bigint, acceptedCents: bigint): void {
    const range = priced.partialRange;
    if (!range || amountCents < range.min || amountCents > acceptedCents - range.min) throw new AppError('sportsbook.cashout_amount_invalid', 'a partial amount outside what the ticket allows now', { minPartial: range && formatCents(range.min), maxPartial: range && formatCents(range.max) });
  }

  /** GET: one of my open tickets priced now (a closed one answers unavailable with its reason). */
  async function quote(memberId: bigint, ticketId: bigint, amount?: string): Promise<SportsbookCashOutQuote> {
    const priced = await priceNow(db, memberId, ticketId, false);
    const amountCents = amount === undefined ? undefined : parseCents(amount);
    if (amount !== undefined && (amountCents === undefined || !priced.quote.ok)) {
      if (amountCents === undefined) throw new AppError('sportsbook.cashout_amount_invalid');
      return quoteView(ticketId, priced);
    }
    if (amountCents !== undefined && priced.quote.ok) checkPartial(priced, amountCents, priced.quote.priceCents);
    return quoteView(ticketId, priced, amountCents);
  }

  /** The ticket as my bets show it (with what cash-outs paid and the stake still in play). */
  const ticketView = (memberId: bigint, ticketId: bigint): Promise<SportsbookCashOutResult['ticket']> => deps.ticketView(memberId, ticketId);

  /** The win of a stored cash-out (again: the protocol answers a replay with its first answer). */
  async function pay(row: repository.CashOutRow): Promise<boolean> {
    try {
      const answer = await deps.win(BigInt(row.member_id), BigInt(row.ticket_id), row.transaction_id, formatCents(BigInt(row.amount_cents)), row.kind === 'full');
      if (!answer.ok) throw new Error(`win refused: ${answer.status} ${answer.code}`);
      await repository.markPaid(db, BigInt(row.ticket_id), row.seq);
      return true;
    } catch (error) {
      logger.error({ err: error, ticketId: String(row.ticket_id), transactionId: row.transaction_id }, 'sportsbook cash-out win not delivered; retried');
      return false;
    }
  }

  async function answer(memberId: bigint, row: repository.CashOutRow): Promise<SportsbookCashOutResult> {
    if (row.status !== 'paid' && !(await pay(row))) throw new AppError('sportsbook.provider_unavailable', 'the cash-out is stored and will be paid; ask again with the same requestId');
    return { requestId: row.request_id, kind: row.kind, paid: formatCents(BigInt(row.amount_cents)), ticket: await ticketView(memberId, BigInt(row.ticket_id)) };
  }

  function sameRequest(row: repository.CashOutRow, ticketId: bigint, acceptedCents: bigint, amountCents: bigint): boolean {
    return BigInt(row.ticket_id) === ticketId && BigInt(row.accepted_price_cents) === acceptedCents && BigInt(row.amount_cents) === amountCents;
  }

  async function execute(memberId: bigint, ticketId: bigint, input: SportsbookCashOutRequest): Promise<SportsbookCashOutResult> {
    const acceptedCents = parseCents(input.acceptedPrice);
    const amountCents = input.amount === undefined ? acceptedCents : parseCents(input.amount);
    if (acceptedCents === undefined || acceptedCents <= 0n || amountCents === undefined || amountCents <= 0n || amountCents > acceptedCents) throw new AppError('sportsbook.cashout_amount_invalid');
    const replayOf = (row: repository.CashOutRow) => {
      if (!sameRequest(row, ticketId, acceptedCents, amountCents)) throw new AppError('sportsbook.cashout_request_reused');
      return answer(memberId, row);
    };
    const earlier = await repository.cashOutByRequest(db, memberId, input.requestId);
    if (earlier) return replayOf(earlier);

    let stored: repository.CashOutRow;
    try {
      stored = await db.transaction().execute(async (tx) => {
        const priced = await priceNow(tx, memberId, ticketId, true);
        // A double click waited for the first one's lock: it finds the first one's row.
        const first = await repository.cashOutByRequest(tx, memberId, input.requestId);
        if (first) return first;
        if (!priced.quote.ok) throw refusal(priced.quote.reason, ticketId, priced);
        const confirmed = confirmCashOutPrice(acceptedCents, priced.quote as CashOutQuote);
        if (!confirmed.ok) throw refusal(confirmed.reason, ticketId, priced);
        const kind = amountCents === acceptedCents ? 'full' : 'partial';
        if (kind === 'full') {
          await repository.closeTicket(tx, ticketId, amountCents);
        } else {
          checkPartial(priced, amountCents, acceptedCents);
          const taken = partialCashOut(priced.ticket, acceptedCents, amountCents);
          if (!taken.ok) throw new AppError(taken.reason);
          const remaining = taken.remainingTicket.remainingShare!;
          await repository.shrinkTicket(tx, ticketId, remaining, potentialReturn(taken.remainingTicket, priced.results).returnCents, amountCents);
        }
        return repository.insertCashOut(
          tx,
          { ticket_id: ticketId, member_id: memberId, request_id: input.requestId, kind, accepted_price_cents: acceptedCents, amount_cents: amountCents },
          (seq) => cashOutTransactionId(ticketId, seq),
        );
      });
    } catch (error) {
      // The same requestId on two tickets at once: the unique key let one through.
      if ((error as { code?: string }).code === '23505') {
        const row = await repository.cashOutByRequest(db, memberId, input.requestId);
        if (row) return replayOf(row);
      }
      throw error;
    }
    if (!sameRequest(stored, ticketId, acceptedCents, amountCents)) throw new AppError('sportsbook.cashout_request_reused');
    return answer(memberId, stored);
  }

  /** Pays cash-outs whose win went unanswered (the job's pass). */
  async function payDue(limit = 200): Promise<{ paid: number; unpaid: number }> {
    const counts = { paid: 0, unpaid: 0 };
    for (const row of await repository.dueCashOuts(db, new Date(Date.now() - RETRY_AFTER_MS), limit)) {
      if (await pay(row)) counts.paid += 1;
      else counts.unpaid += 1;
    }
    return counts;
  }

  /** Fresh quotes of several tickets (the live offers), whoever owns them; undefined for a ticket not found. */
  async function quotesOf(tickets: ReadonlyArray<{ id: bigint; member_id: bigint }>): Promise<SportsbookCashOutQuote[]> {
    const out: SportsbookCashOutQuote[] = [];
    for (const ticket of tickets) {
      try {
        out.push(await quote(ticket.member_id, ticket.id));
      } catch (error) {
        logger.warn({ err: error, ticketId: ticket.id.toString() }, 'sportsbook cash-out offer not priced');
      }
    }
    return out;
  }

  return { quote, execute, payDue, quotesOf, ticketView };
}

function refusal(reason: ErrorCode, ticketId: bigint, priced: Priced): AppError {
  return new AppError(reason, 'cash-out refused', { quote: quoteView(ticketId, priced) });
}

export type CashOutService = ReturnType<typeof createCashOutService>;
