import { MAX_ADJUSTMENT_CENTS } from '@app/contracts';

/**
 * What an operator types as an adjustment ("-50", "+1.234,56", "R$ 12,5", "99.90") as signed
 * centavos in a string, or null when it is not an amount, is zero or is over the limit.
 */
export function toSignedCents(text: string): string | null {
  let value = text.replace(/\s|R\$/g, '');
  let negative = false;
  if (value.startsWith('-') || value.startsWith('+')) {
    negative = value.startsWith('-');
    value = value.slice(1);
  }
  let whole: string;
  let fraction = '';
  if (value.includes(',')) {
    // Brazilian: thousands with dots, decimals after the comma.
    const [integer = '', decimals = '', ...rest] = value.split(',');
    if (rest.length > 0 || !/^\d{1,3}(\.\d{3})*$|^\d+$/.test(integer)) return null;
    whole = integer.replace(/\./g, '');
    fraction = decimals;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    whole = value.replace(/\./g, '');
  } else {
    const [integer = '', decimals = '', ...rest] = value.split('.');
    if (rest.length > 0) return null;
    whole = integer;
    fraction = decimals;
  }
  if (!/^\d{1,12}$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents === 0n || cents > MAX_ADJUSTMENT_CENTS) return null;
  return `${negative ? '-' : ''}${cents}`;
}

/** Signed centavos as the API's decimal ("-1234" → "-12.34"), for showing what will be asked. */
export function centsToDecimal(cents: string): string {
  const negative = cents.startsWith('-');
  const digits = (negative ? cents.slice(1) : cents).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
