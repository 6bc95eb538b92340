/**
 * A ticket as the player wrote it, its validation (every problem, each with a code the slip
 * translates) and its plan: the combinations it expands into with the stake of each.
 */
import { combinationSizes, countCombinations, expandCombinations, SYSTEM_PRESETS, type BetType } from './bet-types.ts';
import { SportsbookDomainError, type TicketIssueCode } from './domain-errors.ts';
import { isValidOdds } from './odds.ts';
import type { Ratio } from './ratio.ts';
import { SPORTSBOOK_MAX_COMBINATIONS as MAX_COMBINATIONS, SPORTSBOOK_MAX_LEGS as MAX_LEGS } from '@app/contracts';

/** The slip's limits, shared with the player's slip (@app/contracts, sportsbook-combinations.ts). */
export { SPORTSBOOK_MAX_COMBINATIONS as MAX_COMBINATIONS, SPORTSBOOK_MAX_LEGS as MAX_LEGS } from '@app/contracts';

export interface TicketLeg {
  readonly marketId: string;
  readonly selectionId: string;
  /** Locked at acceptance and never changed afterwards (Brazil, Portaria SPA/MF 1.231/2024 art. 27). */
  readonly oddsThousandths: bigint;
}

/** UNIT: the stake is per combination. TOTAL: the stake is the whole ticket's, split evenly. */
export type StakeMode = 'unit' | 'total';

export interface Ticket {
  readonly legs: readonly TicketLeg[];
  readonly betType: BetType;
  readonly stakeMode: StakeMode;
  readonly stakeCents: bigint;
  /** The maximum payout in force when the ticket was accepted; a later change does not touch it. */
  readonly maxPayoutCents: bigint;
  /**
   * The part of the ticket the player still owns after partial cash-outs (1 when none). Stakes,
   * potential return and the final return are all multiplied by it (see cash-out.ts).
   */
  readonly remainingShare?: Ratio;
}

export interface TicketIssue {
  readonly code: TicketIssueCode;
  /** The leg the problem is about, when it is about one. */
  readonly legIndex?: number;
}

export interface Combination {
  /** Indexes into ticket.legs, ascending. */
  readonly legIndexes: readonly number[];
  /** This bet's stake before any partial cash-out share is applied. */
  readonly stakeCents: bigint;
}

export interface TicketPlan {
  readonly combinations: readonly Combination[];
  /** The number of bets (Yankee: 11). */
  readonly betCount: number;
  /** What the player pays: UNIT × bets, or the TOTAL as typed. */
  readonly totalStakeCents: bigint;
}

export type TicketValidation = { readonly ok: true; readonly plan: TicketPlan } | { readonly ok: false; readonly issues: readonly TicketIssue[] };

function legCountIssues(betType: BetType, legCount: number): TicketIssue[] {
  if (legCount === 0) return [{ code: 'sportsbook.no_legs' }];
  if (legCount > MAX_LEGS) return [{ code: 'sportsbook.too_many_legs' }];
  switch (betType.kind) {
    case 'single':
      return legCount > 1 ? [{ code: 'sportsbook.too_many_legs' }] : [];
    case 'accumulator':
      return legCount < 2 ? [{ code: 'sportsbook.too_few_legs' }] : [];
    case 'system_preset':
      return SYSTEM_PRESETS[betType.preset].legs === legCount ? [] : [{ code: 'sportsbook.system_legs_mismatch' }];
    case 'system': {
      if (legCount < 2) return [{ code: 'sportsbook.too_few_legs' }];
      const { sizes } = betType;
      if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1)) return [{ code: 'sportsbook.system_sizes_invalid' }];
      if (new Set(sizes).size !== sizes.length) return [{ code: 'sportsbook.system_sizes_invalid' }];
      return sizes.some((size) => size > legCount) ? [{ code: 'sportsbook.system_legs_mismatch' }] : [];
    }
  }
}

function legIssues(legs: readonly TicketLeg[]): TicketIssue[] {
  const issues: TicketIssue[] = [];
  const seenMarkets = new Set<string>();
  legs.forEach((leg, legIndex) => {
    if (!isValidOdds(leg.oddsThousandths)) issues.push({ code: 'sportsbook.odds_invalid', legIndex });
    // One selection per market per ticket: two outcomes of one market are either contradictory
    // or the same bet twice, and both distort an accumulator's price.
    if (seenMarkets.has(leg.marketId)) issues.push({ code: 'sportsbook.same_market_twice', legIndex });
    seenMarkets.add(leg.marketId);
  });
  return issues;
}

/**
 * TOTAL stakes split evenly; the leftover centavos (total mod bets) go one each to the first
 * combinations in expansion order, so the bets' stakes always add up to exactly what was paid
 * and differ by at most one centavo.
 */
function combinationStakes(stakeMode: StakeMode, stakeCents: bigint, betCount: number): (index: number) => bigint {
  if (stakeMode === 'unit') return () => stakeCents;
  const bets = BigInt(betCount);
  const evenShare = stakeCents / bets;
  const leftover = stakeCents % bets;
  return (index) => evenShare + (BigInt(index) < leftover ? 1n : 0n);
}

const SHAPE_ISSUES: ReadonlySet<TicketIssueCode> = new Set(['sportsbook.no_legs', 'sportsbook.too_many_legs', 'sportsbook.system_sizes_invalid', 'sportsbook.system_legs_mismatch']);

export function validateTicket(ticket: Ticket): TicketValidation {
  const legCount = ticket.legs.length;
  const issues = [...legCountIssues(ticket.betType, legCount), ...legIssues(ticket.legs)];
  if (ticket.stakeCents <= 0n) issues.push({ code: 'sportsbook.stake_invalid' });
  if (ticket.maxPayoutCents <= 0n) issues.push({ code: 'sportsbook.max_payout_invalid' });
  // Without a sound shape there are no combinations to count; report what is known so far.
  if (issues.some((issue) => SHAPE_ISSUES.has(issue.code))) return { ok: false, issues };
  const sizes = combinationSizes(ticket.betType, legCount);
  const betCount = countCombinations(legCount, sizes);
  if (betCount > MAX_COMBINATIONS) issues.push({ code: 'sportsbook.too_many_combinations' });
  if (ticket.stakeMode === 'total' && ticket.stakeCents > 0n && ticket.stakeCents < BigInt(betCount)) {
    issues.push({ code: 'sportsbook.stake_below_combinations' });
  }
  if (issues.length > 0) return { ok: false, issues };

  const stakeOf = combinationStakes(ticket.stakeMode, ticket.stakeCents, betCount);
  const combinations = expandCombinations(legCount, sizes).map((legIndexes, index) => ({ legIndexes, stakeCents: stakeOf(index) }));
  const totalStakeCents = ticket.stakeMode === 'unit' ? ticket.stakeCents * BigInt(betCount) : ticket.stakeCents;
  return { ok: true, plan: { combinations, betCount, totalStakeCents } };
}

/** The plan of a ticket that must already be valid (settlement and cash-out of placed tickets). */
export function planTicket(ticket: Ticket): TicketPlan {
  const validation = validateTicket(ticket);
  if (!validation.ok) {
    throw new SportsbookDomainError('sportsbook.ticket_invalid', 'a placed ticket must be valid', { issues: validation.issues.map((issue) => issue.code) });
  }
  return validation.plan;
}
