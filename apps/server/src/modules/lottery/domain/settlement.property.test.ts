import { LOTTERY_BET_TYPES, type LotteryResult } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hitsOf, prepareResult, VN_PRIZE_TIERS } from './index.ts';

/**
 * The prepared lookup tables against a plain reading of docs/lottery-rules.md §1 and §3: scan
 * the prize numbers for every selection, enumerate every xiên subset and đá pair. Digits come
 * from a three-letter alphabet so numbers repeat and most tickets hit something.
 */

type VietnameseFamily = 'vn_north' | 'vn_central' | 'vn_south';
const digit = fc.constantFrom('0', '1', '2');
const numberOf = (length: number) => fc.array(digit, { minLength: length, maxLength: length }).map((digits) => digits.join(''));

function resultArbitrary(family: VietnameseFamily): fc.Arbitrary<LotteryResult> {
  const tiers = VN_PRIZE_TIERS[family].map((spec) => fc.array(numberOf(spec.digits), { minLength: spec.count, maxLength: spec.count }).map((numbers) => ({ tier: spec.tier, numbers })));
  return fc.tuple(...tiers).map((prizes) => ({ family, prizes }));
}

function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, index) => subsets(items.slice(index + 1), size - 1).map((rest) => [item, ...rest]));
}

function plainHits(family: VietnameseFamily, betType: string, selections: string[], result: LotteryResult): Record<string, number> {
  if (result.family === 'sea_4d' || result.family === 'fast_5d') throw new Error('vietnamese only');
  const tier = (name: string) => result.prizes.find((prize) => prize.tier === name)!.numbers;
  const all = result.prizes.flatMap((prize) => prize.numbers);
  const lo = (digits: number) => all.filter((number) => number.length >= digits).map((number) => number.slice(-digits));
  const count = (list: string[], value: string) => list.filter((item) => item === value).length;
  const special = tier('special')[0]!;
  const north = family === 'vn_north';
  const head2 = tier(north ? '7' : '8');
  const head3 = tier(north ? '6' : '7').map((number) => number.slice(-3));
  const each = (score: (selection: string) => number) => ({ hit: selections.reduce((sum, selection) => sum + score(selection), 0) });
  switch (betType) {
    case 'bao_lo_2':
    case 'bao_lo_3':
    case 'bao_lo_4':
      return each((selection) => count(lo(Number(betType.slice(-1))), selection));
    case 'de_dac_biet':
    case 'duoi':
      return each((selection) => count([special.slice(-2)], selection));
    case 'dau':
      return each((selection) => count(head2, selection));
    case 'dau_duoi':
      return each((selection) => count(head2, selection) + count([special.slice(-2)], selection));
    case 'xiu_chu':
      return each((selection) => count(head3, selection) + count([special.slice(-3)], selection));
    case 'da': {
      const won = subsets(selections, 2).filter((pair) => pair.every((number) => count(lo(2), number) > 0));
      return { pair: won.length, repeat: won.reduce((sum, pair) => sum + pair.reduce((extra, number) => extra + count(lo(2), number) - 1, 0), 0) };
    }
    default: {
      const size = Number(betType.slice(-1));
      return { hit: subsets(selections, size).filter((set) => set.every((number) => count(lo(2), number) > 0)).length };
    }
  }
}

describe('prepared results settle like a plain scan of the prize numbers', () => {
  for (const family of ['vn_north', 'vn_south'] as const) {
    for (const rule of LOTTERY_BET_TYPES[family]) {
      it(`${family} ${rule.code}`, () => {
        const digits = rule.selection.kind === 'digits' ? rule.selection.digits : 2;
        const selections = fc.uniqueArray(numberOf(digits), { minLength: rule.minSelections, maxLength: Math.min(rule.maxSelections, 6, 3 ** digits) });
        fc.assert(
          fc.property(resultArbitrary(family), selections, (result, picked) => {
            expect(hitsOf(family, rule.code, picked, prepareResult(result))).toEqual(plainHits(family, rule.code, picked, result));
          }),
          { numRuns: 150 },
        );
      });
    }
  }
});
