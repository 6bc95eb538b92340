import { useFormState, type Control, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from './controlled-text-field.tsx';

interface NewPasswordValues extends FieldValues {
  newPassword: string;
  confirmPassword: string;
}

/** Each form's labels and test ids (as the e2e specs know them); the input ids are `<form>-new` and `<form>-confirm`. */
const FORMS = {
  change: { labels: ['changePassword.new', 'changePassword.confirm'], testIds: ['change-new', 'change-confirm'] },
  forgot: { labels: ['forgot.newPassword', 'forgot.confirmPassword'], testIds: ['forgot-password', 'forgot-confirm'] },
  reset: { labels: ['resetLink.newPassword', 'resetLink.confirmPassword'], testIds: ['reset-new', 'reset-confirm'] },
} as const;

interface NewPasswordFieldsProps<Values extends NewPasswordValues> {
  idPrefix: keyof typeof FORMS;
  control: Control<Values>;
  /** The text under an input for its error (a schema key translated, or a server message). */
  fieldMessage: (error: FieldError | undefined) => string | undefined;
}

/**
 * New password plus confirmation: used by the forced change, the security centre and both resets.
 * Fed from the form rather than registered: the inputs keep their new-password/confirm-password names.
 */
export function NewPasswordFields<Values extends NewPasswordValues>(props: NewPasswordFieldsProps<Values>) {
  const { idPrefix, control, fieldMessage } = props;
  const { t } = useTranslation('account');
  const { errors } = useFormState({ control });
  const { labels, testIds } = FORMS[idPrefix];
  const inputs = [
    { field: 'newPassword', suffix: 'new', name: 'new-password', label: t(labels[0]), testId: testIds[0] },
    { field: 'confirmPassword', suffix: 'confirm', name: 'confirm-password', label: t(labels[1]), testId: testIds[1] },
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
