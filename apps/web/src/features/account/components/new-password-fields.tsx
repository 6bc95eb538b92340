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
  return (
    <>
      <TextField
        id={`${idPrefix}-new`}
        label={labels.password}
        requiredMark
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={errors.newPassword}
        errorTestId="field-error-newPassword"
        data-testid={testIds.password}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label={labels.confirm}
        requiredMark
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.target.value)}
        error={errors.confirmPassword}
        errorTestId="field-error-confirmPassword"
        data-testid={testIds.confirm}
      />
    </>
  );
}
