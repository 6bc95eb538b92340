import { z } from 'zod';
import { ANY_PATTERN, RegPatternIdSchema, acceptedPatternFor, getRegPattern, type RegPatternId } from './registration-patterns.ts';

/** The registration form's fields, as the spec names them. */
export const REGISTRATION_FIELDS = [
  'username', 'password', 'confirmPassword', 'payeeName', 'email', 'qqNum', 'mobileNum', 'recommenderId',
  'captcha', 'verificationCode', 'affiliateCode', 'paymentPassword', 'line', 'whatsapp', 'facebook',
  'wechat', 'idNumber', 'birthday', 'referralCode',
] as const;
export const RegistrationFieldSchema = z.enum(REGISTRATION_FIELDS);
export type RegistrationField = z.infer<typeof RegistrationFieldSchema>;

/**
 * One field's rule as the operator configures it and the server sends it. `field` stays a plain
 * string so a rule for a field this build does not know yet still parses (and is ignored).
 */
export const FieldRuleSchema = z
  .object({
    // An identifier, never '__proto__' or the like: rules key plain objects by field name.
    field: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/),
    enabled: z.boolean(),
    required: z.boolean(),
    /** The pattern's regex source for clients, or '*' for "length only". */
    acceptedPattern: z.string(),
    patternId: RegPatternIdSchema,
    minLength: z.number().int().min(0).max(10_000),
    maxLength: z.number().int().min(1).max(10_000),
  })
  .refine((rule) => rule.minLength <= rule.maxLength, { message: 'minLength exceeds maxLength', path: ['minLength'] });
export type FieldRule = z.infer<typeof FieldRuleSchema>;

export type FieldProblemReason = 'required' | 'length' | 'pattern';
export interface FieldProblem {
  ok: false;
  reason: FieldProblemReason;
  patternId: RegPatternId;
  min: number;
  max: number;
}
/** `value` is what to store: undefined when the field is disabled or optional and left empty. */
export type FieldCheck = { ok: true; value: string | undefined } | FieldProblem;

/**
 * Length as people count it: code points, so an emoji or a Han character outside the BMP is one,
 * not two UTF-16 units. (Combining marks still count on their own, as they do in the database.)
 */
export function codePointLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** Secrets are checked exactly as typed: ASVS 6.2.8 forbids altering a password (no trimming). */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/**
 * Checks one submitted value against its rule: trimmed first (except secrets), then required, then length (before
 * any regex, so patterns never run on huge input), then the pattern named by patternId. An
 * acceptedPattern of '*' turns the pattern check off. The rule's acceptedPattern string is never
 * compiled here: the server must not run regexes that arrive as data.
 */
export function validateField(value: string | undefined, rule: FieldRule): FieldCheck {
  if (!rule.enabled) return { ok: true, value: undefined };
  const trimmed = SECRET_FIELDS.has(rule.field) ? (value ?? '') : (value ?? '').trim();
  const problem = (reason: FieldProblemReason): FieldProblem => ({
    ok: false, reason, patternId: rule.patternId, min: rule.minLength, max: rule.maxLength,
  });
  if (trimmed === '') return rule.required ? problem('required') : { ok: true, value: undefined };
  const length = codePointLength(trimmed);
  if (length < rule.minLength || length > rule.maxLength) return problem('length');
  if (rule.acceptedPattern === ANY_PATTERN) return { ok: true, value: trimmed };
  const pattern = getRegPattern(rule.patternId);
  if (!pattern.test(trimmed)) return problem('pattern');
  return { ok: true, value: pattern.normalize?.(trimmed) ?? trimmed };
}

/**
 * The i18n key (namespace `validation`) for a problem. Length and pattern share the pattern's
 * message because it states both the allowed characters and the {{min}}–{{max}} range.
 */
export function fieldProblemMessageKey(problem: Pick<FieldProblem, 'reason' | 'patternId'>): string {
  return problem.reason === 'required' ? 'required' : problem.patternId;
}

function rule(
  field: RegistrationField,
  patternId: RegPatternId,
  minLength: number,
  maxLength: number,
  flags: { enabled: boolean; required: boolean },
): FieldRule {
  return { field, ...flags, patternId, acceptedPattern: acceptedPatternFor(patternId), minLength, maxLength };
}

