import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANY_PATTERN, REG_PATTERNS, REG_PATTERN_IDS, acceptedPatternFor, getRegPattern, type RegPatternId } from './registration-patterns.ts';

/**
 * Hostile or odd input that a shape rule should refuse. Each pattern below lists which of these
 * it deliberately lets through (pattern 0 takes anything; "no spaces" and the printable-ASCII
 * sets take markup: escaping output, not input rules, is the defence against injection).
 */
const HOSTILE = {
  empty: '',
  sqlInjection: "' OR 1=1 --",
  script: '<script>alert(1)</script>',
  template: '${}',
  emoji: '😀',
  rtlArabic: 'مرحبا',
  rtlOverride: '\u202Eabc',
  zeroWidthSpace: 'abc\u200Bdef',
  combiningMark: 'e\u0301',
  nul: 'a\u0000b',
  newline: 'abc\ndef',
} as const;
type Hostile = keyof typeof HOSTILE;

interface Case {
  accept: string[];
  reject: string[];
  /** HOSTILE entries this pattern accepts on purpose. */
  allows?: Hostile[];
}

const CASES: Record<RegPatternId, Case> = {
  reg_pattern_0: {
    accept: ['anything goes', 'pässwörd 123', '😀', '   '],
    reject: [],
    allows: Object.keys(HOSTILE) as Hostile[],
  },
  reg_pattern_1: {
    accept: ['joao123', 'A', 'abc', 'Zz9', 'player2025'],
    reject: ['1abc', '_abc', 'joão', 'ab c', 'ab-c', 'ab_c', 'ａbc', '\u0430bc', 'abc!'],
  },
  reg_pattern_2: {
    accept: ['张伟', '张伟123', '王芳2', '𠀀𠀁'],
    reject: ['abc', '张 伟', '张伟!', '가나', 'ひらがな', '张伟٣'],
  },
  reg_pattern_3: {
    accept: ['jose.silva@example.com', 'a+b@sub.example.com.br', "o'reilly@example.com", 'x@x.io', 'user_1@mail-server.net', `${'a'.repeat(64)}@example.com`],
    reject: [
      'plainaddress', '@example.com', 'a@b', 'a..b@example.com', '.a@example.com', 'a.@example.com', 'a@-example.com',
      'a@example-.com', 'a@exa_mple.com', 'josé@example.com', 'a@例え.jp', 'a b@example.com', 'a@@example.com',
      `${'a'.repeat(65)}@example.com`, 'a@example..com', 'a@.example.com', '"a b"@example.com', 'a@example.com.',
      "x' OR 1=1 --@example.com", '<a@example.com>',
    ],
  },
  reg_pattern_4: {
    accept: ['abc123', 'ABC', '123', 'aff2025'],
    reject: ['abc_123', 'abc 123', 'ção', 'abc-1', '１２３'],
  },
  reg_pattern_5: {
    accept: ['abc123', '1a', 'A1b2C3'],
    reject: ['abcdef', '123456', 'abc-123', 'abc 123', 'çã123'],
  },
  reg_pattern_6: {
    accept: ['123456', '0', '0000'],
    reject: ['12a', '١٢٣', '１２３', '-1', '1.5', '1 2', '+55'],
  },
  reg_pattern_7: {
    accept: ['Abc123', 'ABC', 'aB1'],
    reject: ['abc123', 'Abc 123', 'Ábc123', 'abc', '123', 'Abc_1'],
  },
  reg_pattern_8: {
    accept: ['John Smith', 'John  Smith', 'Ana', 'Mary Jane Watson'],
    reject: ['José Silva', 'John3', 'John-Smith', ' John', 'John ', 'John\tSmith', 'John\u00A0Smith'],
  },
  reg_pattern_9: {
    accept: ['no_spaces!', 'joão', 'user@line', '张伟'],
    reject: ['a b', 'a\tb', 'a\u00A0b', 'a\u3000b', 'a\u200Bb', 'a\u202Eb', 'a\u2060b', 'a\uFEFFb', 'a\u00ADb'],
    allows: ['script', 'template', 'emoji', 'rtlArabic', 'combiningMark'],
  },
  reg_pattern_10: {
    accept: ['张伟，你好！', '《三国演义》', '张', '李·明'],
    reject: ['，。', 'abc', '张 伟', '张伟1', '张伟<', '张伟$'],
  },
  reg_pattern_11: {
    accept: ['2024-02-29', '2000-02-29', '2023-12-31', '1900-01-01', '9999-12-31'],
    reject: ['2023-02-29', '1900-02-29', '2023-04-31', '2023-13-01', '2023-00-10', '2023-01-00', '2023-1-1', '23-01-01',
      '2023/01/01', '0000-01-01', '0999-12-31', '2023-01-01T00:00', '２０２３-01-01', '12-31-2023'],
  },
  reg_pattern_12: {
    accept: ['02-29-2024', '12-31-2023', '01-01-1900'],
    reject: ['02-29-2023', '2023-12-31', '13-01-2023', '04-31-2023', '1-1-2023', '12/31/2023', '00-10-2023'],
  },
  reg_pattern_13: {
    accept: ['김민준', '한글', '\u1100\u1161'],
    reject: ['김 민준', 'kim', '金', '김1', 'ㅋㅋ!'],
  },
  reg_pattern_14: {
    accept: ['สวัสดี', 'ภาษาไทย', 'สมชาย๑'],
    reject: ['สวัสดี abc', 'Thai', 'สวัสดี1', 'สวัสดี ครับ'],
  },
  reg_pattern_15: {
    accept: ['สมชาย ใจดี', 'John Smith', 'สมชาย Smith', 'ภาษาไทย'],
    reject: ['สมชาย1', 'José', 'John-Smith', 'สมชาย_ใจดี'],
  },
  reg_pattern_16: {
    accept: ['JOHN SMITH', 'ABC', 'A B C'],
    reject: ['John Smith', 'JOÃO', 'JOHN1', 'JOHN-SMITH'],
  },
  reg_pattern_17: {
    accept: ['P@ssw0rd!', 'abc', '123', '!@#$%', 'a-b_c.d'],
    reject: ['a b', 'senha€', 'ção', 'abc\t'],
    allows: ['script', 'template'],
  },
  reg_pattern_18: {
    accept: ['Passw0rd!', 'Aa1!Aa1!', 'x~Y9', 'Z9z{'],
    reject: ['password', 'Password1', 'PASSWORD1!', 'password1!', 'Password!', 'Passw0rd! x', 'Pässw0rd!', 'Passw0rd€'],
  },
  reg_pattern_19: {
    accept: ['José da Silva', "Maria D'Ávila", 'Ana-Clara Souza', 'João Pedro dos Santos', 'Jose\u0301 Silva', 'Zoë O’Brien', 'Lê Văn Thành', 'Ana  Souza'],
    reject: ['José', 'José ', 'José 123', 'José -Silva', "José Silva'", 'Иван Петров', '张 伟', 'José\u200BSilva Souza', 'José da Silva 😀',
      'José--Silva Souza', "José '' Silva", 'J0sé Silva', 'José\tSilva', 'Ana\u00A0Souza'],
  },
  reg_pattern_20: {
    accept: ['やまだたろう', 'ヤマダ\u3000タロウ', '山田太郎', 'コーヒー', '佐々木', 'ヴァイオリン'],
    reject: ['ﾔﾏﾀﾞ', 'Yamada', '山田 太郎', '김', '山田１', '山田!'],
  },
  reg_pattern_21: {
    accept: ['ABC', 'Z', 'BRASIL'],
    reject: ['AbC', 'A B', 'Á', 'ABC1', 'ＡＢＣ'],
  },
  reg_pattern_22: {
    accept: ['529.982.247-25', '52998224725', '111.444.777-35', '123.456.789-09', '000.000.001-91', '529 982 247 25'],
    reject: ['111.111.111-11', '529.982.247-24', '529.982.247-2', '5299822472x', '529.982.247/25', '529.982.247-255', '00000000000'],
  },
  reg_pattern_23: {
    accept: ['(11) 96123-4567', '+55 11 96123-4567', '11961234567', '+5511961234567', '55 11 96123-4567'],
    reject: ['(11) 3123-4567', '(23) 96123-4567', '+1 11 96123-4567', '11abc961234567', '(11) 86123-4567', '(10) 96123-4567', '1196123456'],
  },
};

