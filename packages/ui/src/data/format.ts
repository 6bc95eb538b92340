/**
 * Money and dates as the two apps show them, from the API's wire values: decimal strings
 * ("1234.50") and ISO instants. `locale` is an Intl locale ("pt-BR"), which each app derives from
 * its language (@app/i18n intlLocaleOf).
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * "1234.5" as R$ 1.234,50. Intl formats the numeric string itself, so no float ever touches an
 * amount; anything that is not a decimal string is shown as it came.
 */
export function formatBrl(amount: string, locale: string): string {
  if (!DECIMAL.test(amount)) return amount;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(amount as `${number}`);
}

/** Short date and time to the second; '—' for nothing, the text as it came if it is no date. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** Short date only (a member's registration day, a report's day). */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(date);
}
