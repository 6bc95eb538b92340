import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_RULES } from '@app/contracts';
import { registerSettingsFixture } from '../../../../test/fake-api.ts';
import { formatCpfInput } from './register-field.tsx';
import { registerFields, registerIssues, type RegisterFormState } from './register-validation.ts';

const settings = registerSettingsFixture({
  fields: [DEFAULT_FIELD_RULES.username, DEFAULT_FIELD_RULES.password, DEFAULT_FIELD_RULES.confirmPassword, DEFAULT_FIELD_RULES.birthday],
  confirm21: true,
});
const base: RegisterFormState = {
  values: { username: 'joao2024', password: 'uma senha longa', confirmPassword: 'uma senha longa' },
  code: '',
  agreeTerms: true,
  confirm21: true,
  captchaAnswered: false,
};
const context = { settings, smsNeeded: false, today: '2025-06-15' };

describe('register validation', () => {
  it('accepts a complete form and sends the fields as typed, confirmation included', () => {
    expect(registerIssues(base, context)).toEqual([]);
    expect(registerFields(base, settings, false)).toEqual(base.values);
  });

  it('uses the server message keys: same-as-account, too young, 21+, SMS code', () => {
    const issues = registerIssues(
      { ...base, values: { ...base.values, password: 'JOAO2024', confirmPassword: 'JOAO2024', birthday: '2010-01-01' }, confirm21: false },
      { ...context, smsNeeded: true },
    );
    expect(issues.map((issue) => [issue.field, issue.messageKey])).toEqual([
      ['password', 'password_same_as_account'],
      ['birthday', 'too_young'],
      ['verificationCode', 'verification_code_needed'],
      ['confirm21', 'confirm_21'],
    ]);
  });

  it('adds the SMS code to the fields of a mobile registration', () => {
    expect(registerFields({ ...base, code: '123456' }, settings, true).verificationCode).toBe('123456');
  });
});

describe('formatCpfInput', () => {
  it.each([
    ['529', '529'],
    ['5299', '529.9'],
    ['5299822', '529.982.2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25999', '529.982.247-25'],
    ['abc', ''],
  ])('%s → %s', (input, expected) => {
    expect(formatCpfInput(input)).toBe(expected);
  });
});
