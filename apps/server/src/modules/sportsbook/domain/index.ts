/**
 * The sportsbook's pure bet-slip and settlement rules: no database, no HTTP, no clock. The
 * module's services call these; tests exercise them directly.
 */
export { ratio, type Ratio } from './ratio.ts';
export { formatOdds, isValidOdds, parseOdds, MAXIMUM_ODDS_THOUSANDTHS, MINIMUM_ODDS_THOUSANDTHS, ODDS_SCALE } from './odds.ts';
export {
  ACCEPTANCE_REFUSAL_CODES,
  CASH_OUT_REFUSAL_CODES,
  SportsbookDomainError,
  TICKET_ISSUE_CODES,
  type AcceptanceRefusalCode,
  type CashOutRefusalCode,
  type SportsbookDomainErrorCode,
  type TicketIssueCode,
} from './domain-errors.ts';
export { deadHeatAmong, isVoidResult, legFactor, PENDING, type LegResult } from './leg-result.ts';
export { binomial, combinationSizes, countCombinations, expandCombinations, isSystemPreset, SYSTEM_PRESETS, type BetType, type SystemPreset } from './bet-types.ts';
export {
  MAX_COMBINATIONS,
  MAX_LEGS,
  planTicket,
  validateTicket,
  type Combination,
  type StakeMode,
  type Ticket,
  type TicketIssue,
  type TicketLeg,
  type TicketPlan,
  type TicketValidation,
} from './ticket.ts';
export {
  assumePendingLegsWin,
  potentialReturn,
  settle,
  type CombinationSettlement,
  type CombinationStatus,
  type PotentialReturn,
  type TicketSettlement,
  type TicketStatus,
} from './settlement.ts';
export { legResultFromFeed, parseFactor, type FeedOutcomeSettlement } from './feed-result.ts';
export { acceptOddsChange, type OddsAcceptance, type OddsChangePolicy } from './odds-change.ts';
export { bookedAfter, planResettlement, type BookedSettlement, type ResettlementPlan } from './resettlement.ts';
export { confirmCashOutPrice, partialCashOut, quoteCashOut, remainingStakeCents, type CashOutQuote, type CashOutQuoteInput, type LegMarketNow, type PartialCashOut } from './cash-out.ts';
