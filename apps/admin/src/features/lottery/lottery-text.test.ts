import { describe, expect, it } from 'vitest';
import { oddsText, parseAmount, parseOdds } from './lottery-text.ts';

describe('what the operator types', () => {
  it('reads odds with either decimal mark as thousandths, and reads back what it shows', () => {
    expect([parseOdds('95'), parseOdds('1,94'), parseOdds('1.940'), parseOdds('12.000'), parseOdds('97000,5'), parseOdds('1.000.000'), parseOdds('1,000.25')]).toEqual([95_000, 1_940, 1_940, 12_000, 97_000_500, 1_000_000_000, 1_000_250]);
    expect([parseOdds('1.2345'), parseOdds('a'), parseOdds(''), parseOdds('-1')]).toEqual([undefined, undefined, undefined, undefined]);
    for (const language of ['pt', 'en']) for (const value of [1_940, 95_000, 97_000_000]) expect(parseOdds(oddsText(value, language))).toBe(value);
  });

  it('reads amounts in reais as the API writes them', () => {
    expect([parseAmount('5.000,00'), parseAmount('5000'), parseAmount('5000.5'), parseAmount('R$ 10,5'), parseAmount('x'), parseAmount('1,2,3')]).toEqual(['5000.00', '5000.00', '5000.50', '10.50', undefined, undefined]);
  });
});
