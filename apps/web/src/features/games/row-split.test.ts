import { describe, expect, it } from 'vitest';
import { rowColumns, shouldSplitRow } from './row-split.ts';

describe('home row split (spec §9)', () => {
  it('splits a games row only above 12 games, never a vendors row', () => {
    expect(shouldSplitRow('games', 12)).toBe(false);
    expect(shouldSplitRow('games', 13)).toBe(true);
    expect(shouldSplitRow('vendors', 40)).toBe(false);
  });

  it('pairs items into columns of two, the odd one alone at the end', () => {
    expect(rowColumns([1, 2, 3, 4, 5], true)).toEqual([[1, 2], [3, 4], [5]]);
    expect(rowColumns([1, 2, 3], false)).toEqual([[1], [2], [3]]);
  });
});
