import { describe, expect, it } from 'vitest';
import { LOTTERY_PRIZE_MODES, LotteryOddsTableSchema, type LotteryFamily } from './lottery.ts';
import {
  betTypeRule,
  costUnits,
  countLotteryCombinations,
  DEFAULT_ODDS,
  fastSumWays,
  LOTTERY_BET_TYPES,
  LOTTERY_MAX_COMBINATIONS,
  ticketTotalCents,
  validateSelections,
} from './lottery-rules.ts';

// docs/lottery-rules.md §2, §3 and §7.6 (the worked payouts are tested by the server's domain).
const numbers = (count: number, digits = 2) => Array.from({ length: count }, (_, index) => String(index).padStart(digits, '0'));

describe('bet types', () => {
  it('has the cost units of §3 (prize numbers covered per region)', () => {
    const costs = (family: LotteryFamily) => Object.fromEntries(LOTTERY_BET_TYPES[family].map((rule) => [rule.code, rule.costUnits]));
    expect(costs('vn_north')).toEqual({
      bao_lo_2: 27, bao_lo_3: 23, bao_lo_4: 20, de_dac_biet: 1, dau: 4, duoi: 1, dau_duoi: 5, xiu_chu: 4, xien_2: 1, xien_3: 1, xien_4: 1, da: 1,
    });
    for (const family of ['vn_central', 'vn_south'] as const) {
      expect(costs(family)).toEqual({
        bao_lo_2: 18, bao_lo_3: 17, bao_lo_4: 16, de_dac_biet: 1, dau: 1, duoi: 1, dau_duoi: 2, xiu_chu: 2, xien_2: 1, xien_3: 1, xien_4: 1, da: 1,
      });
    }
    expect(costs('sea_4d')).toEqual({ big: 1, small: 1 });
    expect(costUnits('fast_5d', 'sum')).toBe(1);
    expect(costUnits('fast_5d', 'bao_lo_2')).toBe(0);
  });

  it('finds a rule by family and code only', () => {
    expect(betTypeRule('vn_south', 'xien_3')?.combination).toEqual({ kind: 'subsets', size: 3 });
    expect(betTypeRule('sea_4d', 'bao_lo_2')).toBeUndefined();
    expect(betTypeRule('vn_north', 'toString')).toBeUndefined();
  });

  it('has a default odds table for every bet type of every mode it offers, each key a prize key of its rule', () => {
    const offered = { LOTT: ['vn_north', 'vn_central', 'vn_south'], ZY: ['vn_north', 'vn_central', 'vn_south'], SEA: ['sea_4d'], ELOTT: ['fast_5d'] } as const;
    for (const mode of LOTTERY_PRIZE_MODES) {
      for (const family of offered[mode]) {
        const tables = DEFAULT_ODDS[mode][family]!;
        expect(Object.keys(tables).sort()).toEqual(LOTTERY_BET_TYPES[family].map((rule) => rule.code).sort());
        for (const [code, table] of Object.entries(tables)) {
          expect(LotteryOddsTableSchema.safeParse(table).success).toBe(true);
          expect(Object.keys(table).sort()).toEqual([...betTypeRule(family, code)!.prizeKeys].sort());
        }
      }
    }
  });

  it('prices exact sums at 97 % of the fair odds (§5)', () => {
    const ways = fastSumWays();
    expect(ways).toHaveLength(46);
    expect(ways.reduce((sum, count) => sum + count, 0)).toBe(100_000);
    const odds = DEFAULT_ODDS.ELOTT.fast_5d!.sum!;
    expect([odds.s0, odds.s10, odds.s22, odds.s23, odds.s24, odds.s45]).toEqual([97_000_000, 97_389, 16_166, 16_166, 16_510, 97_000_000]);
  });
});

