import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIELD_RULES, FieldRuleSchema, REGISTRATION_FIELDS, codePointLength, fieldProblemMessageKey,
  registrationProblemMessageKey, validateField, validateRegistrationFields, type FieldRule,
} from './field-rules.ts';
import { REG_PATTERNS, acceptedPatternFor, type RegPatternId } from './registration-patterns.ts';

function ruleFor(patternId: RegPatternId, overrides: Partial<FieldRule> = {}): FieldRule {
  const pattern = REG_PATTERNS.find((p) => p.id === patternId);
  if (!pattern) throw new Error(patternId);
  return {
    field: 'test', enabled: true, required: true, patternId, acceptedPattern: pattern.source,
    minLength: pattern.defaultMin, maxLength: pattern.defaultMax, ...overrides,
  };
}

/** A value each pattern accepts within its default length range. */
const SAMPLE: Record<RegPatternId, string> = {
  reg_pattern_0: 'qualquer coisa', reg_pattern_1: 'joao123', reg_pattern_2: '张伟123', reg_pattern_3: 'jose@example.com',
  reg_pattern_4: 'abc123', reg_pattern_5: 'abc123', reg_pattern_6: '123456', reg_pattern_7: 'Abc123',
  reg_pattern_8: 'John Smith', reg_pattern_9: 'no_spaces', reg_pattern_10: '张伟，你好', reg_pattern_11: '2000-01-31',
  reg_pattern_12: '01-31-2000', reg_pattern_13: '김민준', reg_pattern_14: 'สวัสดี', reg_pattern_15: 'สมชาย Smith',
  reg_pattern_16: 'JOHN SMITH', reg_pattern_17: 'P@ssw0rd', reg_pattern_18: 'Passw0rd!', reg_pattern_19: 'José da Silva',
  reg_pattern_20: '山田太郎', reg_pattern_21: 'BRASIL', reg_pattern_22: '529.982.247-25', reg_pattern_23: '(11) 96123-4567',
};

describe('FieldRuleSchema', () => {
  it('parses every default rule', () => {
    for (const rule of Object.values(DEFAULT_FIELD_RULES)) expect(FieldRuleSchema.parse(rule)).toEqual(rule);
  });

  it('refuses inconsistent or unsafe rules', () => {
    const good = DEFAULT_FIELD_RULES.username;
    expect(FieldRuleSchema.safeParse({ ...good, minLength: 20, maxLength: 10 }).success).toBe(false);
    expect(FieldRuleSchema.safeParse({ ...good, patternId: 'reg_pattern_24' }).success).toBe(false);
    expect(FieldRuleSchema.safeParse({ ...good, minLength: -1 }).success).toBe(false);
    expect(FieldRuleSchema.safeParse({ ...good, maxLength: 1.5 }).success).toBe(false);
    expect(FieldRuleSchema.safeParse({ ...good, field: '__proto__' }).success).toBe(false);
    expect(FieldRuleSchema.safeParse({ ...good, field: '' }).success).toBe(false);
    expect(FieldRuleSchema.safeParse({ ...good, enabled: 'yes' }).success).toBe(false);
  });
});

describe('DEFAULT_FIELD_RULES', () => {
  it('has one rule per spec field, named after it, with the pattern source as acceptedPattern', () => {
    expect(Object.keys(DEFAULT_FIELD_RULES)).toEqual([...REGISTRATION_FIELDS]);
    for (const [field, rule] of Object.entries(DEFAULT_FIELD_RULES)) {
      expect(rule.field).toBe(field);
      expect(rule.acceptedPattern).toBe(acceptedPatternFor(rule.patternId));
    }
    expect(Object.isFrozen(DEFAULT_FIELD_RULES)).toBe(true);
  });

  it('uses the Brazilian defaults', () => {
    const pick = (rule: FieldRule) => [rule.enabled, rule.required, rule.patternId, rule.minLength, rule.maxLength];
    expect(pick(DEFAULT_FIELD_RULES.username)).toEqual([true, true, 'reg_pattern_1', 4, 16]);
    expect(pick(DEFAULT_FIELD_RULES.password)).toEqual([true, true, 'reg_pattern_0', 8, 64]);
    expect(pick(DEFAULT_FIELD_RULES.confirmPassword)).toEqual([true, true, 'reg_pattern_0', 8, 64]);
    expect(pick(DEFAULT_FIELD_RULES.payeeName)).toEqual([true, false, 'reg_pattern_19', 3, 60]);
    expect(pick(DEFAULT_FIELD_RULES.email)).toEqual([true, false, 'reg_pattern_3', 5, 254]);
    expect(pick(DEFAULT_FIELD_RULES.mobileNum)).toEqual([true, false, 'reg_pattern_23', 11, 20]);
    expect(pick(DEFAULT_FIELD_RULES.idNumber)).toEqual([true, false, 'reg_pattern_22', 11, 14]);
    expect(pick(DEFAULT_FIELD_RULES.birthday)).toEqual([true, false, 'reg_pattern_11', 10, 10]);
    expect(pick(DEFAULT_FIELD_RULES.affiliateCode)).toEqual([true, false, 'reg_pattern_4', 4, 20]);
    expect(pick(DEFAULT_FIELD_RULES.paymentPassword)).toEqual([false, true, 'reg_pattern_6', 6, 6]);
    const enabled = Object.values(DEFAULT_FIELD_RULES).filter((rule) => rule.enabled).map((rule) => rule.field);
    expect(enabled).toEqual(['username', 'password', 'confirmPassword', 'payeeName', 'email', 'mobileNum', 'affiliateCode', 'idNumber', 'birthday']);
    expect(DEFAULT_FIELD_RULES.password.acceptedPattern).toBe('*');
  });
});

