import type { BaccaratResult } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { beadPlate, bigEyeBoy, bigRoad, bigRoadGrid, cockroachPig, derivedRoadMarks, nextRoadMarks, shoeStats, smallRoad } from './roads.ts';

const WINNERS = { P: 'player', B: 'banker', T: 'tie' } as const;

/** Hands from a string such as "BBPT": P player, B banker, T tie; "b"/"p" after a letter adds a banker/player pair. */
function hands(text: string): BaccaratResult[] {
  const results: BaccaratResult[] = [];
  for (const letter of text.replace(/\s/g, '')) {
    if (letter === 'p' || letter === 'b') {
      const last = results.at(-1)!;
      if (letter === 'p') last.playerPair = true;
      else last.bankerPair = true;
      continue;
    }
    const winner = WINNERS[letter as keyof typeof WINNERS];
    results.push({ game: 'baccarat', playerCards: ['2S', '3S'], bankerCards: ['8H', 'KH'], playerTotal: 5, bankerTotal: 8, winner, playerPair: false, bankerPair: false, natural: winner === 'banker' });
  }
  return results;
}

/** The big road's drawn cells as "winner@col,row" per streak. */
const drawn = (text: string) => bigRoad(hands(text)).map((streak) => streak.map((cell) => `${cell.winner}@${cell.col},${cell.row}`).join(' '));

describe('bead plate', () => {
  it('fills columns of six top to bottom, ties and pairs included', () => {
    const plate = beadPlate(hands('BPpTBBbP PB'));
    expect(plate).toHaveLength(2);
    expect(plate[0]!.map((cell) => cell?.winner)).toEqual(['B', 'P', 'T', 'B', 'B', 'P']);
    expect(plate[0]![1]).toEqual({ winner: 'P', playerPair: true, bankerPair: false });
    expect(plate[0]![4]).toEqual({ winner: 'B', playerPair: false, bankerPair: true });
    expect(plate[1]).toEqual([{ winner: 'P', playerPair: false, bankerPair: false }, { winner: 'B', playerPair: false, bankerPair: false }, null, null, null, null]);
    expect(beadPlate(hands('BPB'), 2)).toEqual([[expect.objectContaining({ winner: 'B' }), expect.objectContaining({ winner: 'P' })], [expect.objectContaining({ winner: 'B' }), null]]);
    expect(beadPlate([])).toEqual([]);
  });
});

describe('big road', () => {
  it('one column per streak, ties counted on the cell before them (leading ties on the first)', () => {
    const road = bigRoad(hands('T BBbTT P Bp'));
    expect(road).toEqual([
      [
        { winner: 'B', ties: 1, playerPair: false, bankerPair: false, col: 0, row: 0 },
        { winner: 'B', ties: 2, playerPair: false, bankerPair: true, col: 0, row: 1 },
      ],
      [{ winner: 'P', ties: 0, playerPair: false, bankerPair: false, col: 1, row: 0 }],
      [{ winner: 'B', ties: 0, playerPair: true, bankerPair: false, col: 2, row: 0 }],
    ]);
    expect(bigRoad(hands('TT'))).toEqual([]);
  });

  it('a streak longer than six turns right along the bottom row (dragon tail)', () => {
    expect(drawn('BBBBBBBB P')).toEqual(['B@0,0 B@0,1 B@0,2 B@0,3 B@0,4 B@0,5 B@1,5 B@2,5', 'P@1,0']);
  });

  it('a streak that meets a tail turns right above it, and a column whose top is taken is skipped', () => {
    expect(drawn('BBBBBBB PPPPPP BBBBB PPPP BBB PP B')).toEqual([
      'B@0,0 B@0,1 B@0,2 B@0,3 B@0,4 B@0,5 B@1,5',
      'P@1,0 P@1,1 P@1,2 P@1,3 P@1,4 P@2,4',
      'B@2,0 B@2,1 B@2,2 B@2,3 B@3,3',
      'P@3,0 P@3,1 P@3,2 P@4,2',
      'B@4,0 B@4,1 B@5,1',
      'P@5,0 P@6,0',
      'B@7,0',
    ]);
    const grid = bigRoadGrid(hands('BBBBBBB PPPPPP'));
    expect(grid).toHaveLength(3);
    expect(grid[1]!.map((cell) => cell?.winner ?? null)).toEqual(['P', 'P', 'P', 'P', 'P', 'B']);
    expect(grid[2]!.map((cell) => cell?.winner ?? null)).toEqual([null, null, null, null, 'P', null]);
  });
});

describe('derived roads', () => {
  // Streaks of 3, 2, 2, 1, 1, 3 (worked by hand in docs/live-tables-rules.md).
  const SHOE = 'BBB PP BB P B PPP';

  it('big eye boy starts at column 2 row 2 and compares with the column before', () => {
    expect(derivedRoadMarks(hands(SHOE), 1)).toEqual(['red', 'blue', 'red', 'red', 'blue', 'red', 'blue', 'red']);
    expect(bigEyeBoy(hands(SHOE))).toEqual([['red'], ['blue'], ['red', 'red'], ['blue'], ['red'], ['blue'], ['red']]);
  });

  it('small road compares two columns back, cockroach pig three', () => {
    expect(smallRoad(hands(SHOE))).toEqual([['red'], ['blue', 'blue', 'blue', 'blue'], ['red']]);
    expect(cockroachPig(hands(SHOE))).toEqual([['blue', 'blue'], ['red'], ['blue']]);
  });

  it('starts at the first cell of the next column when the start column has one cell', () => {
    expect(derivedRoadMarks(hands('BB P B'), 1)).toEqual(['blue']);
    expect(derivedRoadMarks(hands('BB P'), 1)).toEqual([]);
  });

  it('a steady chop and steady streaks are all red; ties change nothing', () => {
    expect(bigEyeBoy(hands('BPBPBPBPBP'))).toEqual([Array(8).fill('red')]);
    expect(bigEyeBoy(hands('BBBB PPPP BBBB'))).toEqual([Array(7).fill('red')]);
    expect(derivedRoadMarks(hands('TBBTB PTP BTB PT BT PPTP'), 2)).toEqual(derivedRoadMarks(hands('BBB PP BB P B PPP'), 2));
  });

  it('tells what the next banker or player hand would mark', () => {
    expect(nextRoadMarks(hands(SHOE), 'banker')).toEqual({ bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'blue' });
    expect(nextRoadMarks(hands(SHOE), 'player')).toEqual({ bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'red' });
    expect(nextRoadMarks(hands('B'), 'player')).toEqual({ bigEyeBoy: null, smallRoad: null, cockroachPig: null });
  });
});

describe('shoe statistics', () => {
  it('counts winners, pairs and naturals', () => {
    expect(shoeStats(hands('BpPTbBBpb'))).toEqual({ hands: 5, player: 1, banker: 3, tie: 1, playerPair: 2, bankerPair: 2, naturals: 3 });
    expect(shoeStats([])).toEqual({ hands: 0, player: 0, banker: 0, tie: 0, playerPair: 0, bankerPair: 0, naturals: 0 });
  });
});
