import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword, parseCommonPasswordList } from './common-passwords.ts';

const listText = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');

describe('common password list', () => {
  it('ships at least the 3,000 most common passwords (ASVS 6.2.4), with its source and licence', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(3_000);
    expect(commonPasswords().size).toBe(10_000);
    const header = listText.split('\n')[0];
    expect(header).toMatch(/^# .*@zxcvbn-ts\/language-common 4\.1\.3.*MIT/);
  });

  it('holds one lowercase entry a line, none empty, none looking like a comment', () => {
    const entries = listText.split('\n').slice(1).filter((line) => line !== '');
    expect(entries).toHaveLength(10_000);
    const odd = entries.filter((entry) => entry.startsWith('#') || entry !== entry.toLowerCase() || entry !== entry.trim());
    expect(odd).toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
  });

  it('matches case-insensitively', () => {
    for (const password of ['123456', 'password', 'PASSWORD', 'Password', 'qwerty', 'QwErTy123', 'iloveyou', 'brasil', 'Santos', '12345678']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets uncommon passwords through, untrimmed', () => {
    for (const password of ['', 'Vq7#pL2!mZ-cafe', 'correct horse battery staple on a Tuesday', ' password', 'password ', 'pass word']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('parses comments and CRLF line ends', () => {
    const parsed = parseCommonPasswordList('# header\r\nAbc123\r\n\r\nletmein\n');
    expect([...parsed]).toEqual(['abc123', 'letmein']);
  });

  it('loads the file once', () => {
    expect(commonPasswords()).toBe(commonPasswords());
  });
});
