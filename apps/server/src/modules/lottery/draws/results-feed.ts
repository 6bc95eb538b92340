import { randomInt } from 'node:crypto';
import type { LotteryFamily, LotteryResult } from '@app/contracts';

/**
 * Where real-world draws' results come from (issue 24: "results through a results-feed adapter").
 * An adapter answers the result of a draw once it is known (undefined while it is not); every
 * answer is validated against the family's shape before it is stored, and a manual entry in the
 * console goes through the same path (draws.service.ts enterResult). Fast draws never use a feed:
 * they are drawn in-house by commit-reveal.
 */
export interface LotteryResultsFeed {
  readonly name: string;
  resultOf(draw: { gameCode: string; drawNo: string; family: LotteryFamily; drawAt: Date }): Promise<LotteryResult | undefined>;
}

const digits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');
const many = (count: number, length: number) => Array.from({ length: count }, () => digits(length));

/** Tiers of the Vietnamese results, special first: [tier, how many numbers, digits]. */
const NORTH_TIERS: ReadonlyArray<[string, number, number]> = [
  ['special', 1, 5], ['1', 1, 5], ['2', 2, 5], ['3', 6, 5], ['4', 4, 4], ['5', 6, 4], ['6', 3, 3], ['7', 4, 2],
];
const SOUTH_TIERS: ReadonlyArray<[string, number, number]> = [
  ['special', 1, 6], ['1', 1, 5], ['2', 1, 5], ['3', 2, 5], ['4', 7, 5], ['5', 1, 4], ['6', 3, 4], ['7', 1, 3], ['8', 1, 2],
];

/** A valid random result of a real-world family (the sandbox's draw, and test data). */
export function randomResult(family: Exclude<LotteryFamily, 'fast_5d'>): LotteryResult {
  if (family === 'sea_4d') {
    const numbers = new Set<string>();
    while (numbers.size < 23) numbers.add(digits(4));
    const [first, second, third, ...rest] = [...numbers] as [string, string, string, ...string[]];
    return { family, first, second, third, starters: rest.slice(0, 10), consolations: rest.slice(10, 20) };
  }
  const tiers = family === 'vn_north' ? NORTH_TIERS : SOUTH_TIERS;
  return { family, prizes: tiers.map(([tier, count, length]) => ({ tier, numbers: many(count, length) })) };
}

/**
 * The built-in sandbox feed (LOTTERY_FEED=sandbox, the default of a development demo): at a
 * draw's time it "publishes" a valid random result, so the whole path — close, draw, settle,
 * results page — runs without a real provider.
 */
export function createSandboxFeed(): LotteryResultsFeed {
  return {
    name: 'sandbox',
    async resultOf(draw) {
      if (draw.family === 'fast_5d') return undefined;
      return randomResult(draw.family);
    },
  };
}
