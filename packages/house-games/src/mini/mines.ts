import type { RandomStream } from '../stream.ts';
import { MULTIPLIER_SCALE } from './mini-game.ts';

/**
 * Mines: a 5×5 grid hides 1–24 mines; the player reveals cells one at a time and may cash out
 * after any safe one. A round spans several requests, so the whole board is fixed when the round
 * starts, from the round's provably fair stream (verifiable afterwards like any other round):
 *
 * - cells are numbered 0–24 row by row (cell = row × 5 + column);
 * - Fisher–Yates on [0, 1, …, 24]: for i = 0 … 23, j = i + nextInt(25 − i), swap positions i and
 *   j (24 exactly uniform draws; the stream's rejection sampling makes them unbiased);
 * - the first `mineCount` cells of the shuffled order are the mines.
 *
 * After k safe reveals the payout multiplier is 0.99 × C(25, k) / C(25 − m, k): the inverse of
 * the chance of surviving k picks, less a 1 % edge, floored to ten-thousandths like the other
 * mini games' multipliers. Each cash-out point (and so any way of choosing when to stop, which
 * is a mixture of them) returns at most 99 %.
 */
export const MINES_CELLS = 25;
export const MINES_COLUMNS = 5;
export const MINES_COUNT_RANGE = { min: 1, max: 24 } as const;
export const MINES_GAME = { code: 'mines', name: { pt: 'Mines', en: 'Mines' } } as const;

/** 0.99 in ten-thousandths. */
const EDGE_FACTOR = 9_900n;

export function isMineCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MINES_COUNT_RANGE.min && (value as number) <= MINES_COUNT_RANGE.max;
}

export function isCell(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < MINES_CELLS;
}

/** How many safe cells a board with `mineCount` mines has (revealing them all ends the round). */
export function safeCells(mineCount: number): number {
  return MINES_CELLS - mineCount;
}

/** The round's shuffled cell order (see above); the same stream always gives the same order. */
export function shuffleCells(stream: RandomStream): number[] {
  const cells = Array.from({ length: MINES_CELLS }, (_, cell) => cell);
  for (let i = 0; i < MINES_CELLS - 1; i += 1) {
    const j = i + stream.nextInt(MINES_CELLS - i);
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return cells;
}

/** The round's mines, in ascending cell order. */
export function minePositions(stream: RandomStream, mineCount: number): number[] {
  if (!isMineCount(mineCount)) throw new RangeError(`mine count must be ${MINES_COUNT_RANGE.min}–${MINES_COUNT_RANGE.max}, got ${mineCount}`);
  return shuffleCells(stream)
    .slice(0, mineCount)
    .sort((a, b) => a - b);
}

/** C(25, k) / C(25 − m, k) as a fraction: the inverse of the chance that k picks are all safe. */
export function minesOdds(mineCount: number, safeReveals: number): { numerator: bigint; denominator: bigint } {
  if (!isMineCount(mineCount) || !Number.isInteger(safeReveals) || safeReveals < 0 || safeReveals > safeCells(mineCount)) {
    throw new RangeError(`no odds for ${safeReveals} safe reveals with ${mineCount} mines`);
  }
  let numerator = 1n;
  let denominator = 1n;
  for (let i = 0; i < safeReveals; i += 1) {
    numerator *= BigInt(MINES_CELLS - i);
    denominator *= BigInt(MINES_CELLS - mineCount - i);
  }
  return { numerator, denominator };
}

/** The cash-out multiplier after `safeReveals` (1 … 25 − m) safe cells, in ten-thousandths. */
export function minesMultiplier(mineCount: number, safeReveals: number): bigint {
  if (safeReveals < 1) throw new RangeError('there is no cash-out before the first safe cell');
  const { numerator, denominator } = minesOdds(mineCount, safeReveals);
  return (EDGE_FACTOR * numerator) / denominator;
}

/** The chance that the next pick is safe, after `safeReveals` safe ones (for display). */
export function minesNextChance(mineCount: number, safeReveals: number): number {
  const cellsLeft = MINES_CELLS - safeReveals;
  return cellsLeft > 0 ? (safeCells(mineCount) - safeReveals) / cellsLeft : 0;
}

/** Exact return to player of cashing out after `safeReveals` safe cells: P(survive) × multiplier. */
export function minesRtp(mineCount: number, safeReveals: number): number {
  const { numerator, denominator } = minesOdds(mineCount, safeReveals);
  const multiplier = minesMultiplier(mineCount, safeReveals);
  // Scaled by 10^12 in integers first, so the fraction is exact to 12 places before it becomes a float.
  return Number((multiplier * denominator * 1_000_000_000_000n) / (numerator * MULTIPLIER_SCALE)) / 1e12;
}

export type MinesState = 'playing' | 'cashed_out' | 'lost' | 'refunded';

/** A Mines board as stored: the mines are fixed at the start; the rest follows the player. */
export interface MinesBoard {
  mineCount: number;
  /** Ascending cell numbers. */
  mines: number[];
  /** Safe cells in the order they were revealed. */
  revealed: number[];
  /** The mine that ended the round, when one did. */
  hit: number | null;
  state: MinesState;
}

export function newMinesBoard(stream: RandomStream, mineCount: number): MinesBoard {
  return { mineCount, mines: minePositions(stream, mineCount), revealed: [], hit: null, state: 'playing' };
}

/**
 * The board after the player picks `cell`: unchanged when the cell is already revealed or the
 * round is over (replays and double clicks), lost on a mine, and cashed out automatically when
 * the last safe cell is revealed.
 */
export function revealCell(board: MinesBoard, cell: number): { board: MinesBoard; changed: boolean } {
  if (board.state !== 'playing' || board.revealed.includes(cell)) return { board, changed: false };
  if (board.mines.includes(cell)) return { board: { ...board, hit: cell, state: 'lost' }, changed: true };
  const revealed = [...board.revealed, cell];
  return { board: { ...board, revealed, state: revealed.length === safeCells(board.mineCount) ? 'cashed_out' : 'playing' }, changed: true };
}

/** The payout multiplier the board has earned: the cash-out multiplier once cashed out, else 0. */
export function boardMultiplier(board: MinesBoard): bigint {
  return board.state === 'cashed_out' ? minesMultiplier(board.mineCount, board.revealed.length) : 0n;
}
