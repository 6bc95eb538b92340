import { normalizeBrMobile } from '@app/contracts';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The number a "send code" button asks for: normalized when it is a Brazilian mobile (its old
 * message cleared), otherwise undefined with invalid_mobile shown under the field.
 */
export function mobileChecker<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'getValues' | 'setError' | 'clearErrors'>,
  mobileField: Path<Values>,
) {
  return () => {
    const normalized = normalizeBrMobile(String(form.getValues(mobileField)));
    if (normalized) form.clearErrors(mobileField);
    else form.setError(mobileField, { message: 'invalid_mobile' });
    return normalized;
  };
}
