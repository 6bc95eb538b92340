import { describe, expect, it } from 'vitest';
import { AppError } from '@app/kernel';
import { ceilingTiers, checkUnderUpline, formatRate, maxRateOf, parseRate, parseTiers, pickTier, tiersToWire, type NormalisedTier } from './contract-tiers.ts';

const LIMITS = { maxTiers: 6, maxRatePpm: 30_000 };
const tier = (fields: Partial<NormalisedTier>): NormalisedTier => ({ minValidBet: 0n, minLoss: 0n, minActive: 0, minSingleBet: 0n, rate: 0, profitRate: 0, lossRate: 0, ...fields });
const metrics = (fields: Partial<{ validBet: bigint; loss: bigint; active: number; singleBet: bigint }>) => ({ validBet: 0n, loss: 0n, active: 0, singleBet: 0n, ...fields });

/** The AppError `run` throws, as { code, details }, for one-line assertions. */
function errorOf(run: () => unknown): { code: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('rates', () => {
  it('parses percent text into parts per million and back without trailing zeros', () => {
    expect(parseRate('12.25')).toBe(122_500);
    expect(parseRate('0.0005')).toBe(5);
    expect(parseRate('3')).toBe(30_000);
    expect(parseRate('999.9999')).toBe(9_999_999);
    expect(parseRate('1.23456')).toBeUndefined();
    expect(parseRate('-1')).toBeUndefined();
    expect([122_500, 10_000, 5, 0, 100_000, 1_234_567].map(formatRate)).toEqual(['12.25', '1', '0.0005', '0', '10', '123.4567']);
  });
});

describe('parseTiers', () => {
  it('normalises a dividend table: centavos, counts, ppm, unused fields 0, unknown fields dropped', () => {
    const tiers = parseTiers('dividend', [
      { minValidBet: '0', minLoss: '1000', minActive: 2, rate: '1', profitRate: '9' },
      { minValidBet: '0', minLoss: '5000.5', minActive: 5, rate: '2.5' },
    ], LIMITS);
    expect(tiers).toEqual([tier({ minLoss: 100_000n, minActive: 2, rate: 10_000 }), tier({ minLoss: 500_050n, minActive: 5, rate: 25_000 })]);
  });

  it('takes 1..maxTiers tiers', () => {
    expect(errorOf(() => parseTiers('hourly', [], LIMITS))).toEqual({ code: 'agents.tiers_invalid', details: { reason: 'count', maxTiers: 6 } });
    const seven = Array.from({ length: 7 }, (_, index) => ({ minValidBet: String(index * 100), rate: `0.${index + 1}` }));
    expect(errorOf(() => parseTiers('hourly', seven, LIMITS)).details).toEqual({ reason: 'count', maxTiers: 6 });
    expect(parseTiers('hourly', seven.slice(0, 6), LIMITS)).toHaveLength(6);
  });

  it('refuses thresholds that go down and rates that do not go up, naming the tier', () => {
    const down = [{ minValidBet: '500', minActive: 3, rate: '1' }, { minValidBet: '600', minActive: 2, rate: '2' }];
    expect(errorOf(() => parseTiers('daily', down, LIMITS))).toEqual({ code: 'agents.tiers_invalid', details: { reason: 'threshold_decreasing', tier: 1, field: 'minActive' } });
    const flat = [{ minValidBet: '500', minActive: 3, rate: '1' }, { minValidBet: '600', minActive: 3, rate: '1' }];
    expect(errorOf(() => parseTiers('daily', flat, LIMITS))).toEqual({ code: 'agents.tiers_invalid', details: { reason: 'rate_not_increasing', tier: 1, field: 'rate' } });
    // Equal thresholds are allowed (non-decreasing) as long as the rate rises.
    expect(parseTiers('daily', [{ minValidBet: '500', minActive: 3, rate: '1' }, { minValidBet: '500', minActive: 3, rate: '1.5' }], LIMITS)).toHaveLength(2);
  });

  it('lets real-time rates rise one at a time, never fall, and never both stay flat', () => {
    const base = { minSingleBet: '0', profitRate: '0.5', lossRate: '1' };
    expect(parseTiers('realtime', [base, { minSingleBet: '100', profitRate: '0.5', lossRate: '1.2' }], LIMITS)[1]).toEqual(tier({ minSingleBet: 10_000n, profitRate: 5_000, lossRate: 12_000 }));
    const oneFalls = [base, { minSingleBet: '100', profitRate: '0.6', lossRate: '0.9' }];
    expect(errorOf(() => parseTiers('realtime', oneFalls, LIMITS)).details).toEqual({ reason: 'rate_not_increasing', tier: 1, field: 'lossRate' });
    expect(errorOf(() => parseTiers('realtime', [base, { ...base, minSingleBet: '100' }], LIMITS)).details).toEqual({ reason: 'rate_not_increasing', tier: 1, field: 'profitRate' });
  });

  it('keeps every rate within the setting, and never above 100 %', () => {
    expect(errorOf(() => parseTiers('daily', [{ minValidBet: '0', minActive: 0, rate: '3.0001' }], LIMITS))).toEqual({ code: 'agents.rate_above_max', details: { tier: 0, field: 'rate', maxRate: '3' } });
    expect(parseTiers('daily', [{ minValidBet: '0', minActive: 0, rate: '3' }], LIMITS)[0]!.rate).toBe(30_000);
    expect(errorOf(() => parseTiers('dividend', [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '150' }], { maxTiers: 6, maxRatePpm: 2_000_000 })).details).toMatchObject({ maxRate: '100' });
    expect(errorOf(() => parseTiers('hourly', [{ minValidBet: '0', rate: '0' }], LIMITS))).toEqual({ code: 'agents.tiers_invalid', details: { reason: 'rate_zero', tier: 0 } });
  });

  it('answers validation.failed with the field path for a malformed tier or another kind’s shape', () => {
    const negative = errorOf(() => parseTiers('hourly', [{ minValidBet: '0', rate: '1' }, { minValidBet: '10', rate: '-2' }], LIMITS));
    expect(negative.code).toBe('validation.failed');
    expect(negative.details).toEqual({ fields: [{ path: 'body.tiers.1.rate', message: 'agents.rate_invalid' }] });
    const dailyShape = errorOf(() => parseTiers('realtime', [{ minValidBet: '0', minActive: 0, rate: '1' }], LIMITS));
    expect((dailyShape.details as { fields: { path: string }[] }).fields.map((field) => field.path).sort()).toEqual(['body.tiers.0.lossRate', 'body.tiers.0.minSingleBet', 'body.tiers.0.profitRate']);
    expect(errorOf(() => parseTiers('daily', [{ minValidBet: '1e9', minActive: 1.5, rate: '1' }], LIMITS)).code).toBe('validation.failed');
  });
});

