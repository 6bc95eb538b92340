import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGE_KEYS, checkPasswordShape } from './password-policy.ts';

describe('checkPasswordShape', () => {
  it('follows ASVS: at least 8, up to 128 code points', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(checkPasswordShape('')).toEqual(['too_short']);
    expect(checkPasswordShape('a'.repeat(7))).toEqual(['too_short']);
    expect(checkPasswordShape('a'.repeat(8))).toEqual([]);
    expect(checkPasswordShape('a'.repeat(64))).toEqual([]);
    expect(checkPasswordShape('a'.repeat(128))).toEqual([]);
    expect(checkPasswordShape('a'.repeat(129))).toEqual(['too_long']);
  });

  it('counts code points, not UTF-16 units', () => {
    expect('😀'.repeat(4)).toHaveLength(8);
    expect(checkPasswordShape('😀'.repeat(4))).toEqual(['too_short']);
    expect(checkPasswordShape('😀'.repeat(8))).toEqual([]);
    expect(checkPasswordShape('😀'.repeat(128))).toEqual([]);
    expect(checkPasswordShape('😀'.repeat(129))).toEqual(['too_long']);
  });

  it('has no composition rules and takes any character, spaces included', () => {
    for (const password of [
      'aaaaaaaa', '12345678', 'correct horse battery staple', 'senha com espaços', 'çãõéíú€£¥', 'パスワードです日本語',
      "' OR 1=1 --", '<script>alert(1)</script>', '${process.env}', 'مرحبا بالعالم', 'pass\u200Bword', 'e\u0301e\u0301e\u0301e\u0301',
    ]) {
      expect(checkPasswordShape(password), password).toEqual([]);
    }
  });

  it('neither trims nor truncates', () => {
    expect(checkPasswordShape(' 1234567')).toEqual([]);
    expect(checkPasswordShape('   abc   ')).toEqual([]);
    expect(checkPasswordShape(`${'a'.repeat(128)} `)).toEqual(['too_long']);
  });

  it('refuses the account name, ignoring case and Unicode form', () => {
    expect(checkPasswordShape('JoaoSilva2000', { account: 'joaosilva2000' })).toEqual(['same_as_account']);
    expect(checkPasswordShape('joaosilva2000', { account: ' JoaoSilva2000 ' })).toEqual(['same_as_account']);
    expect(checkPasswordShape('Jose\u0301Silva', { account: 'JoséSilva' })).toEqual(['same_as_account']);
    expect(checkPasswordShape('abc', { account: 'abc' })).toEqual(['too_short', 'same_as_account']);
    expect(checkPasswordShape('joaosilva2000!', { account: 'joaosilva2000' })).toEqual([]);
    expect(checkPasswordShape('whatever1', { account: '' })).toEqual([]);
    expect(checkPasswordShape('whatever1', {})).toEqual([]);
  });

  it('names a message key for each problem', () => {
    expect(PASSWORD_PROBLEM_MESSAGE_KEYS).toEqual({
      too_short: 'password_too_short', too_long: 'password_too_long', same_as_account: 'password_same_as_account',
    });
  });
});
