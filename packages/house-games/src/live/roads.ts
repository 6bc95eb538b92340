import type { BaccaratResult } from '@app/contracts';

/**
 * The road maps of a baccarat shoe, drawn from its hands oldest first. Grids are arrays of
 * columns (left to right), each column top to bottom; every road has six rows.
 *
 * - Bead plate: one cell per hand, ties included, filling each column top to bottom.
 * - Big road: one cell per player or banker win; a column holds one side's streak; a tie adds to
 *   the tie count of the cell before it (ties before the shoe's first win count on its first
 *   cell). A streak that reaches the bottom row, or meets a cell already drawn, turns right and
 *   runs along its row (the dragon tail).
 * - Big eye boy, small road, cockroach pig: from the big road's streaks, comparing with the
 *   streak 1, 2 or 3 columns back. Red when the big road repeats itself, blue when it is choppy.
 */
export type RoadWinner = 'P' | 'B' | 'T';
export type RoadColour = 'red' | 'blue';
export const ROAD_ROWS = 6;

export function roadWinner(result: BaccaratResult): RoadWinner {
  return result.winner === 'player' ? 'P' : result.winner === 'banker' ? 'B' : 'T';
}

export interface BeadCell {
  winner: RoadWinner;
  playerPair: boolean;
  bankerPair: boolean;
}

/** Columns of `rows` cells, the last one padded with null. */
export function beadPlate(results: readonly BaccaratResult[], rows = ROAD_ROWS): Array<Array<BeadCell | null>> {
  const columns: Array<Array<BeadCell | null>> = [];
  results.forEach((result, index) => {
    if (index % rows === 0) columns.push(Array.from({ length: rows }, () => null));
    columns[columns.length - 1]![index % rows] = { winner: roadWinner(result), playerPair: result.playerPair, bankerPair: result.bankerPair };
  });
  return columns;
}

/** A value placed on a grid: `col` and `row` are where it is drawn (after any dragon tail). */
export interface RoadPlacement<T> {
  value: T;
  col: number;
  row: number;
}

/**
 * Lays streaks out on a grid of `rows` rows with the dragon-tail rule: each streak starts at the
 * top of the first free column after the previous streak's start, goes down, and turns right
 * for good when the next row is off the grid or already drawn. Returns the streaks' placements.
 */
export function layoutStreaks<T>(streaks: readonly (readonly T[])[], rows = ROAD_ROWS): Array<Array<RoadPlacement<T>>> {
  const taken = new Set<string>();
  const key = (col: number, row: number) => `${col}:${row}`;
  let startCol = -1;
  return streaks.map((streak) => {
    startCol += 1;
    while (taken.has(key(startCol, 0))) startCol += 1;
    let col = startCol;
    let row = 0;
    let turned = false;
    return streak.map((value, index) => {
      if (index > 0) {
        if (!turned && row + 1 < rows && !taken.has(key(col, row + 1))) row += 1;
        else {
          turned = true;
          col += 1;
          while (taken.has(key(col, row))) col += 1;
        }
      }
      taken.add(key(col, row));
      return { value, col, row };
    });
  });
}

/** Turns placements into dense columns (null where nothing is drawn). */
export function toGrid<T>(placements: readonly (readonly RoadPlacement<T>[])[], rows = ROAD_ROWS): Array<Array<T | null>> {
  const columns: Array<Array<T | null>> = [];
  for (const placement of placements.flat()) {
    while (columns.length <= placement.col) columns.push(Array.from({ length: rows }, () => null));
    columns[placement.col]![placement.row] = placement.value;
  }
  return columns;
}

export interface BigRoadCell {
  winner: 'P' | 'B';
  /** Ties dealt after this hand (and before the next win). */
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
  /** Where the cell is drawn, after any dragon tail. */
  col: number;
  row: number;
}

type Streak = Array<Omit<BigRoadCell, 'col' | 'row'>>;

/** The big road's streaks (no layout): one array per column of the logical road, ties folded in. */
function bigRoadStreaks(results: readonly BaccaratResult[]): Streak[] {
  const streaks: Streak[] = [];
  let leadingTies = 0;
  for (const result of results) {
    const winner = roadWinner(result);
    const last = streaks.at(-1);
    if (winner === 'T') {
      const cell = last?.at(-1);
      if (cell) cell.ties += 1;
      else leadingTies += 1;
      continue;
    }
    const cell = { winner, ties: leadingTies, playerPair: result.playerPair, bankerPair: result.bankerPair };
    leadingTies = 0;
    if (last && last[0]!.winner === winner) last.push(cell);
    else streaks.push([cell]);
  }
  return streaks;
}