const ON_REQUIRED = { enabled: true, required: true };
const ON_OPTIONAL = { enabled: true, required: false };
const OFF = { enabled: false, required: false };

/**
 * Defaults for a Brazilian operator, until one configures its own. Passwords follow ASVS 6.2:
 * at least 8, at least 64 allowed, no composition rules (length and the common-password list do
 * the work; see password-policy.ts). CPF, mobile and birthday are offered but optional because
 * KYC can collect them later.
 */
export const DEFAULT_FIELD_RULES: Readonly<Record<RegistrationField, FieldRule>> = Object.freeze({
  username: rule('username', 'reg_pattern_1', 4, 16, ON_REQUIRED),
  password: rule('password', 'reg_pattern_0', 8, 64, ON_REQUIRED),
  confirmPassword: rule('confirmPassword', 'reg_pattern_0', 8, 64, ON_REQUIRED),
  payeeName: rule('payeeName', 'reg_pattern_19', 3, 60, ON_OPTIONAL),
  email: rule('email', 'reg_pattern_3', 5, 254, ON_OPTIONAL),
  qqNum: rule('qqNum', 'reg_pattern_6', 5, 12, OFF),
  mobileNum: rule('mobileNum', 'reg_pattern_23', 11, 20, ON_OPTIONAL),
  recommenderId: rule('recommenderId', 'reg_pattern_4', 4, 20, OFF),
  captcha: rule('captcha', 'reg_pattern_4', 4, 6, OFF),
  verificationCode: rule('verificationCode', 'reg_pattern_6', 6, 6, OFF),
  affiliateCode: rule('affiliateCode', 'reg_pattern_4', 4, 20, ON_OPTIONAL),
  // Required as soon as an operator turns it on: an optional payment PIN protects nothing.
  paymentPassword: rule('paymentPassword', 'reg_pattern_6', 6, 6, { enabled: false, required: true }),
  line: rule('line', 'reg_pattern_9', 4, 20, OFF),
  whatsapp: rule('whatsapp', 'reg_pattern_23', 11, 20, OFF),
  facebook: rule('facebook', 'reg_pattern_9', 5, 50, OFF),
  wechat: rule('wechat', 'reg_pattern_9', 6, 20, OFF),
  idNumber: rule('idNumber', 'reg_pattern_22', 11, 14, ON_OPTIONAL),
  birthday: rule('birthday', 'reg_pattern_11', 10, 10, ON_OPTIONAL),
  referralCode: rule('referralCode', 'reg_pattern_4', 4, 20, OFF),
});

export type RegistrationFormProblem = FieldProblem | { ok: false; reason: 'mismatch' };
export type RegistrationFormCheck =
  | { ok: true; values: Partial<Record<string, string>> }
  | { ok: false; problems: Partial<Record<string, RegistrationFormProblem>> };

/**
 * Every rule at once, plus the one cross-field rule: confirmPassword must equal password
 * (message key `inconsistent_twice`). Values for fields without a rule are dropped.
 */
export function validateRegistrationFields(
  values: Readonly<Partial<Record<string, string | undefined>>>,
  rules: readonly FieldRule[],
): RegistrationFormCheck {
  const clean: Partial<Record<string, string>> = {};
  const problems: Partial<Record<string, RegistrationFormProblem>> = {};
  for (const fieldRule of rules) {
    // Own properties only: a submitted body must not reach Object.prototype through a field name.
    const submitted = Object.hasOwn(values, fieldRule.field) ? values[fieldRule.field] : undefined;
    const check = validateField(typeof submitted === 'string' ? submitted : undefined, fieldRule);
    if (!check.ok) problems[fieldRule.field] = check;
    else if (check.value !== undefined) clean[fieldRule.field] = check.value;
  }
  const confirmRule = rules.find((r) => r.field === 'confirmPassword');
  if (confirmRule?.enabled && !problems.confirmPassword && !problems.password && clean.confirmPassword !== clean.password) {
    problems.confirmPassword = { ok: false, reason: 'mismatch' };
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  delete clean.confirmPassword;
  return { ok: true, values: clean };
}

/** The i18n key for any form problem, including the confirmation mismatch. */
export function registrationProblemMessageKey(problem: RegistrationFormProblem): string {
  return problem.reason === 'mismatch' ? 'inconsistent_twice' : fieldProblemMessageKey(problem);
}