describe('registration patterns', () => {
  it('defines the 24 patterns in id order', () => {
    expect(REG_PATTERNS).toHaveLength(24);
    REG_PATTERNS.forEach((pattern, index) => {
      expect(pattern.id).toBe(`reg_pattern_${index}`);
      expect(REG_PATTERN_IDS[index]).toBe(pattern.id);
      expect(getRegPattern(pattern.id)).toBe(pattern);
      expect(pattern.defaultMin).toBeGreaterThanOrEqual(1);
      expect(pattern.defaultMax).toBeGreaterThanOrEqual(pattern.defaultMin);
      expect(pattern.description.length).toBeGreaterThan(0);
    });
    expect(Object.isFrozen(REG_PATTERNS)).toBe(true);
  });

  it('keeps the spec kinds in order', () => {
    expect(REG_PATTERNS.map((pattern) => pattern.kind)).toEqual([
      'plain_length', 'letter_then_alphanumeric', 'chinese_and_digits', 'email', 'letters_or_digits', 'letters_and_digits',
      'digits', 'alphanumeric_with_uppercase', 'english_letters_and_spaces', 'no_spaces', 'chinese_and_punctuation',
      'date_iso', 'date_us', 'korean', 'thai', 'thai_or_english_with_spaces', 'uppercase_with_spaces',
      'letters_digits_symbols', 'strong_password', 'full_name', 'japanese_full_width', 'uppercase', 'cpf', 'br_mobile',
    ]);
  });

  it('sends a regex source for every pattern but 0, valid with the u and the v flag', () => {
    expect(acceptedPatternFor('reg_pattern_0')).toBe(ANY_PATTERN);
    for (const pattern of REG_PATTERNS.slice(1)) {
      expect(pattern.source).toMatch(/^\^.*\$$/);
      expect(() => new RegExp(pattern.source, 'u'), pattern.id).not.toThrow();
      // Browsers compile <input pattern> with v; the SPA may use the source there.
      expect(() => new RegExp(`^(?:${pattern.source})$`, 'v'), pattern.id).not.toThrow();
    }
  });

  it('marks exactly the patterns whose regex is not the whole rule', () => {
    expect(REG_PATTERNS.filter((pattern) => !pattern.exact).map((pattern) => pattern.id)).toEqual([
      'reg_pattern_11', 'reg_pattern_12', 'reg_pattern_22', 'reg_pattern_23',
    ]);
  });

  describe.each(REG_PATTERN_IDS)('%s', (id) => {
    const pattern = getRegPattern(id);
    const cases = CASES[id];
    const regex = pattern.source === ANY_PATTERN ? null : new RegExp(pattern.source, 'u');

    it.each(cases.accept)('accepts %j', (value) => {
      expect(pattern.test(value)).toBe(true);
      if (regex) expect(regex.test(value)).toBe(true);
    });

    if (cases.reject.length > 0) {
      it.each(cases.reject)('rejects %j', (value) => {
        expect(pattern.test(value)).toBe(false);
        // An exact source must agree with test, so clients using the regex alone see the same.
        if (regex && pattern.exact) expect(regex.test(value)).toBe(false);
      });
    }

    it('treats hostile and odd input as declared', () => {
      for (const [name, value] of Object.entries(HOSTILE) as [Hostile, string][]) {
        expect(pattern.test(value), `${id} ${name}`).toBe(cases.allows?.includes(name) ?? false);
      }
    });

    it('stays fast on long near-miss input', () => {
      const started = performance.now();
      for (const filler of ['a', '1', 'A', '张', 'ก', ' ', '.', '😀']) pattern.test(`${filler.repeat(20_000)}\u0000`);
      expect(performance.now() - started).toBeLessThan(500);
    });
  });
});

describe('validation messages', () => {
  const load = (language: string): Record<string, string> =>
    JSON.parse(readFileSync(new URL(`../../../i18n/locales/${language}/validation.json`, import.meta.url), 'utf8')) as Record<string, string>;
  const pt = load('pt');
  const en = load('en');
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

  it('have one message per pattern in both languages, with the same placeholders', () => {
    expect(Object.keys(pt).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(pt)) {
      expect(placeholders(pt[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
    }
    for (const id of REG_PATTERN_IDS) {
      expect(pt[id], id).toBeTruthy();
      // Length-ranged patterns state the range; fixed formats (dates, CPF, mobile) show an example instead.
      const ranged = !['reg_pattern_11', 'reg_pattern_12', 'reg_pattern_22', 'reg_pattern_23'].includes(id);
      expect(placeholders(en[id] ?? ''), id).toEqual(ranged ? ['max', 'min'] : []);
    }
  });
});
