import { describe, expect, it } from 'vitest';
import { checkIdentityInput, normalizePayeeName } from './identity.ts';

const valid = { payeeName: 'José da Silva', cpf: '529.982.247-25' };
const problemsOf = (input: { payeeName: string; cpf: string; birthday?: string }) => {
  const check = checkIdentityInput(input);
  return check.ok ? [] : check.problems.map((problem) => `${problem.field}:${problem.messageKey}`);
};

describe('identity rules', () => {
  it('trims, collapses inner white space and composes accents', () => {
    expect(normalizePayeeName('  Maria \t da\u00a0 Conceição  ')).toBe('Maria da Conceição');
    expect(normalizePayeeName('Jose\u0301 Souza')).toBe('José Souza');
  });

  it('accepts accented names with apostrophes and hyphens, and stores the CPF as digits', () => {
    expect(checkIdentityInput({ payeeName: "  Ana  D'Ávila-Souza ", cpf: '111.444.777-35', birthday: '1990-02-28' })).toEqual({
      ok: true,
      values: { payeeName: "Ana D'Ávila-Souza", cpf: '11144477735', birthday: '1990-02-28' },
    });
    expect(checkIdentityInput(valid)).toMatchObject({ ok: true, values: { birthday: undefined } });
  });

  it('refuses one word, digits, markup, too short or too long names with the registration message', () => {
    for (const payeeName of ['Madonna', 'Jo', 'João 123', '<b>Ana</b> Souza', "Ana ' Souza", 'Ana -Souza', `Ana ${'a'.repeat(60)}`]) {
      const check = checkIdentityInput({ ...valid, payeeName });
      expect(check, payeeName).toEqual({ ok: false, problems: [{ field: 'payeeName', messageKey: 'reg_pattern_19', params: { min: 3, max: 60 } }] });
    }
    expect(problemsOf({ ...valid, payeeName: '   ' })).toEqual(['payeeName:required']);
  });

  it('refuses bad check digits, repdigits and wrong lengths', () => {
    for (const cpf of ['529.982.247-24', '111.111.111-11', '00000000000', '5299822472', '529982247255', 'abc']) {
      expect(problemsOf({ ...valid, cpf }), cpf).toEqual(['cpf:reg_pattern_22']);
    }
    expect(problemsOf({ ...valid, cpf: '' })).toEqual(['cpf:required']);
  });

  it('refuses birthdays that are not real dates or are before 1900', () => {
    for (const birthday of ['1990-02-30', '01/02/1990', '1899-12-31', '0999-01-01']) {
      expect(problemsOf({ ...valid, birthday }), birthday).toEqual(['birthday:reg_pattern_11']);
    }
    expect(problemsOf({ ...valid, birthday: '' })).toEqual([]);
  });
});