/**
 * The big road: one array per streak (a logical column), each cell with where it is drawn.
 * A long streak's cells past the bottom row carry a `col` right of their streak's start.
 */
export function bigRoad(results: readonly BaccaratResult[]): BigRoadCell[][] {
  return layoutStreaks(bigRoadStreaks(results)).map((streak) => streak.map(({ value, col, row }) => ({ ...value, col, row })));
}

/** The big road as dense drawn columns of six rows, null where empty. */
export function bigRoadGrid(results: readonly BaccaratResult[]): Array<Array<BigRoadCell | null>> {
  return toGrid(bigRoad(results).map((streak) => streak.map((cell) => ({ value: cell, col: cell.col, row: cell.row }))));
}

/**
 * The marks of a derived road (offset 1: big eye boy, 2: small road, 3: cockroach pig) in the
 * order the big road's cells were dealt (columns and rows counted from 0 here). The road starts
 * at the big road's cell in column `offset`, row 1, or (when that column has one cell) at the
 * first cell of column `offset` + 1. For a cell opening a column: red when the two columns before
 * it, `offset` apart, have equal length. For a cell further down at row r: red when the column
 * `offset` back reaches row r, or also stops before row r − 1 (both empty); blue when it ends
 * exactly at row r − 1.
 */
export function derivedRoadMarks(results: readonly BaccaratResult[], offset: 1 | 2 | 3): RoadColour[] {
  const lengths = bigRoadStreaks(results).map((streak) => streak.length);
  const marks: RoadColour[] = [];
  lengths.forEach((length, col) => {
    for (let row = 0; row < length; row += 1) {
      if (row === 0) {
        if (col < offset + 1) continue;
        marks.push(lengths[col - 1] === lengths[col - 1 - offset] ? 'red' : 'blue');
      } else {
        if (col < offset) continue;
        const compared = lengths[col - offset]!;
        marks.push(compared === row ? 'blue' : 'red');
      }
    }
  });
  return marks;
}

/** Consecutive equal marks grouped: one array per column of a derived road. */
function streaksOf<T>(marks: readonly T[]): T[][] {
  const streaks: T[][] = [];
  for (const mark of marks) {
    const last = streaks.at(-1);
    if (last && last[0] === mark) last.push(mark);
    else streaks.push([mark]);
  }
  return streaks;
}

/** Big eye boy: one array per column (a run of one colour); lay out with layoutStreaks to draw. */
export function bigEyeBoy(results: readonly BaccaratResult[]): RoadColour[][] {
  return streaksOf(derivedRoadMarks(results, 1));
}

export function smallRoad(results: readonly BaccaratResult[]): RoadColour[][] {
  return streaksOf(derivedRoadMarks(results, 2));
}

export function cockroachPig(results: readonly BaccaratResult[]): RoadColour[][] {
  return streaksOf(derivedRoadMarks(results, 3));
}

/**
 * What each derived road would mark if the next hand were won by the banker or by the player
 * (the "banker ask" / "player ask" shown on live tables); null when that road has not started.
 */
export function nextRoadMarks(results: readonly BaccaratResult[], winner: 'player' | 'banker'): { bigEyeBoy: RoadColour | null; smallRoad: RoadColour | null; cockroachPig: RoadColour | null } {
  const probe = { game: 'baccarat', playerCards: [], bankerCards: [], playerTotal: 0, bankerTotal: 0, winner, playerPair: false, bankerPair: false, natural: false } satisfies BaccaratResult;
  const extended = [...results, probe];
  const lastMark = (offset: 1 | 2 | 3) => {
    const before = derivedRoadMarks(results, offset).length;
    const after = derivedRoadMarks(extended, offset);
    return after.length > before ? after.at(-1)! : null;
  };
  return { bigEyeBoy: lastMark(1), smallRoad: lastMark(2), cockroachPig: lastMark(3) };
}

export interface ShoeStats {
  hands: number;
  player: number;
  banker: number;
  tie: number;
  playerPair: number;
  bankerPair: number;
  naturals: number;
}

export function shoeStats(results: readonly BaccaratResult[]): ShoeStats {
  const stats: ShoeStats = { hands: results.length, player: 0, banker: 0, tie: 0, playerPair: 0, bankerPair: 0, naturals: 0 };
  for (const result of results) {
    stats[result.winner] += 1;
    if (result.playerPair) stats.playerPair += 1;
    if (result.bankerPair) stats.bankerPair += 1;
    if (result.natural) stats.naturals += 1;
  }
  return stats;
}
