import { formatCents } from '@app/kernel';
import type { SportsbookCashOutQuote } from '@app/contracts';
import {
  isSystemPreset,
  legResultFromFeed,
  partialCashOut,
  PENDING,
  potentialReturn,
  quoteCashOut,
  ratio,
  remainingStakeCents,
  type BetType,
  type CashOutQuote,
  type LegMarketNow,
  type LegResult,
  type Ticket,
} from '../domain/index.ts';
import type { CashOutSettings, CashOutTicketRow, LegNow } from './cash-out.repository.ts';

/** The stored ticket and its legs as the domain prices them: the ticket (with its remaining share), each leg's result and market now. */

/** Events whose markets may still be cashed out; an ended, cancelled or postponed one waits for its results. */
const OPEN_EVENT_STATUSES = new Set(['not_started', 'live']);

function betTypeOf(row: CashOutTicketRow): BetType {
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

export function domainTicket(row: CashOutTicketRow, legs: readonly LegNow[]): Ticket {
  return {
    legs: legs.map((leg) => ({ marketId: `${leg.event_id}\u0000${leg.market_key}`, selectionId: leg.outcome_id, oddsThousandths: BigInt(leg.locked_odds) })),
    betType: betTypeOf(row),
    stakeMode: row.stake_mode as 'unit' | 'total',
    stakeCents: BigInt(row.stake_cents),
    maxPayoutCents: BigInt(row.max_payout_cents),
    ...(row.remaining_share_num !== null && row.remaining_share_den !== null ? { remainingShare: ratio(BigInt(row.remaining_share_num), BigInt(row.remaining_share_den)) } : {}),
  };
}

function resultOf(leg: LegNow): LegResult {
  if (leg.result === null) return PENDING;
  const result = legResultFromFeed(leg.result);
  if (!result) throw new Error(`leg ${leg.leg_index}: unreadable stored result ${JSON.stringify(leg.result)}`);
  return result;
}

/** A pending leg is priced only while its market is active, its event open and its outcome offered. */
function marketOf(leg: LegNow): LegMarketNow | undefined {
  if (leg.result !== null) return undefined;
  if (leg.market_status !== 'active' || !OPEN_EVENT_STATUSES.has(leg.event_status) || leg.outcome_active !== true || leg.odds === null) return { state: 'suspended' };
  return { state: 'open', currentOddsThousandths: BigInt(leg.odds) };
}

/** The domain's quote, or cash-out switched off by the operator. */
export type PricedQuote = CashOutQuote | { readonly ok: false; readonly reason: 'sportsbook.cashout_disabled' };

export interface Priced {
  ticket: Ticket;
  results: LegResult[];
  quote: PricedQuote;
  /** What a partial cash-out may take now (null when the price leaves no room for one). */
  partialRange: { min: bigint; max: bigint } | null;
}

/** Prices the ticket now; a ticket that is not open (or cash-out switched off) answers its reason. */
export function price(row: CashOutTicketRow, legs: readonly LegNow[], setting: CashOutSettings): Priced {
  const ticket = domainTicket(row, legs);
  const results = legs.map(resultOf);
  const unavailable = (reason: 'sportsbook.cashout_ticket_decided' | 'sportsbook.cashout_disabled'): Priced => ({ ticket, results, quote: { ok: false, reason }, partialRange: null });
  if (row.status !== 'open' || row.settle_status !== null || row.needs_resettlement) return unavailable('sportsbook.cashout_ticket_decided');
  if (!setting.enabled) return unavailable('sportsbook.cashout_disabled');
  const quote = quoteCashOut({ ticket, results, markets: legs.map(marketOf), marginBasisPoints: setting.marginBasisPoints });
  const max = quote.ok ? quote.priceCents - setting.minStakeCents : 0n;
  return { ticket, results, quote, partialRange: quote.ok && max >= setting.minStakeCents ? { min: setting.minStakeCents, max } : null };
}

/** The wire quote; with `amountCents`, what the ticket keeps after a partial cash-out of it (the caller checked the range). */
export function quoteView(ticketId: bigint, priced: Priced, amountCents?: bigint): SportsbookCashOutQuote {
  const { ticket, results, quote, partialRange } = priced;
  let partial: SportsbookCashOutQuote['partial'] = null;
  if (quote.ok && amountCents !== undefined) {
    const taken = partialCashOut(ticket, quote.priceCents, amountCents);
    if (taken.ok) {
      partial = { amount: formatCents(amountCents), remainingStake: formatCents(remainingStakeCents(taken.remainingTicket)), potentialReturn: formatCents(potentialReturn(taken.remainingTicket, results).returnCents) };
    }
  }
  return {
    ticketId: ticketId.toString(),
    available: quote.ok,
    reason: quote.ok ? null : quote.reason,
    price: quote.ok ? formatCents(quote.priceCents) : null,
    minPartial: partialRange ? formatCents(partialRange.min) : null,
    maxPartial: partialRange ? formatCents(partialRange.max) : null,
    remainingStake: formatCents(remainingStakeCents(ticket)),
    potentialReturn: formatCents(potentialReturn(ticket, results).returnCents),
    partial,
    quotedAt: new Date().toISOString(),
  };
}
