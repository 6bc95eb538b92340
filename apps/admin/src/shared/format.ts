import { intlLocaleOf, resolveLanguage } from '@app/i18n';
import { formatBrl, formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@app/ui';

/** "1234.50" (the API's decimal strings) as R$ 1.234,50 in the console's language. */
export function formatMoney(amount: string, language: string): string {
  return formatBrl(amount, intlLocaleOf(resolveLanguage(language)));
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  return formatDateTimeIn(iso, intlLocaleOf(resolveLanguage(language)));
}

/** Short date only, in the console's language. */
export function formatDate(iso: string, language: string): string {
  return formatDateIn(iso, intlLocaleOf(resolveLanguage(language)));
}

/** Whole minutes from `iso` until `now` (never negative). */
export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
}
