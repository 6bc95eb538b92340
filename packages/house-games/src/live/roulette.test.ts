import { ROULETTE_BET_TYPES, type RouletteBetType } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { allRouletteSpots, parseRouletteSpot, RED_NUMBERS, ROULETTE_PAYOUTS, ROULETTE_WHEEL, rouletteColour, settleRouletteChip, spinRoulette, wheelNeighbours } from './roulette.ts';
import { rouletteRtp, rouletteRtpExact, rouletteStats } from './roulette-stats.ts';
import { fakeStream, scriptedStream } from './test-streams.ts';

describe('the wheel', () => {
  it('holds 0–36 once each in European order', () => {
    expect([...ROULETTE_WHEEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, n) => n));
    expect(ROULETTE_WHEEL.slice(0, 5)).toEqual([0, 32, 15, 19, 4]);
    expect(ROULETTE_WHEEL.at(-1)).toBe(26);
  });

  it('colours 18 red, 18 black and the zero green; red and black alternate round the wheel', () => {
    expect(RED_NUMBERS.size).toBe(18);
    expect(rouletteColour(0)).toBe('green');
    expect(rouletteColour(1)).toBe('red');
    expect(rouletteColour(2)).toBe('black');
    expect(rouletteColour(36)).toBe('red');
    ROULETTE_WHEEL.slice(2).forEach((n, k) => expect(rouletteColour(n)).not.toBe(rouletteColour(ROULETTE_WHEEL[k + 1]!)));
    expect(() => rouletteColour(37)).toThrow(RangeError);
  });

  it('spins one draw below 37', () => {
    expect(spinRoulette(scriptedStream((n) => n - 1))).toBe(36);
    const stream = fakeStream(1);
    const spins = Array.from({ length: 500 }, () => spinRoulette(stream));
    expect(spins.every((n) => n >= 0 && n <= 36)).toBe(true);
    expect(new Set(spins).size).toBe(37);
  });

  it('finds two neighbours either side, across the zero', () => {
    expect(wheelNeighbours(0)).toEqual([3, 26, 0, 32, 15]);
    expect(wheelNeighbours(26)).toEqual([35, 3, 26, 0, 32]);
    expect(wheelNeighbours(17)).toEqual([2, 25, 17, 34, 6]);
  });
});

describe('spots', () => {
  it('every valid spot, counted by type', () => {
    const spots = allRouletteSpots();
    expect(new Set(spots).size).toBe(spots.length);
    const byType: Partial<Record<RouletteBetType, number>> = {};
    for (const spot of spots) {
      const bet = parseRouletteSpot(spot);
      expect(bet, spot).not.toBeNull();
      byType[bet!.type] = (byType[bet!.type] ?? 0) + 1;
    }
    expect(byType).toEqual({ straight: 37, split: 60, street: 12, corner: 23, line: 11, dozen: 3, column: 3, red: 1, black: 1, odd: 1, even: 1, low: 1, high: 1, neighbours: 37 });
    expect(spots).toHaveLength(192);
    expect(spots.filter((spot) => spot.startsWith('split:0-'))).toEqual(['split:0-1', 'split:0-2', 'split:0-3']);
  });

  it('covers the right numbers', () => {
    const numbers = (spot: string) => parseRouletteSpot(spot)?.numbers;
    expect(numbers('straight:0')).toEqual([0]);
    expect(numbers('split:1-4')).toEqual([1, 4]);
    expect(numbers('split:2-3')).toEqual([2, 3]);
    expect(numbers('split:33-36')).toEqual([33, 36]);
    expect(numbers('street:34')).toEqual([34, 35, 36]);
    expect(numbers('corner:1-2-4-5')).toEqual([1, 2, 4, 5]);
    expect(numbers('corner:32-33-35-36')).toEqual([32, 33, 35, 36]);
    expect(numbers('corner:0-1-2-3')).toEqual([0, 1, 2, 3]);
    expect(numbers('line:31')).toEqual([31, 32, 33, 34, 35, 36]);
    expect(numbers('dozen:2')).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(numbers('column:1')).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(numbers('column:3')).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    expect(numbers('neighbours:0')).toEqual([3, 26, 0, 32, 15]);
    expect(numbers('low')).toEqual(Array.from({ length: 18 }, (_, k) => k + 1));
    expect(numbers('even')).toHaveLength(18);
    expect(numbers('even')).not.toContain(0);
    expect(numbers('black')).toHaveLength(18);
  });

  it.each([
    'straight:37', 'straight:07', 'straight:00', 'straight:-1', 'straight:', 'straight:+1', 'straight:1e1', 'straight: 1', ' straight:1', 'straight:1 ', 'straight:1:2', 'STRAIGHT:1',
    'split:1-1', 'split:2-1', 'split:1-3', 'split:3-4', 'split:6-7', 'split:0-4', 'split:34-37', 'split:1-2-3',
    'street:2', 'street:0', 'street:37', 'street:04', 'line:34', 'line:2', 'line:0',
    'corner:2-3-4-5', 'corner:3-4-6-7', 'corner:1-2-3-4', 'corner:5-4-2-1', 'corner:1-2-4-5-6', 'corner:33-34-36-37', 'corner:0-1-2-4', 'corner:0-1-3-4',
    'dozen:0', 'dozen:4', 'dozen:01', 'column:4', 'column:', 'neighbours:37', 'neighbours:05',
    'RED', 'red ', 'zero', 'toString', 'constructor', '__proto__', 'hasOwnProperty:1', '', ':', 'straight', 'split', 'x'.repeat(1_000),
  ])('refuses %j', (spot) => {
    expect(parseRouletteSpot(spot)).toBeNull();
  });
});

