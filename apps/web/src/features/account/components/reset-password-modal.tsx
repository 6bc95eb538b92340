import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal } from '@app/ui';
import { isApiError } from '../../../shared/api-client.ts';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import { useResetByEmailToken } from '../api/security.queries.ts';
import { useAccountModals } from '../account-modals-context.tsx';
import { serverFieldIssues, toFieldMessages, type FieldMessages } from '../field-problems.ts';
import { newPasswordIssues } from '../password-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** The e-mailed link (/?resetToken=…): a new password, then log in with it. */
export function ResetPasswordModal({ token }: { token: string }) {
  const { t } = useTranslation(['account', 'common']);
  const { close, open } = useAccountModals();
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const reset = useResetByEmailToken();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const issues = newPasswordIssues(password, confirmation);
    setErrors(toFieldMessages(issues, validationMessage));
    if (issues.length > 0) return;
    reset.mutate(
      { token, newPassword: password },
      {
        onError: (error) => {
          const fieldIssues = serverFieldIssues(error);
          if (fieldIssues && fieldIssues.length > 0) setErrors(toFieldMessages(fieldIssues, validationMessage));
        },
      },
    );
  };

  const linkDead = isApiError(reset.error) && reset.error.code === 'auth.reset_link_invalid';
  const formError = reset.error && !serverFieldIssues(reset.error)?.length ? errorMessage(reset.error) : null;
  return (
    <Modal open onClose={close} title={t('account:resetLink.title')} closeLabel={t('common:actions.close')} testId="modal-reset-password">
      {reset.isSuccess ? (
        <div className="account-form-stack" data-testid="reset-done">
          <Alert tone="info">{t('account:resetLink.done')}</Alert>
          <Button variant="accent" block onClick={() => open({ kind: 'login' })} data-testid="reset-to-login" data-autofocus>
            {t('account:resetLink.toLogin')}
          </Button>
        </div>
      ) : (
        <form className="login-form" onSubmit={submit} noValidate>
          <p className="account-form-hint">{t('account:resetLink.hint')}</p>
          <NewPasswordFields
            idPrefix="reset"
            labels={{ password: t('account:resetLink.newPassword'), confirm: t('account:resetLink.confirmPassword') }}
            testIds={{ password: 'reset-new', confirm: 'reset-confirm' }}
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            errors={errors}
          />
          {formError ? <Alert data-testid="reset-error">{formError}</Alert> : null}
          {linkDead ? (
            <Button variant="outline" block onClick={() => open({ kind: 'forgot' })} data-testid="reset-request-new">
              {t('account:resetLink.requestNew')}
            </Button>
          ) : (
            <Button type="submit" variant="accent" block disabled={reset.isPending} aria-busy={reset.isPending} data-testid="reset-submit">
              {reset.isPending ? t('account:resetLink.submitting') : t('account:resetLink.submit')}
            </Button>
          )}
        </form>
      )}
    </Modal>
  );
}
