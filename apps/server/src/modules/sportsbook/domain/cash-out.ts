/**
 * Cash-out pricing. The fair value of an open ticket is what it is expected to pay:
 *
 *   fair = Σ over combinations of  R_c × Π over the combination's pending legs of p_i
 *
 * where R_c is the combination's exact return if its pending legs win (settled legs at their
 * settled factor) and p_i a pending leg's win probability. p_i = 1 / current decimal odds, taken
 * as they are (the book's margin is not removed from them): the current odds are what the book
 * would sell the same risk for now, and the configured cash-out margin is the one explicit cut.
 * Pending legs are priced as win-or-lose: a later void or half result is not modelled (the feed's
 * odds do not price it separately), an imprecision the margin covers.
 *
 * The maximum payout caps what the ticket can pay, so the fair value is scaled by
 * min(1, cap / uncapped potential return). For a single or an accumulator (one combination:
 * it pays R or nothing) that is the exact capped expectation; for a system it is a lower bound.
 *
 *   price = floor(fair × (10,000 − margin basis points) / 10,000), never above the potential return.
 *
 * Partial cash-out: taking A of a full price P sells the fraction A / P of the ticket; the rest
 * keeps share × (P − A) / P of every combination — its stake, its potential return and its final
 * return all shrink by the same factor, so what remains is the same bet, only smaller.
 */
import type { CashOutRefusalCode } from './domain-errors.ts';
import { SportsbookDomainError } from './domain-errors.ts';
import { legFactor, type LegResult } from './leg-result.ts';
import { isValidOdds, ODDS_SCALE } from './odds.ts';
import { add, floorToInteger, isZero, minimum, multiply, ONE, ratio, ZERO, type Ratio } from './ratio.ts';
import { exactCombinationReturnIfPendingWin, potentialReturn, remainingShareOf } from './settlement.ts';
import { planTicket, type Ticket } from './ticket.ts';

const BASIS_POINTS = 10_000n;

/** A pending leg's market as the book sees it now. */
export type LegMarketNow = { readonly state: 'open'; readonly currentOddsThousandths: bigint } | { readonly state: 'suspended' };

export interface CashOutQuoteInput {
  readonly ticket: Ticket;
  /** One per leg, in leg order. */
  readonly results: readonly LegResult[];
  /** One per leg, in leg order; only pending legs are read (undefined for settled legs is fine). */
  readonly markets: readonly (LegMarketNow | undefined)[];
  /** The configured cash-out margin in basis points: 500n = 5.00 %. */
  readonly marginBasisPoints: bigint;
}

export type CashOutQuote =
  | { readonly ok: true; readonly priceCents: bigint; readonly fairValueCents: bigint; readonly potentialReturnCents: bigint }
  | { readonly ok: false; readonly reason: CashOutRefusalCode; readonly legIndex?: number };

type PendingProbabilities = { ok: true; probabilities: Map<number, Ratio> } | { ok: false; reason: CashOutRefusalCode; legIndex?: number };

/** Refuses when a leg has lost or a pending leg cannot be priced right now. */
function pendingLegProbabilities(input: CashOutQuoteInput): PendingProbabilities {
  const { ticket, results, markets } = input;
  const probabilities = new Map<number, Ratio>();
  for (const [legIndex, leg] of ticket.legs.entries()) {
    const factor = legFactor(leg.oddsThousandths, results[legIndex]!);
    if (factor !== undefined && isZero(factor)) return { ok: false, reason: 'sportsbook.cashout_leg_lost', legIndex };
  }
  for (const [legIndex, result] of results.entries()) {
    if (result.kind !== 'pending') continue;
    const market = markets[legIndex];
    if (market === undefined || (market.state === 'open' && !isValidOdds(market.currentOddsThousandths))) {
      return { ok: false, reason: 'sportsbook.cashout_odds_missing', legIndex };
    }
    if (market.state === 'suspended') return { ok: false, reason: 'sportsbook.cashout_leg_suspended', legIndex };
    probabilities.set(legIndex, ratio(ODDS_SCALE, market.currentOddsThousandths));
  }
  if (probabilities.size === 0) return { ok: false, reason: 'sportsbook.cashout_ticket_decided' };
  return { ok: true, probabilities };
}

