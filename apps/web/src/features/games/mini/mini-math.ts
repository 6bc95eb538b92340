import { MINES_GAME_CODE, MINI_GAME_CODES, type MiniGameCode, type MiniPlayResponse } from '@app/contracts';
import { DICE_TARGET_RANGE, diceMultiplier, LIMBO_TARGET_RANGE, payout } from '@app/house-games';
import { intlLocaleOf, type Language } from '@app/i18n';
import { fromCents, toCents } from '../slot/slot-money.ts';

/**
 * The mini games' numbers as the player sees them: amounts typed in either locale, live odds
 * and payouts from the shared engines (the same integers the server uses), and display formats.
 * Money stays in integer centavos; floats are only for percentages shown on screen.
 */

export type MiniRound = MiniPlayResponse['round'];
export type AmountProblem = 'invalid' | 'min' | 'max';
export type DiceDirection = 'over' | 'under';

/** The HOUSE mini games: the one-step ones and Mines (several steps, its own screen). */
export type HouseMiniCode = MiniGameCode | typeof MINES_GAME_CODE;

/** The HOUSE vendor's mini games open on their own screens instead of the slot screen. */
export function miniGameCodeOf(vendor: string, gameCode: string): HouseMiniCode | null {
  if (vendor !== 'HOUSE') return null;
  if (gameCode === MINES_GAME_CODE) return MINES_GAME_CODE;
  return (MINI_GAME_CODES as readonly string[]).includes(gameCode) ? (gameCode as MiniGameCode) : null;
}

const AMOUNT_PATTERNS: Record<Language, RegExp> = {
  pt: /^(\d{1,3}(?:\.\d{3})+|\d{1,12})(?:[.,](\d{1,2}))?$/,
  en: /^(\d{1,3}(?:,\d{3})+|\d{1,12})(?:[.,](\d{1,2}))?$/,
};

/**
 * An amount as typed ("1,50", "1.50", "R$ 1.000,00", "2") in centavos, or null. Either "." or
 * "," followed by one or two digits is the decimal mark (phones offer one or the other); the
 * language's own thousands separator ("." in Portuguese, "," in English) may group the whole
 * part. Anything else ("1,234" in Portuguese: three decimals) is not an amount.
 */
export function parseAmount(text: string, language: Language = 'pt'): bigint | null {
  const compact = text.trim().replace(/^R\$/i, '').replace(/\s/g, '');
  const match = AMOUNT_PATTERNS[language].exec(compact);
  if (!match) return null;
  const whole = match[1]!.replace(/[.,]/g, '');
  if (whole.length > 12) return null;
  return BigInt(whole) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

export function amountProblem(cents: bigint | null, min: string, max: string): AmountProblem | null {
  if (cents === null || cents <= 0n) return 'invalid';
  if (cents < toCents(min)) return 'min';
  if (cents > toCents(max)) return 'max';
  return null;
}

/** Centavos as the player would type them in their language ("1,50" / "1.50"), no grouping. */
export function amountInputText(cents: bigint, language: Language): string {
  const text = fromCents(cents);
  return language === 'pt' ? text.replace('.', ',') : text;
}

/** ½ and 2× keep the stake inside the table limits; ½ rounds down to the centavo. */
export function scaleAmount(cents: bigint, factor: 'half' | 'double', min: string, max: string): bigint {
  return clampAmount(factor === 'half' ? cents / 2n : cents * 2n, min, max);
}

export function clampAmount(cents: bigint, min: string, max: string): bigint {
  const low = toCents(min);
  const high = toCents(max);
  return cents < low ? low : cents > high ? high : cents;
}

/** What a payout multiplier in ten-thousandths pays on a stake, in centavos (floored, like the server). */
export function payoutCents(betCents: bigint, multiplier: bigint): bigint {
  return payout(betCents, multiplier);
}

/** Hundredths (5000) as the wire text "50.00". */
export function hundredthsText(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

export const DICE_TARGET = { min: DICE_TARGET_RANGE.min / 100, max: DICE_TARGET_RANGE.max / 100 } as const;

/** Dice odds for a target in hundredths: the win chance in percent and the multiplier in ten-thousandths. */
export function diceOdds(direction: DiceDirection, target: number): { chance: number; multiplier: bigint } {
  const winning = direction === 'over' ? 10_000 - target : target;
  return { chance: (winning / 10_001) * 100, multiplier: diceMultiplier({ direction, target }) };
}

export const LIMBO_TARGET = LIMBO_TARGET_RANGE;

/** A limbo target as typed ("2", "2,5", "1.000") in hundredths, or null when it is not a valid target. */
export function parseLimboTarget(text: string, language: Language = 'pt'): number | null {
  // Same notation as an amount: two places at most, "." or "," as the decimal mark.
  const value = parseAmount(text, language);
  if (value === null || value < BigInt(LIMBO_TARGET_RANGE.min) || value > BigInt(LIMBO_TARGET_RANGE.max)) return null;
  return Number(value);
}

/** Limbo: the result reaches the target with probability ≈ 99 / target (the engine's exact fraction). */
export function limboOdds(target: number): { chance: number; multiplier: bigint } {
  const winning = (99n * 2n ** 32n) / BigInt(target);
  return { chance: (Number(winning) / 2 ** 32) * 100, multiplier: BigInt(target) * 100n };
}

/**
 * Whether a round counts as a win on screen: dice and limbo say so themselves; a plinko drop
 * wins when it pays back more than the stake (a 0.5× slot returns money but is no win).
 */
export function roundWon(round: MiniRound): boolean {
  return 'won' in round.result ? round.result.won : toCents(round.win) > toCents(round.bet);
}

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return new Intl.NumberFormat(intlLocaleOf(language), options);
}

/** "1,9801×", "2×", "1.000.000×": up to `digits` places, trailing zeros dropped. */
export function formatMultiplier(value: string | number | bigint, language: Language, digits = 4): string {
  const number = typeof value === 'bigint' ? Number(value) / 10_000 : Number(value);
  return `${numberFormat(language, { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(number)}×`;
}

/** A percentage with two places, or more significant digits when it is tiny (limbo at 1,000,000×). */
export function formatPercent(value: number, language: Language): string {
  const options: Intl.NumberFormatOptions = value >= 0.01 || value === 0 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumSignificantDigits: 3 };
  return `${numberFormat(language, options).format(value)}%`;
}

/** A decimal with two places in the player's locale ("52,31"). */
export function formatDecimal(value: string | number, language: Language): string {
  return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
}
