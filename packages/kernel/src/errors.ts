/**
 * The product's single error type. Every failure that reaches a caller carries a stable dotted
 * code; the HTTP status comes from ERROR_CODES, never from the place that throws.
 */
export const ERROR_CODES = {
  'validation.failed': { status: 400, expected: true },
  'request.malformed': { status: 400, expected: true },
  'request.too_large': { status: 413, expected: true },
  'request.idempotency_conflict': { status: 409, expected: true },
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
  'accounts.cpf_taken': { status: 409, expected: true },
  'accounts.registration_not_completed': { status: 400, expected: true },
  'accounts.identity_locked': { status: 409, expected: true },
  'accounts.underage': { status: 400, expected: true },
  'accounts.birthday_locked': { status: 409, expected: true },
  'accounts.handoff_invalid': { status: 400, expected: true },
  'member.age_unverified': { status: 403, expected: true },
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
  'catalogue.vendor_funds_held': { status: 409, expected: true },
  'catalogue.vendor_managed_by_server': { status: 409, expected: true },
  'catalogue.provider_secret_missing': { status: 409, expected: true },
  'catalogue.ip_network_invalid': { status: 400, expected: true },
  'catalogue.import_unreadable': { status: 400, expected: true },
  'catalogue.import_too_large': { status: 413, expected: true },
  'catalogue.import_type_invalid': { status: 415, expected: true },
  'backoffice.invalid_credentials': { status: 401, expected: true },
  'backoffice.operator_locked': { status: 403, expected: true },
  'backoffice.login_locked': { status: 429, expected: true },
  'backoffice.session_required': { status: 401, expected: true },
  'backoffice.forbidden': { status: 403, expected: true },
  'backoffice.totp_required': { status: 401, expected: true },
  'backoffice.totp_invalid': { status: 401, expected: true },
  'backoffice.recovery_code_invalid': { status: 401, expected: true },
  'backoffice.totp_locked': { status: 429, expected: true },
  'backoffice.enrolment_required': { status: 401, expected: true },
  'backoffice.enrolment_not_started': { status: 409, expected: true },
  'backoffice.ip_not_allowed': { status: 403, expected: true },
  'backoffice.operator_not_found': { status: 404, expected: true },
  'backoffice.self_reset_refused': { status: 409, expected: true },
  'backoffice.self_disable_refused': { status: 409, expected: true },
  'backoffice.last_owner': { status: 409, expected: true },
  'backoffice.reset_link_invalid': { status: 410, expected: true },
  'backoffice.password_change_required': { status: 403, expected: true },
  'backoffice.current_password_wrong': { status: 400, expected: true },
  'backoffice.password_weak': { status: 400, expected: true },
  'backoffice.username_taken': { status: 409, expected: true },
  'payments.amount_below_min': { status: 400, expected: true },
  'payments.amount_above_max': { status: 400, expected: true },
  'payments.request_id_invalid': { status: 400, expected: true },
  'payments.request_conflict': { status: 409, expected: true },
  'payments.too_many_pending': { status: 409, expected: true },
  'payments.deposit_not_found': { status: 404, expected: true },
  'payments.withdrawal_not_found': { status: 404, expected: true },
  'payments.bank_code_invalid': { status: 400, expected: true },
  'payments.branch_invalid': { status: 400, expected: true },
  'payments.account_number_invalid': { status: 400, expected: true },
  'payments.pix_key_invalid': { status: 400, expected: true },
  'payments.pix_key_not_own': { status: 400, expected: true },
  'payments.profile_incomplete': { status: 409, expected: true },
  'payments.password_invalid': { status: 400, expected: true },
  'payments.payout_account_missing': { status: 409, expected: true },
  'payments.turnover_required': { status: 409, expected: true },
  'payments.receipt_not_allowed': { status: 409, expected: true },
  'payments.received_amount_invalid': { status: 400, expected: true },
  'payments.proof_type_invalid': { status: 415, expected: true },
  'payments.proof_too_large': { status: 413, expected: true },
  'payments.provider_unavailable': { status: 502, expected: false },
  'payments.refund_refused': { status: 409, expected: true },
  'payments.webhook_signature_invalid': { status: 401, expected: true },
  'payments.sandbox_only': { status: 404, expected: true },
  'payments.withdrawal_not_reviewable': { status: 409, expected: true },
  'payments.deposit_not_held': { status: 409, expected: true },
  'payments.reason_required': { status: 400, expected: true },
  'house.game_not_found': { status: 404, expected: true },
  'house.game_unavailable': { status: 409, expected: true },
  'house.bet_invalid': { status: 400, expected: true },
  'house.insufficient_funds': { status: 402, expected: true },
  'house.too_fast': { status: 429, expected: true },
  'house.round_not_found': { status: 404, expected: true },
  'house.request_conflict': { status: 409, expected: true },
  'house.play_refused': { status: 403, expected: true },
  'house.provider_unavailable': { status: 502, expected: false },
  'crash.betting_closed': { status: 409, expected: true },
  'crash.already_in_round': { status: 409, expected: true },
  'crash.not_running': { status: 409, expected: true },
  'crash.too_late': { status: 409, expected: true },
  'crash.bet_not_found': { status: 404, expected: true },
  'crash.round_not_found': { status: 404, expected: true },
  'house.round_in_progress': { status: 409, expected: true },
  'house.round_closed': { status: 409, expected: true },
  'house.cash_out_unavailable': { status: 409, expected: true },
  'house.mines_invalid': { status: 400, expected: true },
  'house.cell_invalid': { status: 400, expected: true },
  'content.not_found': { status: 404, expected: true },
  'content.help_tag_taken': { status: 409, expected: true },
  'content.app_not_configured': { status: 404, expected: true },
  'agents.not_in_team': { status: 404, expected: true },
  'agents.not_direct_downline': { status: 400, expected: true },
  'agents.downline_not_agent': { status: 400, expected: true },
  'agents.kind_disabled': { status: 403, expected: true },
  'agents.no_contract': { status: 409, expected: true },
  'agents.tiers_invalid': { status: 400, expected: true },
  'agents.rate_above_upline': { status: 400, expected: true },
  'agents.rate_above_max': { status: 400, expected: true },
  'agents.contract_not_higher': { status: 409, expected: true },
  'agents.replace_unconfirmed': { status: 409, expected: true },
  'agents.contract_not_found': { status: 404, expected: true },
  'agents.contract_not_pending': { status: 409, expected: true },
  'agents.contract_not_active': { status: 409, expected: true },
  'agents.type_not_grantable': { status: 400, expected: true },
  'agents.has_team': { status: 409, expected: true },
  'agents.period_invalid': { status: 400, expected: true },
  'agents.rate_invalid': { status: 400, expected: true },
  'agents.threshold_invalid': { status: 400, expected: true },
  'agents.member_not_found': { status: 404, expected: true },
  'agents.run_not_found': { status: 404, expected: true },
  'agents.line_not_in_run': { status: 400, expected: true },
  'agents.reason_required': { status: 400, expected: true },
  'reports.range_invalid': { status: 400, expected: true },
  'members.not_found': { status: 404, expected: true },
  'members.reason_required': { status: 400, expected: true },
  'members.note_required': { status: 400, expected: true },
  'members.status_invalid': { status: 409, expected: true },
  'wallet.member_not_found': { status: 404, expected: true },
  'wallet.adjustment_not_found': { status: 404, expected: true },
  'wallet.adjustment_amount_invalid': { status: 400, expected: true },
  'wallet.adjustment_reason_required': { status: 400, expected: true },
  'wallet.adjustment_self_approval': { status: 403, expected: true },
  'wallet.adjustment_not_pending': { status: 409, expected: true },
  'wallet.adjustment_overdraw': { status: 409, expected: true },
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
