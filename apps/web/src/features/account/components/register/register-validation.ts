import {
  checkPasswordShape,
  isOldEnough,
  REGISTRATION_FIELDS,
  validateRegistrationFields,
  type FieldRule,
  type RegistrationField,
  type RegistrationSettings,
} from '@app/contracts';
import { clientFieldIssue, type FieldIssue } from '../../field-problems.ts';

/** Fields sent outside the rule list or shown by the form itself, never as rule inputs. */
const NOT_RULE_INPUTS: ReadonlySet<string> = new Set(['captcha', 'verificationCode', 'referralCode', 'recommenderId']);

/** The rules this build can draw, in the server's order; unknown fields are ignored (see FieldRuleSchema). */
export function renderableRules(rules: readonly FieldRule[]): (FieldRule & { field: RegistrationField })[] {
  return rules.filter(
    (rule): rule is FieldRule & { field: RegistrationField } =>
      rule.enabled && (REGISTRATION_FIELDS as readonly string[]).includes(rule.field) && !NOT_RULE_INPUTS.has(rule.field),
  );
}

export interface RegisterFormState {
  values: Readonly<Record<string, string>>;
  code: string;
  agreeTerms: boolean;
  confirm21: boolean;
  captchaAnswered: boolean;
}

export interface RegisterValidationContext {
  settings: RegistrationSettings;
  smsNeeded: boolean;
  /** 'yyyy-MM-dd' in the operator's time zone. */
  today: string;
}

/**
 * Everything the server would refuse that the browser can know: the shared field rules (same
 * message keys as the server), the password checks that need no word list, the age, the SMS
 * code, terms, 21+ and the captcha answer.
 */
export function registerIssues(state: RegisterFormState, { settings, smsNeeded, today }: RegisterValidationContext): FieldIssue[] {
  const rules = renderableRules(settings.fields);
  const check = validateRegistrationFields(state.values, rules);
  const issues: FieldIssue[] = [];
  if (!check.ok) {
    for (const rule of rules) {
      const problem = check.problems[rule.field];
      if (problem) issues.push(clientFieldIssue(rule.field, problem));
    }
  }
  const has = (field: string) => issues.some((issue) => issue.field === field);
  const { password, username, birthday } = state.values;
  if (password && !has('password') && checkPasswordShape(password, { account: username }).includes('same_as_account')) {
    issues.push({ field: 'password', messageKey: 'password_same_as_account' });
  }
  if (birthday && !has('birthday') && !isOldEnough(birthday, today, settings.minAge)) {
    issues.push({ field: 'birthday', messageKey: 'too_young' });
  }
  if (smsNeeded && !/^\d{6}$/.test(state.code)) issues.push({ field: 'verificationCode', messageKey: 'verification_code_needed' });
  if (settings.captchaRequired && !state.captchaAnswered) issues.push({ field: 'captcha', messageKey: 'enter_captcha' });
  if (!state.agreeTerms) issues.push({ field: 'agreeTerms', messageKey: 'agree_terms' });
  if (settings.confirm21 && !state.confirm21) issues.push({ field: 'confirm21', messageKey: 'confirm_21' });
  return issues;
}

/** The rule fields as typed (secrets untrimmed, the server trims the rest), plus the SMS code. */
export function registerFields(state: RegisterFormState, settings: RegistrationSettings, smsNeeded: boolean): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const rule of renderableRules(settings.fields)) {
    const value = state.values[rule.field];
    if (value !== undefined && value !== '') fields[rule.field] = value;
  }
  if (smsNeeded) fields.verificationCode = state.code;
  return fields;
}
