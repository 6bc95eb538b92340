import { describe, expect, it } from 'vitest';
import type { LiveLimits, LiveMyBet } from '@app/contracts';
import { clear, double, EMPTY_BOARD, lastRoundChips, limitProblems, pendingChips, placeChip, repeat, toWireChips, totalOf, totalsBySpot, undo } from './board-state.ts';

const bet = (roundId: string, chips: Array<[string, string]>, status: LiveMyBet['status'] = 'settled'): LiveMyBet => ({
  id: `b${roundId}${chips.length}`,
  roundId,
  chips: chips.map(([spot, amount]) => ({ spot, amount, win: null })),
  amount: '0.00',
  status,
  win: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('board maths', () => {
  it('places chips, totals them per spot and sends one chip per spot', () => {
    let board = placeChip(EMPTY_BOARD, 'player', 500n);
    board = placeChip(board, 'tie', 100n);
    board = placeChip(board, 'player', 1000n);
    expect([...totalsBySpot(pendingChips(board))]).toEqual([
      ['player', 1500n],
      ['tie', 100n],
    ]);
    expect(totalOf(pendingChips(board))).toBe(1600n);
    expect(toWireChips(board)).toEqual([
      { spot: 'player', amount: '15.00' },
      { spot: 'tie', amount: '1.00' },
    ]);
  });

  it('doubles every spot as one action that a single undo takes back', () => {
    let board = placeChip(placeChip(EMPTY_BOARD, 'straight:17', 50n), 'red', 200n);
    board = double(board);
    expect(totalOf(pendingChips(board))).toBe(500n);
    expect(totalsBySpot(pendingChips(board)).get('straight:17')).toBe(100n);
    board = undo(board);
    expect(totalOf(pendingChips(board))).toBe(250n);
    board = undo(undo(board));
    expect(board).toEqual(EMPTY_BOARD);
    expect(undo(board)).toBe(board);
    expect(double(EMPTY_BOARD)).toBe(EMPTY_BOARD);
  });

  it('repeats the last round confirmed (the newest round before the live one) and clears', () => {
    const recent = [bet('40', [['banker', '10.00']]), bet('41', [['player', '5.00'], ['tie', '1.00']]), bet('42', [['tie', '2.00']], 'placed'), bet('39', [['player', '1.00']], 'failed')];
    const last = lastRoundChips(recent, '42');
    expect(last).toEqual([
      { spot: 'player', cents: 500n },
      { spot: 'tie', cents: 100n },
    ]);
    const board = repeat(placeChip(EMPTY_BOARD, 'banker', 100n), last);
    expect(totalOf(pendingChips(board))).toBe(700n);
    expect(pendingChips(undo(board))).toEqual([{ spot: 'banker', cents: 100n }]);
    expect(repeat(board, [])).toBe(board);
    expect(clear()).toEqual(EMPTY_BOARD);
    expect(lastRoundChips([], '1')).toEqual([]);
  });

  it('checks the limits per bet type with what is already confirmed, the round maximum and neighbours in fifths', () => {
    const limits: LiveLimits = { perType: { straight: { min: '0.50', max: '5.00' }, neighbours: { min: '2.50', max: '100.00' }, red: { min: '1.00', max: '50.00' } }, roundMax: '60.00' };
    expect(limitProblems([{ spot: 'straight:7', cents: 300n }], [{ spot: 'straight:7', cents: 300n }], limits)).toEqual([{ kind: 'max', spot: 'straight:7', limit: '5.00' }]);
    expect(limitProblems([{ spot: 'red', cents: 50n }], [], limits)).toEqual([{ kind: 'min', spot: 'red', limit: '1.00' }]);
    expect(limitProblems([{ spot: 'neighbours:3', cents: 251n }], [], limits)).toEqual([{ kind: 'neighbours_split', spot: 'neighbours:3' }]);
    expect(limitProblems([{ spot: 'red', cents: 5000n }], [{ spot: 'straight:1', cents: 500n }, { spot: 'neighbours:0', cents: 1000n }], limits)).toEqual([{ kind: 'round_max', limit: '60.00' }]);
    expect(limitProblems([{ spot: 'straight:0', cents: 500n }], [], limits)).toEqual([]);
  });
});
