import type { LotteryFamily, LotteryResult } from '@app/contracts';
import { LotteryDomainError } from './domain-errors.ts';

/** A Vietnamese prize tier: how many numbers it draws and how many digits each has. */
export interface VietnameseTier {
  readonly tier: string;
  readonly count: number;
  readonly digits: number;
}

/**
 * The prize structure per region (docs/lottery-rules.md §1), from the special prize down, the
 * order results are stored and shown in. North: 27 numbers; central and south: 18.
 */
export const VN_PRIZE_TIERS: Record<'vn_north' | 'vn_central' | 'vn_south', readonly VietnameseTier[]> = {
  vn_north: [
    { tier: 'special', count: 1, digits: 5 },
    { tier: '1', count: 1, digits: 5 },
    { tier: '2', count: 2, digits: 5 },
    { tier: '3', count: 6, digits: 5 },
    { tier: '4', count: 4, digits: 4 },
    { tier: '5', count: 6, digits: 4 },
    { tier: '6', count: 3, digits: 3 },
    { tier: '7', count: 4, digits: 2 },
  ],
  vn_central: southernTiers(),
  vn_south: southernTiers(),
};

function southernTiers(): readonly VietnameseTier[] {
  return [
    { tier: 'special', count: 1, digits: 6 },
    { tier: '1', count: 1, digits: 5 },
    { tier: '2', count: 1, digits: 5 },
    { tier: '3', count: 2, digits: 5 },
    { tier: '4', count: 7, digits: 5 },
    { tier: '5', count: 1, digits: 4 },
    { tier: '6', count: 3, digits: 4 },
    { tier: '7', count: 1, digits: 3 },
    { tier: '8', count: 1, digits: 2 },
  ];
}

const SEA_LISTS = [
  ['starters', 10],
  ['consolations', 10],
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(code: ConstructorParameters<typeof LotteryDomainError>[0], message: string): never {
  throw new LotteryDomainError(code, message);
}

function checkNumber(value: unknown, digits: number, where: string): string {
  if (typeof value !== 'string' || value.length !== digits || !/^\d+$/.test(value)) {
    fail('lottery.result_digits', `${where} must be ${digits} digits`);
  }
  return value;
}

function checkList(value: unknown, count: number, digits: number, where: string): string[] {
  if (!Array.isArray(value)) fail('lottery.result_shape', `${where} must be a list`);
  if (value.length !== count) fail('lottery.result_count', `${where} must have ${count} numbers, has ${value.length}`);
  return value.map((number, index) => checkNumber(number, digits, `${where}[${index}]`));
}

function validateVietnamese(input: Record<string, unknown>, family: 'vn_north' | 'vn_central' | 'vn_south'): LotteryResult {
  if (!Array.isArray(input.prizes)) fail('lottery.result_shape', 'prizes must be a list of tiers');
  const given = new Map<string, unknown>();
  for (const prize of input.prizes) {
    if (!isRecord(prize) || typeof prize.tier !== 'string') fail('lottery.result_shape', 'each prize needs a tier and numbers');
    if (given.has(prize.tier)) fail('lottery.result_tier', `tier ${prize.tier} given twice`);
    given.set(prize.tier, prize.numbers);
  }
  const tiers = VN_PRIZE_TIERS[family];
  for (const tier of given.keys()) {
    if (!tiers.some((spec) => spec.tier === tier)) fail('lottery.result_tier', `tier ${tier} does not exist in ${family}`);
  }
  const prizes = tiers.map((spec) => {
    if (!given.has(spec.tier)) fail('lottery.result_tier', `tier ${spec.tier} is missing`);
    return { tier: spec.tier, numbers: checkList(given.get(spec.tier), spec.count, spec.digits, `tier ${spec.tier}`) };
  });
  return { family, prizes };
}

function validateSea(input: Record<string, unknown>): LotteryResult {
  const [first, second, third] = (['first', 'second', 'third'] as const).map((tier) => checkNumber(input[tier], 4, tier));
  const [starters, consolations] = SEA_LISTS.map(([list, count]) => checkList(input[list], count, 4, list));
  return { family: 'sea_4d', first: first!, second: second!, third: third!, starters: starters!, consolations: consolations! };
}

function validateFast(input: Record<string, unknown>): LotteryResult {
  if (!Array.isArray(input.balls)) fail('lottery.result_shape', 'balls must be a list');
  if (input.balls.length !== 5) fail('lottery.result_count', `five balls are drawn, got ${input.balls.length}`);
  const balls = input.balls.map((ball, index) => {
    if (typeof ball !== 'number' || !Number.isInteger(ball) || ball < 0 || ball > 9) fail('lottery.result_digits', `ball ${index + 1} must be 0–9`);
    return ball;
  });
  return { family: 'fast_5d', balls };
}

/**
 * Checks a result (from a feed, the console or the fast draw) against the shape of the draw's
 * family and returns a clean copy: Vietnamese tiers in the canonical order, extra fields dropped.
 * Repeated numbers are allowed (real draws repeat); each appearance counts at settlement.
 */
export function validateResult(result: unknown, family: LotteryFamily): LotteryResult {
  if (!isRecord(result)) fail('lottery.result_shape', 'a result is an object');
  if (result.family !== family) fail('lottery.result_family', `expected a ${family} result, got ${String(result.family)}`);
  switch (family) {
    case 'vn_north':
    case 'vn_central':
    case 'vn_south':
      return validateVietnamese(result, family);
    case 'sea_4d':
      return validateSea(result);
    case 'fast_5d':
      return validateFast(result);
  }
}
