import { intlLocaleOf, resolveLanguage } from '@app/i18n';

/** "1234.50" (the API's decimal strings) as R$ 1.234,50 in the console's language. */
export function formatMoney(amount: string, language: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(intlLocaleOf(resolveLanguage(language)), { style: 'currency', currency: 'BRL' }).format(value);
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocaleOf(resolveLanguage(language)), { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** Whole minutes from `iso` until `now` (never negative). */
export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
}
