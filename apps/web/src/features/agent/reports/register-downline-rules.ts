import { checkPasswordShape, DEFAULT_FIELD_RULES, validateRegistrationFields, type FieldRule } from '@app/contracts';
import { clientFieldIssue, type FieldIssue } from '../../account/index.ts';

export const DOWNLINE_FIELDS = ['account', 'password', 'nickname', 'type'] as const;

export interface DownlineFormValues {
  account: string;
  password: string;
  nickname: string;
  /** The select's value: "0" or the agent's own type. */
  type: string;
}

/** RegisterDownlineSchema's nickname limit. */
export const NICKNAME_MAX = 64;

/**
 * The account name and password rules of the site's registration form (the server checks a
 * downline against the same ones); the defaults stand in until the operator's rules arrive.
 */
export function downlineRules(fields: readonly FieldRule[] | undefined): FieldRule[] {
  const configured = (name: 'username' | 'password') => fields?.find((rule) => rule.field === name) ?? DEFAULT_FIELD_RULES[name];
  return [configured('username'), configured('password')];
}

/** The account and password problems, named as the server names them (`account` for the username rule). */
export function downlineFormIssues(values: Pick<DownlineFormValues, 'account' | 'password'>, rules: readonly FieldRule[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const checked = validateRegistrationFields({ username: values.account, password: values.password }, rules);
  if (!checked.ok) {
    for (const [field, problem] of Object.entries(checked.problems)) {
      if (problem) issues.push(clientFieldIssue(field === 'username' ? 'account' : field, problem));
    }
  }
  if (!issues.some((issue) => issue.field === 'password') && values.password !== '' && checkPasswordShape(values.password, { account: values.account }).includes('same_as_account')) {
    issues.push({ field: 'password', messageKey: 'password_same_as_account' });
  }
  return issues;
}
