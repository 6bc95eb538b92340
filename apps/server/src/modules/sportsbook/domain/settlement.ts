/**
 * Settling a ticket from its legs' results. Pure: the same ticket and results always give the
 * same answer, so a resettlement after a corrected result is "settle again and book the
 * difference", and settling twice is settling once.
 *
 * Money rule: each combination returns floor(stake × share × Π leg factors) centavos — one
 * rounding per bet, always down — and the ticket returns the sum, capped at its maximum payout.
 * When the cap bites, only the ticket total is cut (the ledger credits one amount per ticket);
 * the combinations keep their uncapped returns for the record.
 */
import { SportsbookDomainError } from './domain-errors.ts';
import { isVoidResult, legFactor, PENDING, type LegResult } from './leg-result.ts';
import { oddsAsRatio } from './odds.ts';
import { compare, isZero, multiply, ONE, ratio, type Ratio } from './ratio.ts';
import { planTicket, type Combination, type Ticket } from './ticket.ts';

/** unsettled: a leg is pending and none is lost. won: pays something (maybe less than the stake, e.g. half lost). */
export type CombinationStatus = 'unsettled' | 'won' | 'lost' | 'void';

/**
 * open: some combination still waits for a result.
 * won: every combination pays (the return may still be below the stake after half-lost or dead-heat legs).
 * partially_won: some combinations pay and some lost (systems only).
 * lost: nothing pays.
 * void: every leg was refunded; the return is exactly the stake (times the remaining share).
 */
export type TicketStatus = 'open' | 'won' | 'partially_won' | 'lost' | 'void';

export interface CombinationSettlement extends Combination {
  readonly status: CombinationStatus;
  /** Undefined while unsettled. */
  readonly returnCents: bigint | undefined;
}

export interface TicketSettlement {
  readonly status: TicketStatus;
  /** What the ticket pays, capped; undefined while open. */
  readonly returnCents: bigint | undefined;
  /** The sum of the combinations' returns before the cap; undefined while open. */
  readonly uncappedReturnCents: bigint | undefined;
  readonly isCapped: boolean;
  readonly combinations: readonly CombinationSettlement[];
}

export function remainingShareOf(ticket: Ticket): Ratio {
  const share = ticket.remainingShare ?? ONE;
  if (share.numerator <= 0n || compare(share, ONE) > 0) {
    throw new SportsbookDomainError('sportsbook.ticket_invalid', 'the remaining share must be within (0, 1]');
  }
  return share;
}

function assertResultsMatch(ticket: Ticket, results: readonly LegResult[]): void {
  if (results.length !== ticket.legs.length) {
    throw new SportsbookDomainError('sportsbook.results_mismatch', 'one result per leg, in leg order', { legs: ticket.legs.length, results: results.length });
  }
}

/**
 * A combination's status and its return: floor(stake × share × Π factors). The product is kept
 * unreduced (numerators and denominators multiplied straight) because it is floored once right
 * after; reducing at every step would cost a gcd per leg on tickets of hundreds of bets.
 */
function settleCombination(combination: Combination, share: Ratio, factors: readonly (Ratio | undefined)[], isVoid: readonly boolean[]): CombinationSettlement {
  let numerator = combination.stakeCents * share.numerator;
  let denominator = share.denominator;
  let isPending = false;
  for (const legIndex of combination.legIndexes) {
    const factor = factors[legIndex];
    if (factor === undefined) {
      isPending = true;
      continue;
    }
    // A lost leg settles the combination at once, whatever the other legs still do.
    if (isZero(factor)) return { ...combination, status: 'lost', returnCents: 0n };
    numerator *= factor.numerator;
    denominator *= factor.denominator;
  }
  if (isPending) return { ...combination, status: 'unsettled', returnCents: undefined };
  const status = combination.legIndexes.every((legIndex) => isVoid[legIndex]) ? 'void' : 'won';
  return { ...combination, status, returnCents: numerator / denominator };
}

function ticketStatus(statuses: readonly CombinationStatus[]): TicketStatus {
  if (statuses.includes('unsettled')) return 'open';
  if (statuses.every((status) => status === 'void')) return 'void';
  if (statuses.every((status) => status === 'lost')) return 'lost';
  return statuses.includes('lost') ? 'partially_won' : 'won';
}

export function settle(ticket: Ticket, results: readonly LegResult[]): TicketSettlement {
  assertResultsMatch(ticket, results);
  const share = remainingShareOf(ticket);
  // Each leg's factor once per ticket, not once per combination it appears in.
  const factors = ticket.legs.map((leg, legIndex) => legFactor(leg.oddsThousandths, results[legIndex]!));
  const isVoid = results.map(isVoidResult);
  const combinations = planTicket(ticket).combinations.map((combination) => settleCombination(combination, share, factors, isVoid));
  const status = ticketStatus(combinations.map((combination) => combination.status));
  if (status === 'open') return { status, returnCents: undefined, uncappedReturnCents: undefined, isCapped: false, combinations };
  const uncappedReturnCents = combinations.reduce((sum, combination) => sum + (combination.returnCents ?? 0n), 0n);
  const returnCents = uncappedReturnCents < ticket.maxPayoutCents ? uncappedReturnCents : ticket.maxPayoutCents;
  return { status, returnCents, uncappedReturnCents, isCapped: returnCents < uncappedReturnCents, combinations };
}

export interface PotentialReturn {
  /** Capped at the ticket's maximum payout. */
  readonly returnCents: bigint;
  readonly uncappedReturnCents: bigint;
  readonly isCapped: boolean;
}

/** Every still-pending leg read as won at its locked odds; legs already settled keep their result. */
export function assumePendingLegsWin(results: readonly LegResult[]): LegResult[] {
  return results.map((result) => (result.kind === 'pending' ? { kind: 'won' } : result));
}

/**
 * What the ticket pays if every pending leg wins. On the slip there are no results yet, so every
 * leg counts as won; on an open ticket the settled legs count as they settled.
 */
export function potentialReturn(ticket: Ticket, results?: readonly LegResult[]): PotentialReturn {
  const settlement = settle(ticket, assumePendingLegsWin(results ?? ticket.legs.map(() => PENDING)));
  return { returnCents: settlement.returnCents ?? 0n, uncappedReturnCents: settlement.uncappedReturnCents ?? 0n, isCapped: settlement.isCapped };
}

/** The exact (unrounded) return of one combination if its pending legs win — cash-out's basis. */
export function exactCombinationReturnIfPendingWin(ticket: Ticket, results: readonly LegResult[], combination: Combination): Ratio {
  let value = multiply(ratio(combination.stakeCents), remainingShareOf(ticket));
  for (const legIndex of combination.legIndexes) {
    const leg = ticket.legs[legIndex]!;
    value = multiply(value, legFactor(leg.oddsThousandths, results[legIndex]!) ?? oddsAsRatio(leg.oddsThousandths));
  }
  return value;
}