describe('pickTier', () => {
  const daily = [tier({ minValidBet: 100_000n, minActive: 2, rate: 10_000 }), tier({ minValidBet: 500_000n, minActive: 5, rate: 20_000 }), tier({ minValidBet: 2_000_000n, minActive: 10, rate: 30_000 })];

  it('picks the highest tier whose every threshold is met, thresholds inclusive', () => {
    expect(pickTier('daily', daily, metrics({ validBet: 600_000n, active: 4 }))).toBe(0);
    expect(pickTier('daily', daily, metrics({ validBet: 600_000n, active: 5 }))).toBe(1);
    expect(pickTier('daily', daily, metrics({ validBet: 2_000_000n, active: 10 }))).toBe(2);
    expect(pickTier('daily', daily, metrics({ validBet: 99_999n, active: 50 }))).toBeNull();
  });

  it('looks only at the thresholds of its kind', () => {
    // An hourly contract has no active-member threshold, a daily one no loss threshold.
    expect(pickTier('hourly', [tier({ minValidBet: 100n, rate: 1 })], metrics({ validBet: 100n }))).toBe(0);
    expect(pickTier('daily', [tier({ rate: 1 })], metrics({ loss: -500n }))).toBe(0);
    // A dividend needs the team to have lost: a winning team meets no tier, even at a 0 threshold.
    expect(pickTier('dividend', [tier({ rate: 1 })], metrics({ loss: -1n }))).toBeNull();
    expect(pickTier('realtime', [tier({ profitRate: 1 }), tier({ minSingleBet: 10_000n, profitRate: 2 })], metrics({ singleBet: 9_999n }))).toBe(0);
  });
});

