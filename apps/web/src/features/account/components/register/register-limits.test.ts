import { describe, expect, it } from 'vitest';
import { registrationLimitsOf, SUGGESTED_LIMITS } from './register-limits.tsx';

describe('the limits asked at registration (issue 27)', () => {
  it('sends the suggestions, a comma decimal and an explicit "no limit"', () => {
    expect(registrationLimitsOf(SUGGESTED_LIMITS)).toEqual({ loss: { period: 'week', amount: '500' }, sessionMinutes: 120 });
    expect(registrationLimitsOf({ lossPeriod: 'day', lossAmount: ' 50,5 ', sessionMinutes: '30' })).toEqual({ loss: { period: 'day', amount: '50.5' }, sessionMinutes: 30 });
    expect(registrationLimitsOf({ lossPeriod: 'none', lossAmount: 'anything', sessionMinutes: 'none' })).toEqual({ loss: null, sessionMinutes: null });
  });

  it('refuses amounts that are not a limit', () => {
    for (const lossAmount of ['', '0', '0,00', '-5', 'abc', '1e3', '10.001', '99999999999', '<b>1</b>']) {
      expect(registrationLimitsOf({ lossPeriod: 'week', lossAmount, sessionMinutes: '120' }), lossAmount).toBeUndefined();
    }
  });
});
