import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './amount-input.ts';

describe('amount input', () => {
  it('accepts positive amounts with at most two decimals, comma or dot', () => {
    expect(parseAmountInput('10')).toBe('10');
    expect(parseAmountInput(' 12.5 ')).toBe('12.5');
    expect(parseAmountInput('12,34')).toBe('12.34');
    expect(parseAmountInput('0.01')).toBe('0.01');
  });

  it('refuses zero, negatives, three decimals, exponents, thousands separators and text', () => {
    for (const input of ['', '0', '0.00', '0,0', '-5', '+5', '1.234', '1e3', '1.234,50', '1 000', 'abc', '12.']) {
      expect(parseAmountInput(input), input).toBeNull();
    }
  });
});
