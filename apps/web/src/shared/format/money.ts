import { intlLocaleOf, type Language } from '@app/i18n';

/**
 * Formats a decimal string from the API ("1234.5") in the player's locale with two places.
 * Intl formats numeric strings exactly, so no float ever touches a balance.
 */
export function formatMoney(amount: string, language: Language): string {
  const formatter = new Intl.NumberFormat(intlLocaleOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const value = /^-?\d+(\.\d+)?$/.test(amount) ? (amount as `${number}`) : '0';
  return formatter.format(value);
}

/** What the hide toggle shows instead of the balance. */
export const HIDDEN_BALANCE = '******';