describe('validateField', () => {
  it('ignores a disabled field whatever it holds', () => {
    const rule = { ...DEFAULT_FIELD_RULES.username, enabled: false };
    for (const value of [undefined, '', '!!', "' OR 1=1 --", 'x'.repeat(10_000)]) {
      expect(validateField(value, rule)).toEqual({ ok: true, value: undefined });
    }
  });

  it('requires a required field, whitespace counting as empty', () => {
    for (const value of [undefined, '', '   ', '\t\n', '\u3000', '\u00A0']) {
      expect(validateField(value, DEFAULT_FIELD_RULES.username)).toEqual({
        ok: false, reason: 'required', patternId: 'reg_pattern_1', min: 4, max: 16,
      });
    }
  });

  it('lets an optional field stay empty', () => {
    expect(validateField(undefined, DEFAULT_FIELD_RULES.email)).toEqual({ ok: true, value: undefined });
    expect(validateField('  ', DEFAULT_FIELD_RULES.email)).toEqual({ ok: true, value: undefined });
  });

  it('trims before checking and returns the trimmed value', () => {
    expect(validateField('  joao123\t', DEFAULT_FIELD_RULES.username)).toEqual({ ok: true, value: 'joao123' });
    expect(validateField(' José da Silva ', DEFAULT_FIELD_RULES.payeeName)).toEqual({ ok: true, value: 'José da Silva' });
  });

  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('😀😀')).toBe(2);
    expect(codePointLength('𠀀')).toBe(1);
    expect(codePointLength('e\u0301')).toBe(2);
    const four = ruleFor('reg_pattern_0', { minLength: 4, maxLength: 4, acceptedPattern: '*' });
    expect(validateField('😀😀😀😀', four)).toEqual({ ok: true, value: '😀😀😀😀' });
    expect(validateField('😀😀', four)).toMatchObject({ ok: false, reason: 'length' });
    const han = ruleFor('reg_pattern_2', { minLength: 2, maxLength: 2 });
    expect(validateField('𠀀𠀁', han)).toEqual({ ok: true, value: '𠀀𠀁' });
  });

  it('checks length before the pattern and reports the range', () => {
    expect(validateField('ab', DEFAULT_FIELD_RULES.username)).toEqual({
      ok: false, reason: 'length', patternId: 'reg_pattern_1', min: 4, max: 16,
    });
    expect(validateField('!!', DEFAULT_FIELD_RULES.username)).toMatchObject({ reason: 'length' });
    expect(validateField('a'.repeat(17), DEFAULT_FIELD_RULES.username)).toMatchObject({ reason: 'length' });
    expect(validateField('x'.repeat(1_000_000), DEFAULT_FIELD_RULES.email)).toMatchObject({ reason: 'length' });
  });

  it.each(REG_PATTERNS.map((pattern) => pattern.id))('%s: sample ok, empty required, too long, hostile refused', (id) => {
    const rule = ruleFor(id);
    expect(validateField(SAMPLE[id], rule).ok, SAMPLE[id]).toBe(true);
    expect(validateField('', rule)).toMatchObject({ ok: false, reason: 'required', patternId: id });
    const tooLong = validateField('a'.repeat(rule.maxLength + 1), rule);
    expect(tooLong).toEqual({ ok: false, reason: 'length', patternId: id, min: rule.minLength, max: rule.maxLength });
    if (id !== 'reg_pattern_0') {
      const sql = validateField("' OR 1=1 --", { ...rule, minLength: 1, maxLength: 100 });
      expect(sql).toMatchObject({ ok: false, reason: 'pattern', patternId: id });
    }
  });

  it('refuses the pattern with the pattern id for the message', () => {
    for (const value of ['1abc', 'joão', '<script>', '${x}', 'ab\u200Bcd', 'abc😀', "x' OR 1=1"]) {
      expect(validateField(value, DEFAULT_FIELD_RULES.username), value).toEqual({
        ok: false, reason: 'pattern', patternId: 'reg_pattern_1', min: 4, max: 16,
      });
    }
  });

  it("skips the pattern when acceptedPattern is '*'", () => {
    const rule = { ...DEFAULT_FIELD_RULES.username, acceptedPattern: '*' };
    expect(validateField('1 abc!', rule)).toEqual({ ok: true, value: '1 abc!' });
  });

  it('never compiles acceptedPattern: the pattern id decides', () => {
    const rule = { ...DEFAULT_FIELD_RULES.username, acceptedPattern: '(a+)+$' };
    expect(validateField('joao123', rule)).toEqual({ ok: true, value: 'joao123' });
    expect(validateField('1abc', rule)).toMatchObject({ reason: 'pattern' });
  });

  it('accepts any characters in a password, within 8 to 64', () => {
    for (const password of ['senha com espaços', "' OR 1=1 --", '<script>x</script>', '😀😀😀😀😀😀😀😀', 'pass\u200Bword']) {
      expect(validateField(password, DEFAULT_FIELD_RULES.password), password).toEqual({ ok: true, value: password });
    }
    expect(validateField('1234567', DEFAULT_FIELD_RULES.password)).toMatchObject({ reason: 'length' });
    expect(validateField('a'.repeat(65), DEFAULT_FIELD_RULES.password)).toMatchObject({ reason: 'length' });
  });

  it('returns CPF digits and E.164 mobiles as the value to store', () => {
    expect(validateField('529.982.247-25', DEFAULT_FIELD_RULES.idNumber)).toEqual({ ok: true, value: '52998224725' });
    expect(validateField('529.982.247-24', DEFAULT_FIELD_RULES.idNumber)).toMatchObject({ reason: 'pattern', patternId: 'reg_pattern_22' });
    expect(validateField('(11) 96123-4567', DEFAULT_FIELD_RULES.mobileNum)).toEqual({ ok: true, value: '+5511961234567' });
    expect(validateField('(11) 3123-4567', DEFAULT_FIELD_RULES.mobileNum)).toMatchObject({ reason: 'pattern', patternId: 'reg_pattern_23' });
    expect(validateField('2023-02-29', DEFAULT_FIELD_RULES.birthday)).toMatchObject({ reason: 'pattern', patternId: 'reg_pattern_11' });
    expect(validateField('2008-02-29', DEFAULT_FIELD_RULES.birthday)).toEqual({ ok: true, value: '2008-02-29' });
  });

  it('names the message key', () => {
    expect(fieldProblemMessageKey({ reason: 'required', patternId: 'reg_pattern_1' })).toBe('required');
    expect(fieldProblemMessageKey({ reason: 'length', patternId: 'reg_pattern_1' })).toBe('reg_pattern_1');
    expect(fieldProblemMessageKey({ reason: 'pattern', patternId: 'reg_pattern_22' })).toBe('reg_pattern_22');
  });
});

