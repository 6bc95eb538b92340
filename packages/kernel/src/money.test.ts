import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, parseCents } from './money.ts';

describe('money', () => {
  it('parses plain decimals with up to two places', () => {
    expect(parseCents('12.3')).toBe(1230n);
    expect(parseCents('0.05')).toBe(5n);
    expect(parseCents('-7')).toBe(-700n);
    expect(parseCents('1000000000.00')).toBe(100_000_000_000n);
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['', ' 1', '1.234', '1e3', '0x10', '1,00', '+1', '.5', '1.', 'NaN', 'Infinity', '١٢']) {
      expect(parseCents(bad), bad).toBeUndefined();
    }
  });

  it('formats with two places and a sign', () => {
    expect(formatCents(0n)).toBe('0.00');
    expect(formatCents(-5n)).toBe('-0.05');
    expect(formatCents(123456n)).toBe('1234.56');
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});
