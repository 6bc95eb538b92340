import { checkPasswordShape, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGE_KEYS } from '@app/contracts';
import type { FieldIssue } from './field-problems.ts';

const LENGTHS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/**
 * A new password and its confirmation, checked as the server will (shape only: the common
 * password list stays on the server). Field names match the server's paths: newPassword,
 * and confirmPassword for the confirmation it never sees.
 */
export function newPasswordIssues(newPassword: string, confirmation: string, account?: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (newPassword === '') {
    issues.push({ field: 'newPassword', messageKey: 'required' });
  } else {
    const [first] = checkPasswordShape(newPassword, { account });
    if (first) issues.push({ field: 'newPassword', messageKey: PASSWORD_PROBLEM_MESSAGE_KEYS[first], params: LENGTHS });
  }
  if (confirmation === '') issues.push({ field: 'confirmPassword', messageKey: 'required' });
  else if (newPassword !== '' && confirmation !== newPassword) issues.push({ field: 'confirmPassword', messageKey: 'inconsistent_twice' });
  return issues;
}