describe('validateRegistrationFields', () => {
  const rules = Object.values(DEFAULT_FIELD_RULES);

  it('returns the values to store, without the confirmation', () => {
    const result = validateRegistrationFields(
      { username: 'joao123', password: 'uma senha longa', confirmPassword: 'uma senha longa', idNumber: '529.982.247-25', email: '' },
      rules,
    );
    expect(result).toEqual({ ok: true, values: { username: 'joao123', password: 'uma senha longa', idNumber: '52998224725' } });
  });

  it('reports a confirmation that differs, and every failing field', () => {
    const result = validateRegistrationFields(
      { username: '1x', password: 'uma senha longa', confirmPassword: 'outra senha longa', mobileNum: '(11) 3123-4567', qqNum: 'ignored' },
      rules,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.problems).sort()).toEqual(['confirmPassword', 'mobileNum', 'username']);
    expect(result.problems.confirmPassword).toEqual({ ok: false, reason: 'mismatch' });
    expect(registrationProblemMessageKey(result.problems.confirmPassword!)).toBe('inconsistent_twice');
    expect(registrationProblemMessageKey(result.problems.mobileNum!)).toBe('reg_pattern_23');
  });

  it('does not read inherited properties or non-strings from the submitted body', () => {
    const body = JSON.parse('{"__proto__": {"username": "joao123"}, "password": 12345678}') as Record<string, string>;
    const result = validateRegistrationFields(body, rules);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.username).toMatchObject({ reason: 'required' });
    expect(result.problems.password).toMatchObject({ reason: 'required' });
    expect(({} as Record<string, unknown>).username).toBeUndefined();
  });
});

describe('secrets', () => {
  it('keeps a password exactly as typed, spaces included', () => {
    const rule = DEFAULT_FIELD_RULES.password;
    expect(validateField('  correct horse  ', rule)).toEqual({ ok: true, value: '  correct horse  ' });
  });
});