export function quoteCashOut(input: CashOutQuoteInput): CashOutQuote {
  const { ticket, results, marginBasisPoints } = input;
  if (marginBasisPoints < 0n || marginBasisPoints >= BASIS_POINTS) {
    throw new SportsbookDomainError('sportsbook.margin_invalid', 'the cash-out margin must be within [0, 100) percent');
  }
  if (results.length !== ticket.legs.length || input.markets.length !== ticket.legs.length) {
    throw new SportsbookDomainError('sportsbook.results_mismatch', 'one result and one market state per leg, in leg order');
  }
  const pending = pendingLegProbabilities(input);
  if (!pending.ok) return pending.legIndex === undefined ? { ok: false, reason: pending.reason } : { ok: false, reason: pending.reason, legIndex: pending.legIndex };

  let expectedValue = ZERO;
  let uncappedPotential = ZERO;
  for (const combination of planTicket(ticket).combinations) {
    const ifPendingWin = exactCombinationReturnIfPendingWin(ticket, results, combination);
    const winProbability = combination.legIndexes.reduce((product, legIndex) => multiply(product, pending.probabilities.get(legIndex) ?? ONE), ONE);
    uncappedPotential = add(uncappedPotential, ifPendingWin);
    expectedValue = add(expectedValue, multiply(ifPendingWin, winProbability));
  }
  const capScale = minimum(ONE, capRatio(ticket.maxPayoutCents, uncappedPotential));
  const fairValue = multiply(expectedValue, capScale);
  const potentialReturnCents = potentialReturn(ticket, results).returnCents;
  const marginPrice = floorToInteger(multiply(fairValue, ratio(BASIS_POINTS - marginBasisPoints, BASIS_POINTS)));
  const priceCents = marginPrice < potentialReturnCents ? marginPrice : potentialReturnCents;
  if (priceCents <= 0n) return { ok: false, reason: 'sportsbook.cashout_price_zero' };
  return { ok: true, priceCents, fairValueCents: floorToInteger(fairValue), potentialReturnCents };
}

/** cap / uncapped potential, as a fraction (the potential is positive once no leg has lost). */
function capRatio(maxPayoutCents: bigint, uncappedPotential: Ratio): Ratio {
  return ratio(maxPayoutCents * uncappedPotential.denominator, uncappedPotential.numerator);
}

/**
 * The request is paid at the price the player accepted, or refused: a fresh quote below it
 * (odds moved, a leg suspended or lost) refuses; a fresh quote at or above it pays what was accepted.
 */
export function confirmCashOutPrice(acceptedPriceCents: bigint, fresh: CashOutQuote): { ok: true; paidCents: bigint } | { ok: false; reason: CashOutRefusalCode } {
  if (!fresh.ok) return { ok: false, reason: fresh.reason };
  if (fresh.priceCents < acceptedPriceCents) return { ok: false, reason: 'sportsbook.cashout_price_changed' };
  return { ok: true, paidCents: acceptedPriceCents };
}

export type PartialCashOut =
  | { readonly ok: true; readonly paidCents: bigint; readonly soldShare: Ratio; readonly remainingTicket: Ticket }
  | { readonly ok: false; readonly reason: CashOutRefusalCode };

/**
 * Takes `amountCents` (1 ≤ A < P) out of a ticket whose full cash-out price is P now. The player
 * is paid exactly A; the ticket keeps share × (P − A) / P. Exact: no rounding happens here, the
 * remaining share's rounding happens once, at settlement.
 */
export function partialCashOut(ticket: Ticket, fullPriceCents: bigint, amountCents: bigint): PartialCashOut {
  if (amountCents <= 0n || amountCents >= fullPriceCents) return { ok: false, reason: 'sportsbook.cashout_amount_invalid' };
  const share = remainingShareOf(ticket);
  const keptFraction = ratio(fullPriceCents - amountCents, fullPriceCents);
  return {
    ok: true,
    paidCents: amountCents,
    soldShare: multiply(share, ratio(amountCents, fullPriceCents)),
    remainingTicket: { ...ticket, remainingShare: multiply(share, keptFraction) },
  };
}

/** The stake the player still has in play after partial cash-outs, rounded down (for records and reports). */
export function remainingStakeCents(ticket: Ticket): bigint {
  return floorToInteger(multiply(ratio(planTicket(ticket).totalStakeCents), remainingShareOf(ticket)));
}
