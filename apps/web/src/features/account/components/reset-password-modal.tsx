import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ResetByEmailRequestSchema } from '@app/contracts';
import { Alert, Button, Modal } from '@app/ui';
import { isApiError } from '../../../shared/api-client.ts';
import { useResetByEmailToken } from '../api/security.queries.ts';
import { useAccountModals } from '../account-modals-context.tsx';
import { addNewPasswordIssues, contractMessages, PASSWORD_LENGTHS, PASSWORD_MESSAGE_KEY, useFieldMessage } from './form-issues.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useFieldIssuesPlacer, useUnplacedError } from './server-errors.ts';

/** The server's new password (the token comes from the link) plus the confirmation only the form sees. */
const ResetFormSchema = ResetByEmailRequestSchema.pick({ newPassword: true })
  .extend({ confirmPassword: ResetByEmailRequestSchema.shape.newPassword })
  .superRefine((values, ctx) => addNewPasswordIssues(ctx, values));
const RESET_MESSAGES = contractMessages({ newPassword: PASSWORD_MESSAGE_KEY, confirmPassword: PASSWORD_MESSAGE_KEY });

interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

/** The e-mailed link (/?resetToken=…): a new password, then log in with it. */
export function ResetPasswordModal({ token }: { token: string }) {
  const { t } = useTranslation(['account', 'common']);
  const { close, open } = useAccountModals();
  const fieldMessage = useFieldMessage(PASSWORD_LENGTHS);
  const reset = useResetByEmailToken();
  // Checked on submit only, as before: a message stays until the next attempt.
  const form = useForm<ResetForm>({
    resolver: zodResolver(ResetFormSchema, RESET_MESSAGES),
    defaultValues: { newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const placeFieldIssues = useFieldIssuesPlacer(form, ['newPassword', 'confirmPassword']);
  const submit = form.handleSubmit(({ newPassword }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, newPassword },
      {
        onError: placeFieldIssues,
      },
    );
  });

  const linkDead = isApiError(reset.error) && reset.error.code === 'auth.reset_link_invalid';
  const formError = useUnplacedError(reset.error);
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
        <form className="login-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="account-form-hint">{t('account:resetLink.hint')}</p>
          <NewPasswordFields idPrefix="reset" control={form.control} fieldMessage={fieldMessage} />
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
