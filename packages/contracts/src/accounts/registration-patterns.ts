import { z } from 'zod';
import { isRealDate } from './age.ts';
import { BR_MOBILE_INPUT_SOURCE, normalizeBrMobile } from './brazil-mobile.ts';
import { normalizeCpf } from './cpf.ts';

/**
 * The spec's registration patterns reg_pattern_0 … reg_pattern_23: the one definition that the
 * server enforces and the SPA uses for instant feedback. The operator picks a pattern and a
 * length range per field; the message key of each pattern is its id (i18n namespace
 * `validation`).
 *
 * Patterns only judge the shape of an already trimmed value: emptiness and length belong to
 * validateField, which checks length first so no regex ever runs on an unbounded string.
 */

export const REG_PATTERN_IDS = [
  'reg_pattern_0', 'reg_pattern_1', 'reg_pattern_2', 'reg_pattern_3', 'reg_pattern_4', 'reg_pattern_5',
  'reg_pattern_6', 'reg_pattern_7', 'reg_pattern_8', 'reg_pattern_9', 'reg_pattern_10', 'reg_pattern_11',
  'reg_pattern_12', 'reg_pattern_13', 'reg_pattern_14', 'reg_pattern_15', 'reg_pattern_16', 'reg_pattern_17',
  'reg_pattern_18', 'reg_pattern_19', 'reg_pattern_20', 'reg_pattern_21', 'reg_pattern_22', 'reg_pattern_23',
] as const;
export const RegPatternIdSchema = z.enum(REG_PATTERN_IDS);
export type RegPatternId = z.infer<typeof RegPatternIdSchema>;

/** '*' in a rule's acceptedPattern: any characters, only the length range applies. */
export const ANY_PATTERN = '*';

export interface RegPattern {
  id: RegPatternId;
  /** A stable name for logs and the operator console. */
  kind: string;
  /** English, for developers and operators; players see the translated `validation:<id>`. */
  description: string;
  defaultMin: number;
  defaultMax: number;
  /**
   * Regex source that the server sends as acceptedPattern, or '*'. It compiles with the `u`
   * flag and also with `v` (what browsers use for <input pattern>), hence the escaped ( ) { } | /
   * and - inside classes. When `exact` is false the regex only checks the shape and `test` adds
   * what a regex cannot say well (real calendar dates, CPF check digits, DDD after stripping
   * punctuation), so clients should call `test` through the pattern id, not the source alone.
   */
  source: string;
  exact: boolean;
  test(value: string): boolean;
  /** The canonical form to store, when it differs from the trimmed input (CPF digits, E.164). */
  normalize?(value: string): string | null;
}

// Building blocks. Letter classes are ASCII where the spec says "letters"/"English": usernames
// and codes with look-alike Unicode letters (Cyrillic 'а' for Latin 'a') invite impersonation.
const ASCII_SYMBOL = '[!-\\/:-@\\[-`\\{-~]';
const LATIN_NAME_PART = "\\p{Script=Latin}\\p{M}*(?:['’\\-]?\\p{Script=Latin}\\p{M}*)*";
// Full-width Japanese: hiragana, katakana (incl. ー and ・, U+30A0–30FF), small katakana
// extensions, kanji and 々〆〇. Half-width katakana (U+FF61–FF9F) is deliberately absent.
const JAPANESE_FULL_WIDTH = '[\\u3041-\\u309F\\u30A0-\\u30FF\\u31F0-\\u31FF\\u3005-\\u3007\\p{Script=Han}]';

const ISO_DATE_SHAPE = '^[1-9]\\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$';
const US_DATE_SHAPE = '^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])-[1-9]\\d{3}$';
/** Exactly 11 digits once '.', '-' and spaces are ignored, as normalizeCpf reads it. */
const CPF_SHAPE = '^[\\.\\- ]*(?:\\d[\\.\\- ]*){11}$';

function realDate(year: string | undefined, month: string | undefined, day: string | undefined): boolean {
  return isRealDate(Number(year), Number(month), Number(day));
}

