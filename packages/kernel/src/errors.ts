/**
 * The product's single error type. Every failure that reaches a caller carries a stable dotted
 * code; the HTTP status comes from ERROR_CODES, never from the place that throws.
 */
export const ERROR_CODES = {
  'validation.failed': { status: 400, expected: true },
  'request.malformed': { status: 400, expected: true },
  'request.too_large': { status: 413, expected: true },
  'request.unsupported_media_type': { status: 415, expected: true },
  'auth.required': { status: 401, expected: true },
  'auth.forbidden': { status: 403, expected: true },
  'route.not_found': { status: 404, expected: true },
  'route.method_not_allowed': { status: 405, expected: true },
  'rate.limited': { status: 429, expected: true },
  'system.maintenance': { status: 503, expected: true },
  'system.region_blocked': { status: 451, expected: true },
  'system.unavailable': { status: 503, expected: false },
  'system.internal': { status: 500, expected: false },
  'auth.invalid_credentials': { status: 401, expected: true },
  'auth.captcha_required': { status: 400, expected: true },
  'auth.captcha_invalid': { status: 400, expected: true },
  'auth.agent_only': { status: 403, expected: true },
  'auth.account_locked': { status: 403, expected: true },
  'auth.trial_refused': { status: 403, expected: true },
  'auth.password_change_required': { status: 403, expected: true },
  'auth.bot_check_failed': { status: 400, expected: true },
  'auth.sms_code_invalid': { status: 400, expected: true },
  'auth.registration_closed': { status: 403, expected: true },
  'auth.new_device_verification': { status: 401, expected: true },
  'auth.reset_link_invalid': { status: 400, expected: true },
  'auth.wrong_password': { status: 400, expected: true },
  'wallet.amount_invalid': { status: 400, expected: true },
  'wallet.insufficient_funds': { status: 400, expected: true },
  'wallet.idempotency_conflict': { status: 409, expected: true },
  'wallet.transaction_cancelled': { status: 409, expected: true },
  'wallet.account_unknown': { status: 400, expected: true },
  'wallet.not_in_tree': { status: 400, expected: true },
  'wallet.no_upline': { status: 400, expected: true },
  'wallet.self_transfer': { status: 400, expected: true },
  'wallet.agent_only': { status: 403, expected: true },
  'wallet.payment_password_missing': { status: 400, expected: true },
  'wallet.payment_password_invalid': { status: 400, expected: true },
  'wallet.range_invalid': { status: 400, expected: true },
  'catalogue.game_not_found': { status: 404, expected: true },
  'catalogue.vendor_not_found': { status: 404, expected: true },
  'catalogue.game_maintenance': { status: 409, expected: true },
  'catalogue.demo_unavailable': { status: 403, expected: true },
  'catalogue.not_transfer_vendor': { status: 400, expected: true },
  'catalogue.vendor_unavailable': { status: 502, expected: true },
} as const satisfies Record<string, { status: number; expected: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Field-level problems, keyed by a dotted path into the request (`body.username`). */
export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  /** Expected errors are the caller's fault; they are logged at info and never reported. */
  get expected(): boolean {
    return ERROR_CODES[this.code].expected;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