describe('checkUnderUpline', () => {
  const upline = [tier({ rate: 10_000 }), tier({ minValidBet: 1_000_000n, minActive: 5, rate: 20_000 })];

  it('accepts a table at or under the upline at every level', () => {
    expect(() => checkUnderUpline('daily', [tier({ rate: 8_000 }), tier({ minValidBet: 1_000_000n, minActive: 5, rate: 20_000 })], upline)).not.toThrow();
    // A child tier with higher thresholds than the upline's top tier is compared with that top tier.
    expect(() => checkUnderUpline('daily', [tier({ minValidBet: 9_000_000n, minActive: 50, rate: 20_000 })], upline)).not.toThrow();
  });

  it('compares each child tier with the best upline tier its thresholds reach', () => {
    // 4 active members reach only the upline's first tier (1 %), so 1.5 % is too much there.
    const child = [tier({ rate: 8_000 }), tier({ minValidBet: 1_000_000n, minActive: 4, rate: 15_000 })];
    expect(errorOf(() => checkUnderUpline('daily', child, upline))).toEqual({ code: 'agents.rate_above_upline', details: { tier: 1, field: 'rate', uplineRate: '1' } });
  });

  it('counts 0 where the child tier reaches no upline tier, and checks both real-time rates', () => {
    const hourlyUpline = [tier({ minValidBet: 100_000n, rate: 10_000 })];
    expect(errorOf(() => checkUnderUpline('hourly', [tier({ minValidBet: 50_000n, rate: 5_000 })], hourlyUpline)).details).toEqual({ tier: 0, field: 'rate', uplineRate: '0' });
    const realtimeUpline = [tier({ profitRate: 5_000, lossRate: 10_000 })];
    expect(errorOf(() => checkUnderUpline('realtime', [tier({ profitRate: 5_000, lossRate: 11_000 })], realtimeUpline)).details).toEqual({ tier: 0, field: 'lossRate', uplineRate: '1' });
  });
});

describe('wire shape', () => {
  it('gives each kind its own fields, thresholds with two decimals and rates without trailing zeros', () => {
    const wire = tiersToWire('daily', [tier({ minValidBet: 100_000n, minActive: 2, rate: 10_000, lossRate: 7 })]);
    expect(wire).toEqual([{ minValidBet: '1000.00', minActive: 2, rate: '1' }]);
    expect(Object.keys(wire[0]!)).toEqual(['minValidBet', 'minActive', 'rate']);
    expect(tiersToWire('realtime', [tier({ minSingleBet: 5n, profitRate: 12_500, lossRate: 5 })])).toEqual([{ minSingleBet: '0.05', profitRate: '1.25', lossRate: '0.0005' }]);
  });

  it('round-trips through parseTiers', () => {
    const wire = [{ minValidBet: '10.00', minLoss: '2000.50', minActive: 3, rate: '12.3456' }];
    expect(tiersToWire('dividend', parseTiers('dividend', wire, { maxTiers: 6, maxRatePpm: 600_000 }))).toEqual(wire);
  });

  it('reports the highest rate of any field', () => {
    expect(maxRateOf([tier({ profitRate: 5_000, lossRate: 12_000 }), tier({ profitRate: 9_000, lossRate: 11_000 })])).toBe(12_000);
    expect(maxRateOf([])).toBe(0);
  });
});

describe("ceilingTiers (the offer form's per-level limits)", () => {
  it("answers the agent's own tiers with every rate capped at the setting", () => {
    const own = parseTiers('realtime', [{ minSingleBet: '0', profitRate: '1', lossRate: '2' }, { minSingleBet: '50', profitRate: '2', lossRate: '5' }], { maxTiers: 6, maxRatePpm: 1_000_000 });
    expect(ceilingTiers('realtime', own, 30_000)).toEqual([
      { minSingleBet: '0.00', profitRate: '1', lossRate: '2' },
      { minSingleBet: '50.00', profitRate: '2', lossRate: '3' },
    ]);
  });
});