describe('payouts', () => {
  const cases: Array<[string, number, bigint]> = [
    ['straight:17', 17, 3_600n],
    ['straight:17', 18, 0n],
    ['straight:0', 0, 3_600n],
    ['split:0-2', 0, 1_800n],
    ['split:8-11', 11, 1_800n],
    ['split:8-11', 9, 0n],
    ['street:4', 6, 1_200n],
    ['street:4', 7, 0n],
    ['corner:17-18-20-21', 20, 900n],
    ['corner:17-18-20-21', 19, 0n],
    ['corner:0-1-2-3', 0, 900n],
    ['line:13', 18, 600n],
    ['line:13', 19, 0n],
    ['dozen:3', 36, 300n],
    ['dozen:3', 0, 0n],
    ['column:2', 35, 300n],
    ['column:2', 36, 0n],
    ['red', 1, 200n],
    ['red', 2, 0n],
    ['black', 2, 200n],
    ['odd', 35, 200n],
    ['even', 36, 200n],
    ['low', 18, 200n],
    ['high', 19, 200n],
    ['high', 18, 0n],
    ['neighbours:0', 26, 720n],
    ['neighbours:0', 15, 720n],
    ['neighbours:0', 19, 0n],
  ];
  it.each(cases)('100 on %s, ball on %i, returns %i', (spot, number, returned) => {
    expect(settleRouletteChip(spot, 100n, number)).toBe(returned);
  });

  it('zero loses every even-money bet', () => {
    for (const spot of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen:1', 'column:1']) expect(settleRouletteChip(spot, 1_000n, 0), spot).toBe(0n);
  });

  it('refuses a neighbours stake that does not split in five, and invalid spots or numbers', () => {
    expect(() => settleRouletteChip('neighbours:5', 101n, 5)).toThrow(RangeError);
    expect(() => settleRouletteChip('straight:37', 100n, 5)).toThrow(RangeError);
    expect(() => settleRouletteChip('straight:5', 100n, 37)).toThrow(RangeError);
  });

  it('has the published table', () => {
    expect(ROULETTE_PAYOUTS).toEqual({ straight: 35, split: 17, street: 11, corner: 8, line: 5, dozen: 2, column: 2, red: 1, black: 1, odd: 1, even: 1, low: 1, high: 1, neighbours: 35 });
  });

  it('returns 36/37 on every bet type, by exact enumeration of every spot and pocket', () => {
    const rtp = rouletteRtp();
    const exact = rouletteRtpExact();
    for (const type of ROULETTE_BET_TYPES) {
      expect(exact[type].returned * 37n, type).toBe(exact[type].staked * 36n);
      expect(rtp[type], type).toBe(36 / 37);
    }
    expect((36 / 37).toFixed(4)).toBe('0.9730');
  });
});

describe('statistics', () => {
  it('counts the spins, hot and cold numbers', () => {
    const spins = [5, 17, 0, 17, 32, 5, 36, 2, 17, 5, 11, 36];
    const stats = rouletteStats(spins);
    expect(stats).toMatchObject({ spins: 12, green: 1, red: 6, black: 5, odd: 7, even: 4, low: 8, high: 3, dozens: [5, 3, 3], columns: [0, 9, 2] });
    // 5 and 17 thrice (5 last seen later), 36 twice, then singles: 11 the latest, then 2.
    expect(stats.hot).toEqual([5, 17, 36, 11, 2]);
    // Never seen first, lowest number first among them.
    expect(stats.cold).toEqual([1, 3, 4, 6, 7]);
    const everyNumberOnce = rouletteStats(Array.from({ length: 37 }, (_, n) => 36 - n));
    expect(everyNumberOnce.cold).toEqual([36, 35, 34, 33, 32]);
    expect(everyNumberOnce.hot).toEqual([0, 1, 2, 3, 4]);
  });

  it('has no hot numbers before the first spin', () => {
    expect(rouletteStats([])).toMatchObject({ spins: 0, hot: [], cold: [0, 1, 2, 3, 4] });
  });
});
