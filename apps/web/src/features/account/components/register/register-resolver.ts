import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { RegistrationSettings } from '@app/contracts';
import type { MessageParams } from '../../../../shared/error-message.ts';
import type { FieldIssue } from '../../field-problems.ts';
import { registerIssues, renderableRules } from './register-validation.ts';

/** The form's values: `fields` is the request's map (rule fields as typed, and the SMS code). */
export interface RegisterValues {
  fields: Record<string, string>;
  agreeTerms: boolean;
  confirm21: boolean;
}

/** What the check reads at submit time besides the values. */
export interface RegisterCheckContext {
  /** 'yyyy-MM-dd' in the operator's time zone, for the age. */
  today: () => string;
  /** The captcha answer lives in its own box (it is renewed from outside the form). */
  captchaAnswered: () => boolean;
  translate: (key: string, params?: MessageParams) => string;
}

/** Where a problem shows: rule fields and the SMS code under `fields`, the captcha beside the form's values. */
export type RegisterErrorPath = `fields.${string}` | 'agreeTerms' | 'confirm21' | 'root.captcha';

/** The path of a field the form draws, or null for one it does not know (said at form level instead). */
export function registerErrorPath(field: string, knownFields: ReadonlySet<string>): RegisterErrorPath | null {
  if (field === 'agreeTerms' || field === 'confirm21') return field;
  if (field === 'captcha') return 'root.captcha';
  return knownFields.has(field) ? `fields.${field}` : null;
}

/** The fields with a place for their message: the renderable rules and the SMS code (drawn or not, as before). */
export function registerMessageFields(settings: RegistrationSettings): ReadonlySet<string> {
  return new Set([...renderableRules(settings.fields).map((rule) => rule.field), 'verificationCode']);
}

/**
 * The register form's rules come from the server's registration settings at run time, so no
 * fixed schema can hold them: this resolver, built once per settings, runs registerIssues (the
 * shared field rules of @app/contracts, the same message keys as the server) on submit.
 */
export function registerResolver(settings: RegistrationSettings, smsNeeded: boolean): Resolver<RegisterValues, RegisterCheckContext> {
  const known = registerMessageFields(settings);
  return (values, context) => {
    if (!context) throw new Error('registerResolver needs its context');
    const state = {
      values: values.fields,
      code: values.fields.verificationCode ?? '',
      agreeTerms: values.agreeTerms,
      confirm21: values.confirm21,
      captchaAnswered: context.captchaAnswered(),
    };
    const issues = registerIssues(state, { settings, smsNeeded, today: context.today() });
    if (issues.length === 0) return { values, errors: {} };
    return { values: {}, errors: registerErrors(issues, known, context.translate) };
  };
}

function registerErrors(issues: readonly FieldIssue[], known: ReadonlySet<string>, translate: RegisterCheckContext['translate']): FieldErrors<RegisterValues> {
  const fields: Record<string, FieldError> = {};
  const errors: FieldErrors<RegisterValues> = {};
  for (const issue of issues) {
    const path = registerErrorPath(issue.field, known);
    const error: FieldError = { type: 'validate', message: translate(issue.messageKey, issue.params) };
    // The first problem per field: later ones add nothing new to fix.
    if (path === 'agreeTerms' || path === 'confirm21') errors[path] ??= error;
    else if (path === 'root.captcha') errors.root ??= { captcha: { type: error.type, message: error.message } };
    else if (path !== null) fields[issue.field] ??= error;
  }
  if (Object.keys(fields).length > 0) errors.fields = fields;
  return errors;
}
