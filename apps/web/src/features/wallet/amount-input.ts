import { AmountInputSchema } from '@app/contracts';

/**
 * What a player types as an amount, made ready for the contract: Brazilians write the decimal
 * separator as a comma ("12,50"), the API expects a dot. Thousands separators are not guessed
 * at: "1.234,50" stays invalid and the player is asked to correct it, never charged 1,23.
 */
export function normaliseAmount(input: string): string {
  const trimmed = input.trim();
  return trimmed.includes('.') ? trimmed : trimmed.replace(',', '.');
}

/** The amount to send, or null when AmountInputSchema refuses it (then show wallet.amount_invalid). */
export function parseAmountInput(input: string): string | null {
  const result = AmountInputSchema.safeParse(normaliseAmount(input));
  return result.success ? result.data : null;
}
