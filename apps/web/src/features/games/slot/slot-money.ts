/**
 * Decimal-string money ("12.34") as integer centavos for the slot screen's own sums (total bet,
 * demo balance). Never floats: a balance shown after a thousand spins must be exact.
 */
export function toCents(amount: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount.trim());
  if (!match) return 0n;
  const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Line bet × lines, or a pay of `units` line bets. */
export function times(amount: string, factor: number): string {
  return fromCents(toCents(amount) * BigInt(factor));
}
