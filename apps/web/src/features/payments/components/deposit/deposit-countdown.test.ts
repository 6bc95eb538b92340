import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './deposit-countdown.tsx';

describe('deposit countdown', () => {
  it('formats seconds as mm:ss, counting minutes past an hour', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(299)).toBe('04:59');
    expect(formatCountdown(4500)).toBe('75:00');
  });

  it('rounds up to whole seconds and never goes below zero', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    expect(secondsUntil('2025-03-01T12:05:00.000Z', now)).toBe(300);
    expect(secondsUntil('2025-03-01T12:00:00.400Z', now)).toBe(1);
    expect(secondsUntil('2025-03-01T11:59:00.000Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });
});
