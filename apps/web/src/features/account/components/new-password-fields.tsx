import { useFormState, type Control, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { ControlledTextField } from './controlled-text-field.tsx';

interface NewPasswordValues extends FieldValues {
  newPassword: string;
  confirmPassword: string;
}

interface NewPasswordFieldsProps<Values extends NewPasswordValues> {
  idPrefix: string;
  labels: { password: string; confirm: string };
  testIds: { password: string; confirm: string };
  control: Control<Values>;
  /** The text under an input for its error (a schema key translated, or a server message). */
  fieldMessage: (error: FieldError | undefined) => string | undefined;
}

/**
 * New password plus confirmation: used by the forced change, the security centre and both resets.
 * Fed from the form rather than registered: the inputs keep their new-password/confirm-password names.
 */
export function NewPasswordFields<Values extends NewPasswordValues>(props: NewPasswordFieldsProps<Values>) {
  const { idPrefix, labels, testIds, control, fieldMessage } = props;
  const { errors } = useFormState({ control });
  const inputs = [
    { field: 'newPassword', suffix: 'new', name: 'new-password', label: labels.password, testId: testIds.password },
    { field: 'confirmPassword', suffix: 'confirm', name: 'confirm-password', label: labels.confirm, testId: testIds.confirm },
  ] as const;
  return (
    <>
      {inputs.map((input) => (
        <ControlledTextField
          key={input.field}
          control={control}
          field={input.field as Path<Values>}
          id={`${idPrefix}-${input.suffix}`}
          label={input.label}
          requiredMark
          type="password"
          name={input.name}
          autoComplete="new-password"
          error={fieldMessage(errors[input.field] as FieldError | undefined)}
          errorTestId={`field-error-${input.field}`}
          data-testid={input.testId}
        />
      ))}
    </>
  );
}
