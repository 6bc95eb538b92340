import { TextField } from '@app/ui';
import type { FieldMessages } from '../field-problems.ts';

interface NewPasswordFieldsProps {
  idPrefix: string;
  labels: { password: string; confirm: string };
  testIds: { password: string; confirm: string };
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  errors: FieldMessages;
}

/** New password plus confirmation: used by the forced change, the security centre and both resets. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { idPrefix, labels, testIds, password, confirmation, onPasswordChange, onConfirmationChange, errors } = props;
  // Input names and ids stay as the e2e specs and password managers know them.
  const inputs = [
    { field: 'newPassword', suffix: 'new', name: 'new-password', label: labels.password, testId: testIds.password, value: password, onChange: onPasswordChange },
    { field: 'confirmPassword', suffix: 'confirm', name: 'confirm-password', label: labels.confirm, testId: testIds.confirm, value: confirmation, onChange: onConfirmationChange },
  ] as const;
  return (
    <>
      {inputs.map((input) => (
        <TextField
          key={input.field}
          id={`${idPrefix}-${input.suffix}`}
          label={input.label}
          requiredMark
          type="password"
          name={input.name}
          autoComplete="new-password"
          value={input.value}
          onChange={(event) => input.onChange(event.target.value)}
          error={errors[input.field]}
          errorTestId={`field-error-${input.field}`}
          data-testid={input.testId}
        />
      ))}
    </>
  );
}
