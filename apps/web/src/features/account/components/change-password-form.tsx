import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import { useChangePassword } from '../api/security.queries.ts';
import { serverFieldIssues, toFieldMessages, type FieldIssue, type FieldMessages } from '../field-problems.ts';
import { newPasswordIssues } from '../password-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

interface ChangePasswordFormProps {
  /** The account name: a password equal to it is refused before asking the server. */
  account: string | undefined;
  onChanged: () => void;
  /** Security centre: say it worked and stay; the forced modal closes instead. */
  showSuccess?: boolean;
}

/** PUT /member/password: current, new and confirmation (test ids change-*). */
export function ChangePasswordForm({ account, onChanged, showSuccess = false }: ChangePasswordFormProps) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setDone(false);
    setFormError(null);
    const issues: FieldIssue[] = [
      ...(current === '' ? [{ field: 'currentPassword', messageKey: 'required' }] : []),
      ...newPasswordIssues(password, confirmation, account),
    ];
    if (current !== '' && password === current && !issues.some((issue) => issue.field === 'newPassword')) {
      issues.push({ field: 'newPassword', messageKey: 'password_unchanged' });
    }
    if (issues.length > 0) {
      setErrors(toFieldMessages(issues, validationMessage));
      return;
    }
    setErrors({});
    change.mutate(
      { currentPassword: current, newPassword: password },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirmation('');
          setDone(true);
          onChanged();
        },
        onError: (error) => {
          const fieldIssues = serverFieldIssues(error);
          if (fieldIssues && fieldIssues.length > 0) setErrors(toFieldMessages(fieldIssues, validationMessage));
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <TextField
        id="change-current"
        label={t('changePassword.current')}
        requiredMark
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={errors.currentPassword}
        errorTestId="field-error-currentPassword"
        data-testid="change-current"
      />
      <NewPasswordFields
        idPrefix="change"
        labels={{ password: t('changePassword.new'), confirm: t('changePassword.confirm') }}
        testIds={{ password: 'change-new', confirm: 'change-confirm' }}
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        errors={errors}
      />
      {formError ? <Alert data-testid="change-error">{formError}</Alert> : null}
      {done && showSuccess ? (
        <Alert tone="info" data-testid="change-success">
          {t('changePassword.success')}
        </Alert>
      ) : null}
      <Button type="submit" variant="accent" block disabled={change.isPending} aria-busy={change.isPending} data-testid="change-submit">
        {change.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
      </Button>
    </form>
  );
}
