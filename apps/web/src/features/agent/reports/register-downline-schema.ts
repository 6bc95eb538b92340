import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { RegisterDownlineSchema, type FieldRule, type RegisterDownline } from '@app/contracts';
import type { FieldIssue } from '../../account/index.ts';
import { downlineFormIssues } from './register-downline-rules.ts';

/** What the form holds: RegisterDownlineSchema's input (the type select's value already a number). */
export interface DownlineFormInput {
  account: string;
  password: string;
  nickname?: string;
  type?: number;
}

/** The type of a field error whose message is already translated (an operator rule's or the server's). */
export const TRANSLATED_ERROR = 'translated';

/**
 * RegisterDownlineSchema (what the server parses) plus the operator's account and password rules,
 * which the server applies too. A field's rule message wins over the contract's bare length
 * check: it says the whole rule ("4 to 16 letters and digits"), as the registration form does.
 */
export function downlineFormResolver(rules: readonly FieldRule[], messageOf: (issue: FieldIssue) => string): Resolver<DownlineFormInput, unknown, RegisterDownline> {
  const contractResolver = zodResolver(RegisterDownlineSchema);
  return async (values, context, options) => {
    const ruleErrors: FieldErrors<DownlineFormInput> = {};
    for (const issue of downlineFormIssues(values, rules)) {
      const field = issue.field as keyof DownlineFormInput;
      ruleErrors[field] ??= { type: TRANSLATED_ERROR, message: messageOf(issue) };
    }
    const checked = await contractResolver(values, context, options);
    return Object.keys(ruleErrors).length > 0 ? { values: {}, errors: { ...checked.errors, ...ruleErrors } } : checked;
  };
}
