import { describe, expect, it } from 'vitest';
import { checkTiers, toTierRows, toWireTiers } from './tiers.ts';

const problems = (issues: ReturnType<typeof checkTiers>) => issues.map((issue) => `${issue.row}.${issue.field}:${issue.problem}`);

describe('contract tiers', () => {
  it('wants rates strictly going up and thresholds never going down', () => {
    const rows = [
      { minValidBet: '100', minActive: '2', rate: '0,5' },
      { minValidBet: '50', minActive: '2', rate: '0,5' },
    ];
    expect(problems(checkTiers('daily', rows, '2'))).toEqual(['1.minValidBet:thresholdDown', '1.rate:rateNotUp']);
    expect(checkTiers('daily', [rows[0]!, { minValidBet: '100', minActive: '2', rate: '0.6' }], '2')).toEqual([]);
  });

  it('real-time: neither rate may go down, one must go up (as the server counts it)', () => {
    const first = { minSingleBet: '0', profitRate: '0.1', lossRate: '0.2' };
    expect(checkTiers('realtime', [first, { minSingleBet: '100', profitRate: '0.1', lossRate: '0.3' }], '1')).toEqual([]);
    expect(problems(checkTiers('realtime', [first, { minSingleBet: '100', profitRate: '0.1', lossRate: '0.2' }], '1'))).toEqual([
      '1.profitRate:rateNotUp',
      '1.lossRate:rateNotUp',
    ]);
    expect(problems(checkTiers('realtime', [first, { minSingleBet: '100', profitRate: '0.05', lossRate: '0.3' }], '1'))).toEqual(['1.profitRate:rateNotUp']);
  });

  it('refuses malformed values, rates above the maximum and a table that pays nothing', () => {
    expect(problems(checkTiers('hourly', [{ minValidBet: '1.234,00', rate: '0.00001' }], '1'))).toEqual(['0.minValidBet:amountInvalid', '0.rate:rateInvalid']);
    expect(problems(checkTiers('hourly', [{ minValidBet: '', rate: '1.0001' }], '1'))).toEqual(['0.minValidBet:required', '0.rate:rateAboveMax']);
    expect(problems(checkTiers('hourly', [{ minValidBet: '0', rate: '0' }], '1'))).toEqual(['0.rate:rateZero']);
  });

  it('sends amounts with two places, counts as numbers and rates as short percent strings', () => {
    expect(toWireTiers('dividend', [{ minValidBet: '1000', minLoss: '12,5', minActive: '3', rate: '10,50' }])).toEqual([
      { minValidBet: '1000.00', minLoss: '12.50', minActive: 3, rate: '10.5' },
    ]);
    expect(toTierRows('daily', [{ minValidBet: '10.00', minActive: 2, rate: '0.5' }])).toEqual([{ minValidBet: '10.00', minActive: '2', rate: '0.5' }]);
  });
});