describe('combinations and totals (§2)', () => {
  it.each([
    ['vn_north', 'bao_lo_2', numbers(3), 3, 2_00n, 162_00n],
    ['vn_south', 'bao_lo_2', numbers(100), 100, 1_00n, 1800_00n],
    ['vn_north', 'xien_2', numbers(100), 4950, 1_00n, 4950_00n],
    ['vn_north', 'xien_3', numbers(40), 9880, 10n, 988_00n],
    ['vn_south', 'xien_4', numbers(23), 8855, 1n, 88_55n],
    ['vn_central', 'da', numbers(5), 10, 1_00n, 10_00n],
    ['vn_north', 'dau_duoi', ['12', '34'], 2, 10_00n, 100_00n],
    ['sea_4d', 'big', ['1234', '0000'], 2, 5_00n, 10_00n],
    ['fast_5d', 'position', ['p1:0', 'p5:9'], 2, 1_00n, 2_00n],
  ] as const)('%s %s ×%#: combinations and total', (family, betType, selections, combinations, unit, total) => {
    expect(validateSelections(family, betType, selections).ok).toBe(true);
    expect(countLotteryCombinations(family, betType, selections)).toBe(combinations);
    expect(combinations).toBeLessThanOrEqual(LOTTERY_MAX_COMBINATIONS);
    expect(ticketTotalCents(family, betType, selections, unit)).toBe(total);
  });

  it('counts nothing for an unknown bet type', () => {
    expect(countLotteryCombinations('sea_4d', 'xien_2', ['12', '34'])).toBe(0);
    expect(ticketTotalCents('sea_4d', 'xien_2', ['12', '34'], 100n)).toBe(0n);
  });
});

describe('validateSelections (§2, §7.6)', () => {
  it('returns the selections sorted: numbers ascending, options in the rule order', () => {
    expect(validateSelections('vn_north', 'bao_lo_2', ['45', '07', '12'])).toEqual({ ok: true, selections: ['07', '12', '45'] });
    expect(validateSelections('fast_5d', 'sum', ['24', '3', '10'])).toEqual({ ok: true, selections: ['3', '10', '24'] });
    expect(validateSelections('fast_5d', 'big_small', ['sum:big', 'p2:small', 'p1:big'])).toEqual({ ok: true, selections: ['p1:big', 'p2:small', 'sum:big'] });
  });

  it.each([
    ['vn_north', 'bao_lo_2', [], 'no selection'],
    ['vn_north', 'bao_lo_3', numbers(101, 3), '101 different numbers'],
    ['vn_north', 'bao_lo_2', ['7'], 'one digit'],
    ['vn_north', 'bao_lo_2', ['123'], 'three digits'],
    ['vn_north', 'bao_lo_2', ['12', '12'], 'a duplicate'],
    ['vn_north', 'bao_lo_2', ['1a'], 'a letter'],
    ['vn_north', 'bao_lo_2', [' 12'], 'a space'],
    ['vn_north', 'bao_lo_2', ['-1'], 'a sign'],
    ['vn_north', 'bao_lo_2', ['１２'], 'full-width digits'],
    ['vn_north', 'bao_lo_2', ['12\n'], 'a newline'],
    ['vn_north', 'bao_lo_2', [12], 'a number'],
    ['vn_north', 'bao_lo_2', [null], 'null'],
    ['vn_north', 'bao_lo_2', ['__proto__'], '__proto__'],
    ['vn_north', 'xien_2', ['12'], 'xiên 2 with one number'],
    ['vn_north', 'xien_4', numbers(24), 'C(24, 4) > 10,000'],
    ['vn_south', 'da', numbers(6), 'đá with six numbers'],
    ['fast_5d', 'position', ['p6:1'], 'ball 6'],
    ['fast_5d', 'position', ['p1:10'], 'digit 10'],
    ['fast_5d', 'position', ['P1:1'], 'upper case'],
    ['fast_5d', 'position', ['constructor'], 'constructor'],
    ['fast_5d', 'sum', ['07'], 'a leading zero'],
    ['fast_5d', 'sum', ['46'], 'no such sum'],
    ['sea_4d', 'big', ['123'], 'three digits in 4D'],
  ] as const)('refuses %s %s: %s', (family, betType, selections, _why) => {
    expect(validateSelections(family, betType, selections as readonly unknown[])).toEqual({ ok: false, reason: 'invalid_selection' });
  });

  it('refuses a bet type the family does not have', () => {
    expect(validateSelections('sea_4d', 'bao_lo_2', ['12'])).toEqual({ ok: false, reason: 'bet_type_unavailable' });
    expect(validateSelections('vn_north', 'hasOwnProperty', ['12'])).toEqual({ ok: false, reason: 'bet_type_unavailable' });
  });

  it('accepts exactly the maximum of each type', () => {
    expect(validateSelections('vn_north', 'bao_lo_2', numbers(100)).ok).toBe(true);
    expect(validateSelections('vn_north', 'xien_3', numbers(40)).ok).toBe(true);
    expect(validateSelections('vn_north', 'xien_3', numbers(41)).ok).toBe(false);
    const allPositions = betTypeRule('fast_5d', 'position')!.selection;
    expect(allPositions.kind === 'options' && validateSelections('fast_5d', 'position', allPositions.options).ok).toBe(true);
  });
});
