import { formatCents } from '@app/kernel';
import { parseAmountInput } from '../wallet/index.ts';

/**
 * Amounts against the limits the server publishes. Compared as bigint centavos, never floats:
 * "50000.01" must be above a 50000.00 maximum.
 */
export function toCents(amount: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** "0.35" → 35n → "0.35"; used for remaining = amount − received. */
export const fromCents = formatCents;

export interface AmountLimits {
  min: string;
  max: string;
  /** What the member may take out now (withdrawals only). */
  available?: string;
}

export type AmountCheck = { ok: true; amount: string } | { ok: false; problem: 'invalid' | 'below_min' | 'above_max' | 'above_available' };

/** What the member typed ("12,50"), made ready to send, or the first problem to show. */
export function checkAmount(input: string, limits: AmountLimits): AmountCheck {
  const amount = parseAmountInput(input);
  const cents = amount === null ? null : toCents(amount);
  if (amount === null || cents === null) return { ok: false, problem: 'invalid' };
  const min = toCents(limits.min);
  const max = toCents(limits.max);
  if (min !== null && cents < min) return { ok: false, problem: 'below_min' };
  if (max !== null && cents > max) return { ok: false, problem: 'above_max' };
  const available = limits.available === undefined ? null : toCents(limits.available);
  if (available !== null && cents > available) return { ok: false, problem: 'above_available' };
  return { ok: true, amount };
}

/** A preset from the server ("50.00") as the member would type it: "50,00" in Portuguese. */
export function toInputAmount(amount: string, decimalSeparator: string): string {
  return decimalSeparator === ',' ? amount.replace('.', ',') : amount;
}

/** The same amount, however it was written ("50", "50,0", "50.00")? */
export function isSameAmount(input: string, amount: string): boolean {
  const typed = parseAmountInput(input);
  return typed !== null && toCents(typed) === toCents(amount);
}
