import type { RouletteBetType } from '@app/contracts';
import type { RandomStream } from '../stream.ts';

/**
 * European roulette: one zero, 37 pockets. The layout has 0 on top and 1–36 in twelve rows of
 * three (row k holds 3k+1, 3k+2, 3k+3); column 1 is 1, 4, …, 34, column 3 is 3, 6, …, 36.
 * A spot is one string (see the contract): straight:N, split:A-B, street:N, corner:A-B-C-D,
 * line:N, dozen:D, column:C, red, black, odd, even, low, high, neighbours:N. Numbers are written
 * without leading zeros and, in splits and corners, in ascending order, so every bet has exactly
 * one spot string.
 */
export const ROULETTE_POCKETS = 37;
export const ROULETTE_WHEEL: readonly number[] = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** Paid to 1 on a win. Neighbours: each of the five numbers is a straight-up of a fifth of the stake. */
export const ROULETTE_PAYOUTS: Readonly<Record<RouletteBetType, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
  neighbours: 35,
};
/** How many numbers either side of N a neighbours bet covers, and the straight-ups it makes. */
export const NEIGHBOURS_EACH_SIDE = 2;
export const NEIGHBOURS_COUNT = 2 * NEIGHBOURS_EACH_SIDE + 1;

export function isRouletteNumber(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < ROULETTE_POCKETS;
}

export function rouletteColour(n: number): 'red' | 'black' | 'green' {
  if (!isRouletteNumber(n)) throw new RangeError(`not a roulette number: ${n}`);
  return n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black';
}

/** The spin: one exactly uniform draw in 0–36 from the round's stream. */
export function spinRoulette(stream: RandomStream): number {
  return stream.nextInt(ROULETTE_POCKETS);
}

