import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MINES_CELLS, MINES_COUNT_RANGE, minePositions, minesMultiplier, minesOdds, minesRtp, newMinesBoard, revealCell, boardMultiplier, safeCells, shuffleCells, payout } from '@app/house-games';
import { createRoundStream } from '../fairness/provably-fair.ts';

const serverSeed = createHash('sha256').update('mines-simulation').digest('hex');
const stream = (nonce: number) => createRoundStream({ serverSeed, clientSeed: 'simulation', nonce });
const ROUNDS = 100_000;

/** Every (mines, safe reveals) cash-out point of the game. */
const cashOutPoints = Array.from({ length: MINES_COUNT_RANGE.max }, (_, index) => index + 1).flatMap((mines) => Array.from({ length: safeCells(mines) }, (_, k) => ({ mines, reveals: k + 1 })));

/**
 * Plays `ROUNDS` rounds revealing cells 0, 1, 2, … (the order does not matter: the board is a
 * uniform random set) and cashing out after `reveals` safe ones; answers the measured RTP and
 * its standard error.
 */
function simulate(mines: number, reveals: number) {
  let sum = 0;
  let squares = 0;
  for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
    let board = newMinesBoard(stream(nonce), mines);
    for (let cell = 0; board.state === 'playing' && board.revealed.length < reveals; cell += 1) board = revealCell(board, cell).board;
    const multiple = board.state === 'lost' ? 0 : Number(minesMultiplier(mines, board.revealed.length)) / 10_000;
    sum += multiple;
    squares += multiple * multiple;
  }
  const rtp = sum / ROUNDS;
  return { rtp, standardError: Math.sqrt((squares / ROUNDS - rtp * rtp) / ROUNDS) };
}

describe('mines (pure game)', () => {
  it('shuffles the 25 cells from the stream, the same way every time, and takes the first m as mines', () => {
    const order = shuffleCells(stream(7));
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: MINES_CELLS }, (_, cell) => cell));
    expect(shuffleCells(stream(7))).toEqual(order);
    for (const mines of [1, 3, 24]) {
      const positions = minePositions(stream(7), mines);
      expect(positions).toEqual(order.slice(0, mines).sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(mines);
    }
    expect(minePositions(stream(8), 3)).not.toEqual(minePositions(stream(7), 3));
    // Pinned so that any change to the scheme (and so to every verifier) is noticed.
    expect(minePositions(createRoundStream({ serverSeed: 'a'.repeat(64), clientSeed: 'client', nonce: 0 }), 5)).toEqual(PINNED_FIVE_MINES);
    expect(() => minePositions(stream(1), 0)).toThrow(RangeError);
    expect(() => minePositions(stream(1), 25)).toThrow(RangeError);
  });

  it('puts a mine on every cell equally often (10^5 boards of 5 mines, within 5 standard errors)', () => {
    const counts = new Array<number>(MINES_CELLS).fill(0);
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) for (const cell of minePositions(stream(nonce), 5)) counts[cell]! += 1;
    const expected = 0.2;
    const standardError = Math.sqrt((expected * (1 - expected)) / ROUNDS);
    for (const count of counts) expect(Math.abs(count / ROUNDS - expected)).toBeLessThan(5 * standardError);
  });

  it('pays 0.99 × C(25,k) / C(25−m,k), floored to ten-thousandths', () => {
    expect(minesMultiplier(1, 1)).toBe(10_312n); // 0.99 × 25/24 = 1.03125
    expect(minesMultiplier(3, 1)).toBe(11_250n); // 0.99 × 25/22
    expect(minesMultiplier(3, 2)).toBe(12_857n); // 0.99 × 600/462 = 1.285714…
    expect(minesMultiplier(24, 1)).toBe(247_500n); // 24.75×
    expect(minesMultiplier(5, 20)).toBe(525_987_000n); // all safe cells: 0.99 × C(25,5) = 52,598.7×
    expect(minesOdds(3, 2)).toEqual({ numerator: 600n, denominator: 462n });
    for (const { mines, reveals } of cashOutPoints) {
      expect(minesMultiplier(mines, reveals)).toBeGreaterThan(10_000n);
      if (reveals > 1) expect(minesMultiplier(mines, reveals)).toBeGreaterThan(minesMultiplier(mines, reveals - 1));
    }
    expect(() => minesMultiplier(3, 0)).toThrow(RangeError);
    expect(() => minesMultiplier(3, 23)).toThrow(RangeError);
  });

  it('returns at most 99 % and at least 98.99 % at every one of the 300 cash-out points (exact)', () => {
    expect(cashOutPoints).toHaveLength(300);
    for (const { mines, reveals } of cashOutPoints) {
      const { numerator, denominator } = minesOdds(mines, reveals);
      // RTP = multiplier/10^4 × denominator/numerator ≤ 0.99, compared in integers.
      expect(minesMultiplier(mines, reveals) * denominator <= 9_900n * numerator, `${mines} mines, ${reveals} reveals`).toBe(true);
      expect(minesRtp(mines, reveals)).toBeGreaterThanOrEqual(0.9899);
      expect(minesRtp(mines, reveals)).toBeLessThanOrEqual(0.99);
    }
    const rtps = cashOutPoints.map(({ mines, reveals }) => minesRtp(mines, reveals));
    expect(Math.max(...rtps)).toBe(0.99);
    expect(Math.min(...rtps)).toBeCloseTo(0.98992, 5); // 1 mine, 2 safe cells: 23/25 × 1.0760
  });

  it.each([
    [3, 5],
    [10, 2],
    [1, 12],
  ])('measures the RTP of %i mines cashed out after %i safe cells on 10^5 rounds, within 4 standard errors of the exact value', (mines, reveals) => {
    const { rtp, standardError } = simulate(mines, reveals);
    expect(Math.abs(rtp - minesRtp(mines, reveals))).toBeLessThan(4 * standardError);
  });

  it('reveals: a replayed cell or a finished board changes nothing, a mine loses, the last safe cell cashes out', () => {
    let board = newMinesBoard(stream(3), 24);
    const safe = Array.from({ length: MINES_CELLS }, (_, cell) => cell).find((cell) => !board.mines.includes(cell))!;
    const mine = board.mines[0]!;
    const first = revealCell(board, safe);
    expect(first.changed).toBe(true);
    expect(first.board).toMatchObject({ revealed: [safe], state: 'cashed_out' });
    expect(boardMultiplier(first.board)).toBe(247_500n);
    expect(payout(1_00n, boardMultiplier(first.board))).toBe(24_75n);
    expect(revealCell(first.board, mine).changed).toBe(false);

    board = newMinesBoard(stream(3), 3);
    const safeCells3 = Array.from({ length: MINES_CELLS }, (_, cell) => cell).filter((cell) => !board.mines.includes(cell));
    board = revealCell(board, safeCells3[0]!).board;
    expect(revealCell(board, safeCells3[0]!)).toEqual({ board, changed: false });
    const lost = revealCell(board, board.mines[1]!).board;
    expect(lost).toMatchObject({ state: 'lost', hit: board.mines[1], revealed: [safeCells3[0]] });
    expect(boardMultiplier(lost)).toBe(0n);
    expect(revealCell(lost, safeCells3[1]!).changed).toBe(false);
  });
});

const PINNED_FIVE_MINES = [1, 7, 8, 12, 23];
