import { describe, expect, it } from 'vitest';
import { checkAmount, fromCents, isSameAmount, toCents, toInputAmount } from './amount.ts';
import { remainingAfter } from './components/withdraw/receipt-confirmation.tsx';

const LIMITS = { min: '10.00', max: '50000.00' };

describe('payment amounts', () => {
  it('compares in centavos at the edges of the limits', () => {
    expect(checkAmount('10', LIMITS)).toEqual({ ok: true, amount: '10' });
    expect(checkAmount('9,99', LIMITS)).toEqual({ ok: false, problem: 'below_min' });
    expect(checkAmount('50000', LIMITS)).toEqual({ ok: true, amount: '50000' });
    expect(checkAmount('50000,01', LIMITS)).toEqual({ ok: false, problem: 'above_max' });
    expect(checkAmount('100.01', { ...LIMITS, available: '100.00' })).toEqual({ ok: false, problem: 'above_available' });
    expect(checkAmount('100', { ...LIMITS, available: '100.00' })).toEqual({ ok: true, amount: '100' });
  });

  it('refuses what the wallet amount input refuses', () => {
    for (const input of ['', '0', '-5', '1.234,50', '12.345', 'abc']) expect(checkAmount(input, LIMITS), input).toEqual({ ok: false, problem: 'invalid' });
  });

  it('converts between decimal strings and centavos without floats', () => {
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('12345678901.99')).toBe(1234567890199n);
    expect(toCents('1,00')).toBeNull();
    expect(fromCents(3950n)).toBe('39.50');
    expect(fromCents(5n)).toBe('0.05');
  });

  it('writes presets the way the member types them and recognises the same amount', () => {
    expect(toInputAmount('50.00', ',')).toBe('50,00');
    expect(toInputAmount('50.00', '.')).toBe('50.00');
    expect(isSameAmount('50', '50.00')).toBe(true);
    expect(isSameAmount('50,0', '50.00')).toBe(true);
    expect(isSameAmount('50,01', '50.00')).toBe(false);
  });

  it('computes what is still missing after a partial receipt', () => {
    expect(remainingAfter('100.00', '60,5')).toBe('39.50');
    expect(remainingAfter('100.00', '')).toBe('100.00');
    expect(remainingAfter('100.00', '100')).toBeNull();
    expect(remainingAfter('100.00', '1.234,5')).toBeNull();
  });
});
