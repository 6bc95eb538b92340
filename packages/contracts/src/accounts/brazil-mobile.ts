/**
 * Brazilian mobile numbers: a 2-digit DDD (area code) then a 9-digit subscriber number that
 * starts with 9 (ANATEL's mobile prefix since 2016). Stored as E.164: +55 DDD 9XXXX-XXXX.
 */

/** The DDDs ANATEL has assigned; 10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56–60, 70, 72, 76, 78, 80 and 90 are not. */
export const BR_DDD_SOURCE = '(?:[14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])';
const NATIONAL_MOBILE = new RegExp(`^${BR_DDD_SOURCE}9[0-9]{8}$`);

/**
 * What people actually type: digits, spaces, dots, hyphens, parentheses and one leading '+'.
 * Anything else (letters, other symbols) is refused rather than silently dropped, so
 * "11abc961234567" is not mistaken for a number.
 */
export const BR_MOBILE_INPUT_SOURCE = '^\\+?[0-9 \\(\\)\\.\\-]+$';
const MOBILE_INPUT = new RegExp(BR_MOBILE_INPUT_SOURCE);

/** '(11) 96123-4567', '+55 11 96123-4567', '11961234567' → '+5511961234567'; landlines and junk → null. */
export function normalizeBrMobile(input: string): string | null {
  const trimmed = input.trim();
  if (!MOBILE_INPUT.test(trimmed)) return null;
  let digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  // A leading '+' announces a country code, and only +55 is a Brazilian number.
  else if (trimmed.startsWith('+')) return null;
  return NATIONAL_MOBILE.test(digits) ? `+55${digits}` : null;
}

export function isValidBrMobile(input: string): boolean {
  return normalizeBrMobile(input) !== null;
}

/** '+5511961234567' → '(11) 96123-4567', the national format Brazilians read. Other input comes back unchanged. */
export function formatBrMobile(e164: string): string {
  const match = /^\+55(\d{2})(\d{5})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