type PatternSpec = Omit<RegPattern, 'id' | 'exact' | 'test'> & {
  test?: (value: string) => boolean;
};

function definePattern(index: number, spec: PatternSpec): RegPattern {
  const id = REG_PATTERN_IDS[index];
  if (id === undefined) throw new RangeError(`No registration pattern ${index}`);
  const regex = spec.source === ANY_PATTERN ? null : new RegExp(spec.source, 'u');
  const matches = (value: string) => regex === null || regex.test(value);
  const extra = spec.test;
  return {
    ...spec,
    id,
    exact: extra === undefined,
    test: extra === undefined ? matches : (value) => matches(value) && extra(value),
  };
}

/** In id order: REG_PATTERNS[n].id === `reg_pattern_${n}`. */
export const REG_PATTERNS: readonly RegPattern[] = Object.freeze([
  definePattern(0, {
    kind: 'plain_length', description: 'Any characters; only the length range applies',
    defaultMin: 1, defaultMax: 64, source: ANY_PATTERN,
  }),
  definePattern(1, {
    kind: 'letter_then_alphanumeric', description: 'Starts with an English letter, then English letters and digits',
    defaultMin: 4, defaultMax: 16, source: '^[A-Za-z][A-Za-z0-9]*$',
  }),
  definePattern(2, {
    kind: 'chinese_and_digits', description: 'Chinese characters and digits only',
    defaultMin: 2, defaultMax: 20, source: '^[\\p{Script=Han}0-9]+$',
  }),
  definePattern(3, {
    // WHATWG's input[type=email] grammar, plus a dot in the domain, no empty labels around dots
    // in the local part, and the 64-character local-part limit. ASCII only (no IDN addresses).
    kind: 'email', description: 'An email address such as name@example.com',
    defaultMin: 5, defaultMax: 254,
    source:
      "^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+(?:\\.[A-Za-z0-9!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+)*" +
      '@[A-Za-z0-9](?:[A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?)+$',
  }),
  definePattern(4, {
    kind: 'letters_or_digits', description: 'English letters and/or digits only',
    defaultMin: 4, defaultMax: 20, source: '^[A-Za-z0-9]+$',
  }),
  definePattern(5, {
    kind: 'letters_and_digits', description: 'English letters and digits, with at least one of each',
    defaultMin: 6, defaultMax: 16, source: '^(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]+$',
  }),
  definePattern(6, {
    kind: 'digits', description: 'Digits 0-9 only',
    defaultMin: 1, defaultMax: 20, source: '^[0-9]+$',
  }),
  definePattern(7, {
    kind: 'alphanumeric_with_uppercase', description: 'English letters and digits, with at least one uppercase letter',
    defaultMin: 6, defaultMax: 16, source: '^(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]+$',
  }),
  definePattern(8, {
    kind: 'english_letters_and_spaces', description: 'English letters, words separated by spaces',
    defaultMin: 2, defaultMax: 50, source: '^[A-Za-z]+(?: +[A-Za-z]+)*$',
  }),
  definePattern(9, {
    // Invisible format characters (zero-width space, bidi overrides) and controls count as
    // spaces here: they are how a "no spaces" rule gets dodged or a name gets spoofed.
    kind: 'no_spaces', description: 'Any characters except spaces, control and invisible format characters',
    defaultMin: 1, defaultMax: 50, source: '^[^\\s\\p{Cc}\\p{Cf}]+$',
  }),
  definePattern(10, {
    kind: 'chinese_and_punctuation', description: 'Chinese characters and punctuation, with at least one Chinese character',
    defaultMin: 2, defaultMax: 30, source: '^(?=.*\\p{Script=Han})[\\p{Script=Han}\\p{P}]+$',
  }),
  definePattern(11, {
    kind: 'date_iso', description: 'A real calendar date as yyyy-MM-dd (years 1000-9999)',
    defaultMin: 10, defaultMax: 10, source: ISO_DATE_SHAPE,
    test: (value) => realDate(value.slice(0, 4), value.slice(5, 7), value.slice(8, 10)),
  }),
  definePattern(12, {
    kind: 'date_us', description: 'A real calendar date as MM-dd-yyyy (years 1000-9999)',
    defaultMin: 10, defaultMax: 10, source: US_DATE_SHAPE,
    test: (value) => realDate(value.slice(6, 10), value.slice(0, 2), value.slice(3, 5)),
  }),
  definePattern(13, {
    kind: 'korean', description: 'Korean (Hangul) characters only',
    defaultMin: 2, defaultMax: 20, source: '^\\p{Script=Hangul}+$',
  }),
  definePattern(14, {
    // Thai vowel and tone marks are combining characters of Script=Thai, so they are included.
    kind: 'thai', description: 'Thai characters only',
    defaultMin: 2, defaultMax: 30, source: '^\\p{Script=Thai}+$',
  }),
  definePattern(15, {
    kind: 'thai_or_english_with_spaces', description: 'Thai or English letters, words separated by spaces',
    defaultMin: 2, defaultMax: 50, source: '^[\\p{Script=Thai}A-Za-z]+(?: +[\\p{Script=Thai}A-Za-z]+)*$',
  }),
  definePattern(16, {
    kind: 'uppercase_with_spaces', description: 'Uppercase English letters, words separated by spaces',
    defaultMin: 2, defaultMax: 50, source: '^[A-Z]+(?: +[A-Z]+)*$',
  }),
  definePattern(17, {
    // Read as an allowed set (none of the three is mandatory): printable ASCII without spaces.
    kind: 'letters_digits_symbols', description: 'English letters, digits and symbols (printable ASCII, no spaces)',
    defaultMin: 6, defaultMax: 20, source: '^[!-~]+$',
  }),
  definePattern(18, {
    kind: 'strong_password', description: 'Uppercase, lowercase, digit and symbol, each at least once (printable ASCII, no spaces)',
    defaultMin: 8, defaultMax: 64,
    source: `^(?=[!-~]*[A-Z])(?=[!-~]*[a-z])(?=[!-~]*[0-9])(?=[!-~]*${ASCII_SYMBOL})[!-~]+$`,
  }),
  definePattern(19, {
    kind: 'full_name',
    description: "First and last name separated by spaces; Latin letters incl. accents, apostrophes and hyphens (José da Silva, D'Ávila-Souza)",
    defaultMin: 3, defaultMax: 60, source: `^${LATIN_NAME_PART}(?: +${LATIN_NAME_PART})+$`,
  }),
  definePattern(20, {
    kind: 'japanese_full_width', description: 'Full-width Japanese (kana and kanji), words separated by full-width spaces',
    defaultMin: 1, defaultMax: 30, source: `^${JAPANESE_FULL_WIDTH}+(?:\\u3000+${JAPANESE_FULL_WIDTH}+)*$`,
  }),
  definePattern(21, {
    kind: 'uppercase', description: 'Uppercase English letters only',
    defaultMin: 2, defaultMax: 20, source: '^[A-Z]+$',
  }),
  definePattern(22, {
    kind: 'cpf', description: 'Brazilian CPF: 11 digits with or without ###.###.###-## punctuation, valid check digits',
    defaultMin: 11, defaultMax: 14, source: CPF_SHAPE,
    test: (value) => normalizeCpf(value) !== null,
    normalize: normalizeCpf,
  }),
  definePattern(23, {
    kind: 'br_mobile', description: 'Brazilian mobile number with DDD, e.g. (11) 96123-4567 or +55 11 96123-4567',
    defaultMin: 11, defaultMax: 20, source: BR_MOBILE_INPUT_SOURCE,
    test: (value) => normalizeBrMobile(value) !== null,
    normalize: normalizeBrMobile,
  }),
]);

export function getRegPattern(id: RegPatternId): RegPattern {
  const pattern = REG_PATTERNS[REG_PATTERN_IDS.indexOf(id)];
  if (!pattern) throw new RangeError(`Unknown registration pattern ${String(id)}`);
  return pattern;
}

/** What the server sends as a rule's acceptedPattern for a pattern id ('*' for reg_pattern_0). */
export function acceptedPatternFor(id: RegPatternId): string {
  return getRegPattern(id).source;
}
