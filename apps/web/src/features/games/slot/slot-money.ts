import { formatCents, parseCents } from '@app/kernel';

/**
 * Decimal-string money ("12.34") as integer centavos for the slot screen's own sums (total bet,
 * demo balance), through the kernel's money helpers. Never floats: a balance shown after a
 * thousand spins must be exact.
 */
export function toCents(amount: string): bigint {
  return parseCents(amount.trim()) ?? 0n;
}

export const fromCents = formatCents;

/** Line bet × lines, or a pay of `units` line bets. */
export function times(amount: string, factor: number): string {
  return fromCents(toCents(amount) * BigInt(factor));
}