/** N and the two pockets either side of it on the wheel, in wheel order. */
export function wheelNeighbours(n: number, eachSide = NEIGHBOURS_EACH_SIDE): number[] {
  const at = ROULETTE_WHEEL.indexOf(n);
  if (at < 0) throw new RangeError(`not a roulette number: ${n}`);
  const numbers: number[] = [];
  for (let step = -eachSide; step <= eachSide; step += 1) numbers.push(ROULETTE_WHEEL[(at + step + ROULETTE_POCKETS) % ROULETTE_POCKETS]!);
  return numbers;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
/** Numbers as written in a spot: 0, or 1–36 without a leading zero. */
const NUMBER_TEXT = /^(0|[1-9]\d?)$/;

function parseNumbers(text: string, count: number): number[] | null {
  const parts = text.split('-');
  if (parts.length !== count || !parts.every((part) => NUMBER_TEXT.test(part))) return null;
  const numbers = parts.map(Number);
  if (!numbers.every((n) => n <= 36)) return null;
  return numbers.every((n, k) => k === 0 || n > numbers[k - 1]!) ? numbers : null;
}

/** Two numbers side by side or one above the other on the layout (0 touches 1, 2 and 3). */
function isSplit(a: number, b: number): boolean {
  if (a === 0) return b >= 1 && b <= 3;
  return (b === a + 1 && a % 3 !== 0) || b === a + 3;
}

/** The first number of a street or line: 1, 4, …, up to `last`. */
function isRowStart(n: number, last: number): boolean {
  return n >= 1 && n <= last && n % 3 === 1;
}

function parseInside(type: string, text: string): number[] | null {
  switch (type) {
    case 'straight':
      return parseNumbers(text, 1);
    case 'split': {
      const numbers = parseNumbers(text, 2);
      return numbers && isSplit(numbers[0]!, numbers[1]!) ? numbers : null;
    }
    case 'street': {
      const numbers = parseNumbers(text, 1);
      return numbers && isRowStart(numbers[0]!, 34) ? range(numbers[0]!, numbers[0]! + 2) : null;
    }
    case 'line': {
      const numbers = parseNumbers(text, 1);
      return numbers && isRowStart(numbers[0]!, 31) ? range(numbers[0]!, numbers[0]! + 5) : null;
    }
    case 'corner': {
      const numbers = parseNumbers(text, 4);
      if (!numbers) return null;
      const [a, b, c, d] = numbers as [number, number, number, number];
      if (a === 0) return b === 1 && c === 2 && d === 3 ? numbers : null;
      return a % 3 !== 0 && a <= 32 && b === a + 1 && c === a + 3 && d === a + 4 ? numbers : null;
    }
    case 'neighbours': {
      const numbers = parseNumbers(text, 1);
      return numbers ? wheelNeighbours(numbers[0]!) : null;
    }
    case 'dozen':
    case 'column': {
      if (!/^[123]$/.test(text)) return null;
      const k = Number(text);
      return type === 'dozen' ? range(12 * (k - 1) + 1, 12 * k) : range(1, 36).filter((n) => n % 3 === k % 3);
    }
    default:
      return null;
  }
}

/** The even-money bets (a Map, so that "toString" and friends are not spots). */
const EVEN_MONEY = new Map<string, (n: number) => boolean>([
  ['red', (n) => RED_NUMBERS.has(n)],
  ['black', (n) => n !== 0 && !RED_NUMBERS.has(n)],
  ['odd', (n) => n % 2 === 1],
  ['even', (n) => n !== 0 && n % 2 === 0],
  ['low', (n) => n >= 1 && n <= 18],
  ['high', (n) => n >= 19],
]);

/**
 * The bet a spot string makes and the numbers it covers (ascending, neighbours in wheel order),
 * or null for anything that is not exactly one valid spot: unknown type, out of range, leading
 * zeros, numbers not adjacent on the layout, not ascending, a street or line not starting a row.
 */
export function parseRouletteSpot(spot: string): { type: RouletteBetType; numbers: number[] } | null {
  if (typeof spot !== 'string' || spot.length > 20) return null;
  const covers = EVEN_MONEY.get(spot);
  if (covers) return { type: spot as RouletteBetType, numbers: range(0, 36).filter(covers) };
  const colon = spot.indexOf(':');
  if (colon < 0) return null;
  const type = spot.slice(0, colon);
  const numbers = parseInside(type, spot.slice(colon + 1));
  return numbers ? { type: type as RouletteBetType, numbers } : null;
}

/**
 * What a chip of `amount` centavos on `spot` returns when the ball lands on `number`, stake
 * included (0 when lost). Zero loses every even-money bet (no la partage, no en prison).
 * Neighbours is five straight-ups of amount / 5: the amount must divide by 5 (RangeError otherwise,
 * like an invalid spot — the server refuses such chips before they are staked).
 */
export function settleRouletteChip(spot: string, amount: bigint, number: number): bigint {
  const bet = parseRouletteSpot(spot);
  if (!bet) throw new RangeError(`not a roulette spot: ${JSON.stringify(spot)}`);
  if (!isRouletteNumber(number)) throw new RangeError(`not a roulette number: ${number}`);
  if (amount < 0n) throw new RangeError('a stake cannot be negative');
  const pays = BigInt(ROULETTE_PAYOUTS[bet.type]);
  if (bet.type === 'neighbours') {
    if (amount % BigInt(NEIGHBOURS_COUNT) !== 0n) throw new RangeError(`a neighbours stake must divide by ${NEIGHBOURS_COUNT} centavos, got ${amount}`);
    return bet.numbers.includes(number) ? (amount / BigInt(NEIGHBOURS_COUNT)) * (pays + 1n) : 0n;
  }
  return bet.numbers.includes(number) ? amount * (pays + 1n) : 0n;
}

/** Every valid spot string, inside bets first, in layout order. */
export function allRouletteSpots(): string[] {
  const spots: string[] = [];
  for (let n = 0; n <= 36; n += 1) spots.push(`straight:${n}`);
  for (let a = 0; a <= 36; a += 1) for (let b = a + 1; b <= 36; b += 1) if (isSplit(a, b)) spots.push(`split:${a}-${b}`);
  for (let n = 1; n <= 34; n += 3) spots.push(`street:${n}`);
  spots.push('corner:0-1-2-3');
  for (let a = 1; a <= 32; a += 1) if (a % 3 !== 0) spots.push(`corner:${a}-${a + 1}-${a + 3}-${a + 4}`);
  for (let n = 1; n <= 31; n += 3) spots.push(`line:${n}`);
  for (const k of [1, 2, 3]) spots.push(`dozen:${k}`);
  for (const k of [1, 2, 3]) spots.push(`column:${k}`);
  spots.push('red', 'black', 'odd', 'even', 'low', 'high');
  for (let n = 0; n <= 36; n += 1) spots.push(`neighbours:${n}`);
  return spots;
}

/** A stake is valid on a spot when it is positive and, for neighbours, divides into five. */
export function isValidRouletteStake(spot: string, amount: bigint): boolean {
  const bet = parseRouletteSpot(spot);
  return bet !== null && amount > 0n && (bet.type !== 'neighbours' || amount % BigInt(NEIGHBOURS_COUNT) === 0n);
}
