import { z } from 'zod';
import { parseIsoDate } from './age.ts';
import { normalizeCpf } from './cpf.ts';
import { codePointLength } from './field-rules.ts';
import { getRegPattern } from './registration-patterns.ts';

/**
 * The member's identity for PIX (brazil-compliance §2.2, §2.4): full name and CPF, which money
 * must come from and go to, and the birthday for the age check. Shared by the server and the
 * SPA so both apply the same rules and name the same `validation:` message keys.
 */

export const PAYEE_NAME_MIN_LENGTH = 3;
export const PAYEE_NAME_MAX_LENGTH = 60;
/** No one alive was born before this; earlier dates are typing mistakes. */
export const EARLIEST_BIRTHDAY = '1900-01-01';

/**
 * The wire bounds only, far above the rules so hostile sizes stop here before any regex runs;
 * the rules themselves are checkIdentityInput, which answers field problems with message keys.
 */
export const UpdateIdentityRequestSchema = z.object({
  payeeName: z.string().max(200),
  /** With or without ###.###.###-## punctuation. */
  cpf: z.string().max(32),
  /** 'yyyy-MM-dd'; ignored when the member already has a birthday on file. */
  birthday: z.string().max(10).optional(),
});
export type UpdateIdentityRequest = z.infer<typeof UpdateIdentityRequestSchema>;

/** A birthday for a member whose name and CPF are on file without one (set once, then locked). */
export const UpdateBirthdayRequestSchema = z.object({ birthday: z.string().max(10) });
export type UpdateBirthdayRequest = z.infer<typeof UpdateBirthdayRequestSchema>;

export const MemberIdentitySchema = z.object({
  payeeName: z.string().nullable(),
  /** Masked (***.982.247-**): enough to recognise, not to reuse. */
  cpf: z.string().nullable(),
  /** 'yyyy-MM-dd'. */
  birthday: z.string().nullable(),
  /** Name and CPF are on file (PIX needs both); money also needs ageVerified. */
  complete: z.boolean(),
  /** Name and CPF can no longer be changed by the member, only through customer service (KYC). */
  locked: z.boolean(),
  /**
   * Name, a valid CPF and a birthday of 18 or more (America/Sao_Paulo calendar) are on file: the
   * member may deposit, withdraw and play for money (spec §5). Declared, not checked by a KYC provider.
   */
  ageVerified: z.boolean(),
});
export type MemberIdentity = z.infer<typeof MemberIdentitySchema>;

/**
 * Trimmed, runs of any white space (tabs, no-break spaces from a paste) made one space, and
 * composed (NFC) so 'José' is stored and compared the same however the keyboard produced it.
 */
export function normalizePayeeName(value: string): string {
  return value.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

export type IdentityField = 'payeeName' | 'cpf' | 'birthday';

/** One field's problem: a key of the `validation` namespace and its parameters. */
export interface IdentityProblem {
  field: IdentityField;
  messageKey: string;
  params?: Record<string, number>;
}

export type IdentityCheck =
  | { ok: true; values: { payeeName: string; cpf: string; birthday: string | undefined } }
  | { ok: false; problems: IdentityProblem[] };

const FULL_NAME = getRegPattern('reg_pattern_19');

/**
 * The rules, in the registration form's words: the name as on the member's document, 3–60
 * characters of Latin letters (accents included), spaces, apostrophes and hyphens, at least two
 * words (reg_pattern_19); a CPF with valid check digits, repdigits refused (reg_pattern_22); an
 * optional birthday that is a real date from 1900 on (reg_pattern_11). The age is not checked
 * here: the server answers it with its own error code (accounts.underage), see isOldEnough.
 */
export function checkIdentityInput(input: { payeeName: string; cpf: string; birthday?: string | undefined }): IdentityCheck {
  const problems: IdentityProblem[] = [];
  const payeeName = normalizePayeeName(input.payeeName);
  const nameLength = codePointLength(payeeName);
  if (payeeName === '') problems.push({ field: 'payeeName', messageKey: 'required' });
  // Length before the pattern, so the regex never runs on a long string.
  else if (nameLength < PAYEE_NAME_MIN_LENGTH || nameLength > PAYEE_NAME_MAX_LENGTH || !FULL_NAME.test(payeeName)) {
    problems.push({ field: 'payeeName', messageKey: FULL_NAME.id, params: { min: PAYEE_NAME_MIN_LENGTH, max: PAYEE_NAME_MAX_LENGTH } });
  }

  const cpfInput = input.cpf.trim();
  const cpf = normalizeCpf(cpfInput);
  if (cpfInput === '') problems.push({ field: 'cpf', messageKey: 'required' });
  else if (cpf === null) problems.push({ field: 'cpf', messageKey: 'reg_pattern_22' });

  const birthday = input.birthday?.trim() || undefined;
  if (birthday !== undefined && !isPlausibleBirthday(birthday)) problems.push({ field: 'birthday', messageKey: 'reg_pattern_11' });

  if (problems.length > 0 || cpf === null) return { ok: false, problems };
  return { ok: true, values: { payeeName, cpf, birthday } };
}

function isPlausibleBirthday(value: string): boolean {
  // 'yyyy-MM-dd' strings order like the dates they name.
  return parseIsoDate(value) !== null && value >= EARLIEST_BIRTHDAY;
}

/** The birthday alone, by the same rule as checkIdentityInput: a real date from 1900 on (reg_pattern_11). */
export function checkBirthdayInput(input: { birthday: string }): { ok: true; birthday: string } | { ok: false; problems: IdentityProblem[] } {
  const birthday = input.birthday.trim();
  if (birthday === '') return { ok: false, problems: [{ field: 'birthday', messageKey: 'required' }] };
  if (!isPlausibleBirthday(birthday)) return { ok: false, problems: [{ field: 'birthday', messageKey: 'reg_pattern_11' }] };
  return { ok: true, birthday };
}
