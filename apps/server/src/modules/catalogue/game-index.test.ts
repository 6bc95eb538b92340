import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGameIndex, type IndexedGame, type IndexFilter } from './game-index.ts';
import { foldForSearch } from './search-text.ts';

/** The index must answer exactly what a plain filter over the games in list order answers. */
const WORDS = ['fortune', 'fortuna', 'tiger', 'tigre', 'dragao', 'coracao', 'gold', 'ouro', 'mega', 'wild', 'ox'];
const gameArb = fc.record({
  gameType: fc.constantFrom('RNG', 'LIVE', 'FISH'),
  vendor: fc.constantFrom('A', 'B', 'C'),
  classify: fc.constantFrom('', 'slots', 'classic'),
  isNew: fc.boolean(),
  isHot: fc.boolean(),
  search: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
});
const filterArb: fc.Arbitrary<IndexFilter> = fc.record(
  {
    gameType: fc.constantFrom('RNG', 'LIVE', 'FISH'),
    vendor: fc.constantFrom('A', 'B', 'C', 'Z'),
    classify: fc.constantFrom('slots', 'classic'),
    isNew: fc.constant(true),
    isHot: fc.constant(true),
    name: fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('fort', 'or', 'a', 'tiger gold', 'xyz', 'ega w')),
  },
  { requiredKeys: [] },
);

function naive(games: IndexedGame[], filter: IndexFilter): number[] {
  return games
    .filter(
      (game) =>
        (!filter.gameType || game.gameType === filter.gameType) &&
        (!filter.vendor || game.vendor === filter.vendor) &&
        (!filter.classify || game.classify === filter.classify) &&
        (!filter.isNew || game.isNew) &&
        (!filter.isHot || game.isHot) &&
        (!filter.name || game.search.includes(filter.name)),
    )
    .map((game) => game.id);
}

describe('game index', () => {
  it('pages and totals equal a plain filter, for any games, filter and page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(gameArb, { maxLength: 120 }), filterArb, fc.nat(30), fc.integer({ min: 1, max: 25 }), async (rows, filter, offset, limit) => {
        const games = rows.map((row, i) => ({ ...row, id: 1000 + i }));
        const index = await buildGameIndex(games);
        const expected = naive(games, filter);
        expect(index.page(filter, offset, limit)).toEqual({ ids: expected.slice(offset, offset + limit), total: expected.length });
      }),
      { numRuns: 300 },
    );
  });

  it('finds Portuguese names typed without accents and in capitals', async () => {
    const index = await buildGameIndex([
      { id: 1, gameType: 'RNG', vendor: 'A', classify: '', isNew: false, isHot: false, search: foldForSearch('Coração do Dragão | Dragon Heart') },
      { id: 2, gameType: 'RNG', vendor: 'A', classify: '', isNew: false, isHot: false, search: foldForSearch('Fortuna Dourada | Golden Fortune') },
    ]);
    expect(index.page({ name: foldForSearch('CORACAO') }, 0, 20).ids).toEqual([1]);
    expect(index.page({ name: foldForSearch('dragão') }, 0, 20).ids).toEqual([1]);
    expect(index.page({ name: foldForSearch('Fortune') }, 0, 20).ids).toEqual([2]);
    expect(index.classifies()).toEqual([]);
    expect(index.countByVendor('A')).toBe(2);
  });
});
