/**
 * The reasons the pure domain gives. They are stable dotted codes so the service can turn them
 * into AppError codes and the slip can show a translated reason for each one.
 */

/** Why a ticket cannot be placed as written (shown on the slip, one per problem). */
export const TICKET_ISSUE_CODES = [
  'sportsbook.no_legs',
  'sportsbook.too_few_legs',
  'sportsbook.too_many_legs',
  'sportsbook.same_market_twice',
  'sportsbook.odds_invalid',
  'sportsbook.system_sizes_invalid',
  'sportsbook.system_legs_mismatch',
  'sportsbook.too_many_combinations',
  'sportsbook.stake_invalid',
  'sportsbook.stake_below_combinations',
  'sportsbook.max_payout_invalid',
] as const;
export type TicketIssueCode = (typeof TICKET_ISSUE_CODES)[number];

/** Why a valid slip does not stand at acceptance (the odds moved against the player's policy). */
export const ACCEPTANCE_REFUSAL_CODES = ['sportsbook.odds_changed'] as const;
export type AcceptanceRefusalCode = (typeof ACCEPTANCE_REFUSAL_CODES)[number];

/** Why no cash-out can be offered (or the requested part cannot be taken) right now. */
export const CASH_OUT_REFUSAL_CODES = [
  'sportsbook.cashout_leg_lost',
  'sportsbook.cashout_leg_suspended',
  'sportsbook.cashout_odds_missing',
  'sportsbook.cashout_ticket_decided',
  'sportsbook.cashout_price_zero',
  'sportsbook.cashout_amount_invalid',
  'sportsbook.cashout_price_changed',
] as const;
export type CashOutRefusalCode = (typeof CASH_OUT_REFUSAL_CODES)[number];

/** Programming or data errors: a caller handed the domain something it had to check first. */
export type SportsbookDomainErrorCode = 'sportsbook.ticket_invalid' | 'sportsbook.result_invalid' | 'sportsbook.results_mismatch' | 'sportsbook.margin_invalid';

export class SportsbookDomainError extends Error {
  readonly code: SportsbookDomainErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: SportsbookDomainErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'SportsbookDomainError';
    this.code = code;
    this.details = details;
  }
}
