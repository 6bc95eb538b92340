/**
 * Money is bigint minor units (centavos) inside, a decimal string with two places on the wire.
 * No float ever touches an amount: parsing and formatting work on the digits.
 */
const DECIMAL = /^(-)?(\d{1,16})(?:\.(\d{1,2}))?$/;

/** "12.3" → 1230n; undefined for anything that is not a plain decimal with at most 2 places. */
export function parseCents(text: string): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 1230n → "12.30"; -5n → "-0.05". */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
