import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { isApiError, UNKNOWN_ERROR_CODE, type ApiError } from './api-client.ts';
import { formatMoney } from './format/money.ts';
import { currentLanguage } from './i18n.ts';

/** The error code of anything thrown by the API client; other throwables are 'unknown'. */
export function errorCodeOf(error: unknown): string {
  return isApiError(error) ? error.code : UNKNOWN_ERROR_CODE;
}

type LooseT = (key: string, options?: Record<string, unknown>) => unknown;

function looseT(i18n: I18n): LooseT {
  return i18n.t as unknown as LooseT;
}

/**
 * Messages that depend on the details, not only the code: how long to wait after rate.limited,
 * whether an SMS code was wrong or merely expired, and the VIP daily withdrawal limit and what is left.
 */
function detailedMessage(i18n: I18n, error: ApiError): string | undefined {
  const t = looseT(i18n);
  if (error.code === 'rate.limited') {
    const seconds = Number(error.details?.retryAfterSeconds);
    if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
    return seconds < 60
      ? String(t('errors:rate.retry_seconds', { count: Math.ceil(seconds) }))
      : String(t('errors:rate.retry_minutes', { count: Math.ceil(seconds / 60) }));
  }
  if (error.code === 'auth.sms_code_invalid' && error.details?.reason === 'expired') {
    return String(t('errors:auth.sms_code_expired'));
  }
  if (error.code === 'payments.vip_daily_limit' && typeof error.details?.limit === 'string' && typeof error.details.remaining === 'string') {
    const language = currentLanguage(i18n);
    return String(t('errors:payments.vip_daily_limit', { limit: formatMoney(error.details.limit, language), remaining: formatMoney(error.details.remaining, language) }));
  }
  // Responsible-gaming deposit limit (issue 27): the period's limit and what is left of it.
  if (error.code === 'limits.deposit_limit' && typeof error.details?.limit === 'string' && typeof error.details.remaining === 'string' && ['day', 'week', 'month'].includes(String(error.details.period))) {
    const language = currentLanguage(i18n);
    return String(t(`errors:limits.deposit_limit_${String(error.details.period)}`, { limit: formatMoney(error.details.limit, language), remaining: formatMoney(error.details.remaining, language) }));
  }
  return undefined;
}

/**
 * Maps a server code such as `auth.invalid_credentials` to the translation `errors:<code>`,
 * falling back to `errors:unknown` for codes this build does not know yet.
 */
export function translateError(i18n: I18n, error: unknown): string {
  const detailed = isApiError(error) ? detailedMessage(i18n, error) : undefined;
  if (detailed) return detailed;
  const key = `errors:${errorCodeOf(error)}`;
  const t = looseT(i18n);
  const text = i18n.exists(key) ? t(key, { returnObjects: true }) : undefined;
  // A code that names a group (`auth`) rather than a leaf resolves to an object: not a message.
  return typeof text === 'string' ? text : String(t(`errors:${UNKNOWN_ERROR_CODE}`));
}

export function useErrorMessage(): (error: unknown) => string {
  const { i18n } = useTranslation('errors');
  return (error: unknown) => translateError(i18n, error);
}

export type MessageParams = Record<string, string | number>;

/**
 * A field message by its key in the `validation` namespace, the keys the server sends as
 * messageKey and the shared validators return. An unknown key (a newer server) falls back to
 * the generic "some details are invalid" rather than showing the raw key.
 */
export function translateValidation(i18n: I18n, messageKey: string, params?: MessageParams): string {
  const key = `validation:${messageKey}`;
  const t = looseT(i18n);
  const text = i18n.exists(key) ? t(key, params) : undefined;
  return typeof text === 'string' ? text : String(t('errors:validation.failed'));
}

export function useValidationMessage(): (messageKey: string, params?: MessageParams) => string {
  const { i18n } = useTranslation('validation');
  return (messageKey, params) => translateValidation(i18n, messageKey, params);
}
