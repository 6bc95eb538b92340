import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import { serverFieldIssues } from '../field-problems.ts';
import { setServerIssues } from './form-issues.ts';

type ErrorTarget<Values extends FieldValues> = Pick<UseFormReturn<Values>, 'setError' | 'clearErrors'>;

/**
 * A refused request shown on the form: its validation problems under the named fields, anything
 * else as the form's message (root), which the next submit clears with the other errors.
 */
export function useServerErrors<Values extends FieldValues>(form: ErrorTarget<Values>, fields: readonly Path<Values>[]) {
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  return (error: unknown) => {
    const issues = serverFieldIssues(error);
    if (issues && issues.length > 0) setServerIssues(fields, issues, form.setError, validationMessage);
    else form.setError('root', { message: errorMessage(error) });
  };
}

/**
 * A refused "send code" shown on the form: whatever path the server names, it is about the number,
 * so its first problem goes under the mobile field; null (a new attempt) only clears the message.
 */
export function useSendCodeErrors<Values extends FieldValues>(form: ErrorTarget<Values>, mobileField: Path<Values>) {
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  return (error: unknown) => {
    form.clearErrors('root');
    if (error === null) return;
    const issue = serverFieldIssues(error)?.[0];
    if (issue) setServerIssues([mobileField], [{ ...issue, field: mobileField }], form.setError, validationMessage);
    else form.setError('root', { message: errorMessage(error) });
  };
}

/**
 * The message above the button for a refused save whose field problems are already shown under
 * their fields (setServerIssues): only a refusal without them is said here.
 */
export function useUnplacedError(error: unknown): string | null {
  const errorMessage = useErrorMessage();
  if (!error) return null;
  const issues = serverFieldIssues(error);
  return issues && issues.length > 0 ? null : errorMessage(error);
}

/** A refused save's validation problems under the named fields (the rest is for useUnplacedError). */
export function useFieldIssuesPlacer<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, 'setError'>, fields: readonly Path<Values>[]) {
  const validationMessage = useValidationMessage();
  return (error: unknown) => setServerIssues(fields, serverFieldIssues(error) ?? [], form.setError, validationMessage);
}
