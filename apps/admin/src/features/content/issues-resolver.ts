import type { FieldError, FieldErrors as FormErrors, FieldValues, Resolver } from 'react-hook-form';
import type { FieldErrors } from './form-issues.ts';

/** A form's check: the value to send, or the translated problems by field path. */
export type FormCheck<Output> = { output: Output; errors: FieldErrors };

/**
 * A react-hook-form resolver around a check made with the contracts' schemas (issuesToErrors):
 * zodResolver would keep only zod's English message and code of each issue, while the console's
 * texts need the issue's bounds and kind (`tooLong` with its maximum, a field's own format hint).
 *
 * The errors stay keyed by their whole path (`body.link.target`, `ipAllowList.2`, '' for the whole
 * value): a list and one of its entries may both be wrong, which one object per path segment could
 * not hold. The form reads them back with formErrors(); react-hook-form's own get() finds such keys too.
 */
export function issuesResolver<Values extends FieldValues, Output>(check: (values: Values) => FormCheck<Output>): Resolver<Values, unknown, Output> {
  return (values) => {
    const { output, errors } = check(values);
    if (Object.keys(errors).length === 0) return { values: output, errors: {} };
    const byPath: Record<string, FieldError> = Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, { type: 'schema', message }]));
    return { values: {}, errors: byPath as FormErrors<Values> };
  };
}

/** The errors an issuesResolver left in the form's state, as path → message. */
export function formErrors(errors: object): FieldErrors {
  const found: FieldErrors = {};
  for (const [path, error] of Object.entries(errors as Record<string, FieldError | undefined>)) {
    if (typeof error?.message === 'string') found[path] = error.message;
  }
  return found;
}
