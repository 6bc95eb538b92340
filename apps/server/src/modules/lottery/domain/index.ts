/**
 * The lottery's pure rules (docs/lottery-rules.md): result shapes, winning hits, payouts and the
 * fast draws' commit-reveal. No database, no HTTP, no clock. The bet types, selection checks,
 * totals and default odds live in @app/contracts (lottery-rules.ts) because the slip runs them
 * too; they are re-exported here so the module imports one surface.
 */
export { LOTTERY_DOMAIN_ERROR_CODES, LotteryDomainError, type LotteryDomainErrorCode } from './domain-errors.ts';
export { validateResult, VN_PRIZE_TIERS, type VietnameseTier } from './result-shape.ts';
export { isPreparedResult, prepareResult, type PreparedLotteryResult } from './prepared-result.ts';
export { hitsOf, settleTicket, type SettlableTicket, type TicketSettlement } from './settlement.ts';
export {
  commitHashOf,
  FAST_DRAW_ALGORITHM,
  fastBallsFromSecret,
  fastBlockMessage,
  fastResultFromSecret,
  newDrawSecret,
} from './fast-draw.ts';
export {
  betTypeRule,
  costUnits,
  countLotteryCombinations,
  countLotteryCombinations as countCombinations,
  DEFAULT_ODDS,
  LOTTERY_BET_TYPES,
  LOTTERY_MAX_COMBINATIONS,
  LOTTERY_MAX_SELECTIONS,
  ticketTotalCents,
  validateSelections,
  type LotteryBetTypeRule,
  type LotterySelectionsCheck,
} from '@app/contracts';
