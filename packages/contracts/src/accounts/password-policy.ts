import { codePointLength } from './field-rules.ts';

/**
 * Password shape per OWASP ASVS 4 §2.1 / 5 §6.2 and NIST SP 800-63B: at least 8 code points, up
 * to 128 accepted, any character (spaces and emoji included), no composition rules, never
 * truncated. The common-password check needs the server's list, so it lives in
 * apps/server/src/modules/accounts/common-passwords.ts; the rest is shared so the SPA can tell
 * the player before submitting.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'same_as_account';

/** i18n keys (namespace `validation`) for each problem; 'too_long' reuses the length message. */
export const PASSWORD_PROBLEM_MESSAGE_KEYS: Readonly<Record<PasswordProblem, string>> = Object.freeze({
  too_short: 'password_too_short',
  too_long: 'password_too_long',
  same_as_account: 'password_same_as_account',
});

/** Case and Unicode form do not make a password different from the account name. */
function comparable(value: string): string {
  return value.normalize('NFC').toLowerCase();
}

/**
 * Every problem with the password's shape, empty when it is acceptable. The password is taken
 * exactly as typed: no trimming here, so what is checked is what gets hashed.
 */
export function checkPasswordShape(password: string, options: { account?: string } = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = codePointLength(password);
  if (length < PASSWORD_MIN_LENGTH) problems.push('too_short');
  if (length > PASSWORD_MAX_LENGTH) problems.push('too_long');
  const account = options.account?.trim();
  if (account && comparable(password) === comparable(account)) problems.push('same_as_account');
  return problems;
}
