import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, isDay, isRangeValid, MAX_PROFIT_DAYS, presetRange, todayIn } from './date-range.ts';

describe('calendar days in the operator time zone', () => {
  it('reads today in the operator zone, not the browser one', () => {
    // 01:30 UTC on 2 March is still 1 March in São Paulo (UTC-3).
    const now = new Date('2025-03-02T01:30:00Z');
    expect(todayIn('America/Sao_Paulo', now)).toBe('2025-03-01');
    expect(todayIn('Asia/Tokyo', now)).toBe('2025-03-02');
  });

  it('falls back to the browser zone for an unknown zone instead of throwing', () => {
    expect(isDay(todayIn('Not/AZone'))).toBe(true);
  });

  it('computes the presets with both ends inclusive, across month and year ends', () => {
    expect(presetRange('today', '2025-01-01')).toEqual({ from: '2025-01-01', to: '2025-01-01' });
    expect(presetRange('yesterday', '2025-01-01')).toEqual({ from: '2024-12-31', to: '2024-12-31' });
    expect(presetRange('last7', '2025-03-02')).toEqual({ from: '2025-02-24', to: '2025-03-02' });
    expect(presetRange('last30', '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(daysInRange(presetRange('last7', '2025-03-02'))).toBe(7);
    expect(daysInRange(presetRange('last30', '2025-03-02'))).toBe(30);
  });

  it('rejects impossible dates and backwards or too long ranges', () => {
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isRangeValid({ from: '2025-03-02', to: '2025-03-01' })).toBe(false);
    expect(isRangeValid({ from: '', to: '2025-03-01' })).toBe(false);
    const longest = { from: addDays('2025-06-30', -(MAX_PROFIT_DAYS - 1)), to: '2025-06-30' };
    expect(isRangeValid(longest, MAX_PROFIT_DAYS)).toBe(true);
    expect(isRangeValid({ ...longest, from: addDays(longest.from, -1) }, MAX_PROFIT_DAYS)).toBe(false);
  });
});
