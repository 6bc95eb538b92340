/**
 * Why the pure lottery domain refuses its input. Results come from a feed adapter or the
 * console's maker-checker entry, so a wrong shape is bad data the service turns into a clear
 * refusal (never a 500); secrets and tickets are the server's own and only fail on a bug.
 */
export const LOTTERY_DOMAIN_ERROR_CODES = [
  /** Not an object, or missing the fields of its family. */
  'lottery.result_shape',
  /** The result says it belongs to another family than the draw's game. */
  'lottery.result_family',
  /** A Vietnamese tier missing, repeated or unknown. */
  'lottery.result_tier',
  /** A tier (or SEA list, or the balls) with the wrong count of numbers. */
  'lottery.result_count',
  /** A number with the wrong count of digits, or a ball outside 0–9. */
  'lottery.result_digits',
  /** A draw secret that is not 64 lowercase hex characters. */
  'lottery.secret_invalid',
  /** A bet type the family does not have. */
  'lottery.bet_type_unknown',
] as const;
export type LotteryDomainErrorCode = (typeof LOTTERY_DOMAIN_ERROR_CODES)[number];

export class LotteryDomainError extends Error {
  readonly code: LotteryDomainErrorCode;

  constructor(code: LotteryDomainErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.name = 'LotteryDomainError';
    this.code = code;
  }
}
