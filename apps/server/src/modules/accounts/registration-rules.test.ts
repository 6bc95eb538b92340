import { describe, expect, it } from 'vitest';
import { effectiveFieldRules } from './registration-rules.ts';

const methods = { username: true, mobile: true, mobilePassword: true, smsVerification: false };

describe('effective registration field rules', () => {
  it('leads mobile registration with the mobile number and drops the username', () => {
    const fields = effectiveFieldRules([], 'mobile', methods).map((rule) => rule.field);
    expect(fields[0]).toBe('mobileNum');
    expect(fields).not.toContain('username');
    expect(fields).toEqual(expect.arrayContaining(['password', 'confirmPassword']));
  });

  it('asks no password on mobile registration without password', () => {
    const fields = effectiveFieldRules([], 'mobile', { ...methods, mobilePassword: false }).map((rule) => rule.field);
    expect(fields).not.toContain('password');
    expect(fields).not.toContain('confirmPassword');
  });

  it('keeps username registration led by the username and requiring a password', () => {
    const rules = effectiveFieldRules([], 'username', methods);
    expect(rules[0]?.field).toBe('username');
    expect(rules.find((rule) => rule.field === 'password')).toMatchObject({ enabled: true, required: true });
  });
});
