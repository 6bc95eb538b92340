import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completeCpf, cpfCheckDigit, formatCpf, isValidCpf, normalizeCpf } from './cpf.ts';

const VALID = ['529.982.247-25', '111.444.777-35', '123.456.789-09', '000.000.001-91'];
const INVALID = ['111.111.111-11', '529.982.247-24'];

/** The remainder before 10 → 0, which is where the CPF rule loses information. */
function rawRemainder(digits: string, count: 9 | 10): number {
  let sum = 0;
  for (let i = 0; i < count; i += 1) sum += Number(digits[i]) * (count + 1 - i);
  return (sum * 10) % 11;
}

describe('CPF check digits', () => {
  it.each(VALID)('accepts %s with and without punctuation', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
    const digits = cpf.replace(/\D/g, '');
    expect(isValidCpf(digits)).toBe(true);
    expect(normalizeCpf(cpf)).toBe(digits);
    expect(formatCpf(digits)).toBe(cpf);
  });

  it.each(INVALID)('rejects %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
    expect(normalizeCpf(cpf)).toBeNull();
  });

  it('computes DV1 and DV2 with the Receita Federal weights', () => {
    expect(cpfCheckDigit([5, 2, 9, 9, 8, 2, 2, 4, 7])).toBe(2);
    expect(cpfCheckDigit([5, 2, 9, 9, 8, 2, 2, 4, 7, 2])).toBe(5);
    expect(completeCpf('529982247')).toBe('52998224725');
    expect(() => completeCpf('52998224')).toThrow(RangeError);
  });

  it('rejects all ten repdigits although their check digits add up', () => {
    for (let d = 0; d <= 9; d += 1) {
      const repdigit = String(d).repeat(11);
      expect(completeCpf(String(d).repeat(9))).toBe(repdigit);
      expect(isValidCpf(repdigit)).toBe(false);
      expect(isValidCpf(formatCpf(repdigit))).toBe(false);
    }
  });

  it('normalizes only by dropping dots, hyphens and spaces', () => {
    expect(normalizeCpf(' 529 982 247 25 ')).toBe('52998224725');
    expect(normalizeCpf('529982247-25')).toBe('52998224725');
    for (const bad of [
      '', '5299822472', '529982247250', '529.982.247-2a', 'abc.def.ghi-jk', '529/982/247-25', '529_982_247_25',
      '５２９９８２２４７２５', '٥٢٩٩٨٢٢٤٧٢٥', '529.982.247-25\u200B', "529.982.247-25' OR 1=1 --", '<script>52998224725', '${52998224725}',
    ]) {
      expect(normalizeCpf(bad), bad).toBeNull();
    }
  });

  it('formatCpf leaves anything that is not 11 digits alone', () => {
    expect(formatCpf('5299822472')).toBe('5299822472');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
  });

  it('property: every completed random base is valid, formatted or not', () => {
    for (let i = 0; i < 2_000; i += 1) {
      const base = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
      const cpf = completeCpf(base);
      if (/^(\d)\1{10}$/.test(cpf)) continue;
      expect(isValidCpf(cpf), cpf).toBe(true);
      expect(normalizeCpf(formatCpf(cpf))).toBe(cpf);
    }
  });

  it('property: changing one digit is caught, except where both remainders swap 0 and 10', () => {
    let flips = 0;
    let missed = 0;
    for (let i = 0; i < 1_500; i += 1) {
      // Deterministic spread over the base space, so the run is reproducible.
      const cpf = completeCpf(String((i * 333_667) % 1_000_000_000).padStart(9, '0'));
      if (/^(\d)\1{10}$/.test(cpf)) continue;
      for (let position = 0; position < 11; position += 1) {
        for (let delta = 1; delta <= 9; delta += 1) {
          const changed = cpf.slice(0, position) + String((Number(cpf[position]) + delta) % 10) + cpf.slice(position + 1);
          flips += 1;
          if (!isValidCpf(changed)) continue;
          missed += 1;
          // Only a base digit can slip through, and only via the 10 → 0 collapse: DV1's remainder
          // swaps 0 and 10, and so does DV2's unless the first digit changed (DV2 weighs it
          // 11 ≡ 0 mod 11, so it cannot see that digit at all).
          expect(position).toBeLessThan(9);
          expect(new Set([rawRemainder(cpf, 9), rawRemainder(changed, 9)])).toEqual(new Set([0, 10]));
          const dv2Remainders = new Set([rawRemainder(cpf, 10), rawRemainder(changed, 10)]);
          if (position === 0) expect(dv2Remainders.size).toBe(1);
          else expect(dv2Remainders).toEqual(new Set([0, 10]));
        }
      }
    }
    expect(missed / flips).toBeLessThan(0.01);
  });
});
