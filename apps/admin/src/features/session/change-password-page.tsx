import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { OperatorPasswordChangeRequestSchema, type OperatorPasswordChangeRequest } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { api } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useRefreshSession, useSession } from '../../shared/session.tsx';

/** The server's request plus the repeated new password, which only the form checks. */
const ChangePasswordFormSchema = OperatorPasswordChangeRequestSchema.extend({ repeat: OperatorPasswordChangeRequestSchema.shape.newPassword }).refine((form) => form.repeat === form.newPassword, { path: ['repeat'] });
type ChangePasswordForm = OperatorPasswordChangeRequest & { repeat: string };

/** An operator with a temporary password sets their own before anything else opens. */
export function ChangePasswordPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const refresh = useRefreshSession();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: { currentPassword: '', newPassword: '', repeat: '' } });
  const change = useMutation({
    mutationFn: (body: OperatorPasswordChangeRequest) => api('PUT', '/api/backoffice/session/password', { body }),
    onSuccess: () => refresh(),
  });
  const [currentPassword, newPassword, repeat] = useWatch({ control: form.control, name: ['currentPassword', 'newPassword', 'repeat'] });
  // Told while typing, as soon as the repetition differs, not only on submit.
  const mismatch = repeat !== '' && repeat !== newPassword;
  const submit = form.handleSubmit(({ currentPassword: current, newPassword: next }) => {
    if (!change.isPending) change.mutate({ currentPassword: current, newPassword: next });
  });

  return (
    <div className="bo-login">
      <form className="bo-card bo-login__card" onSubmit={(event) => void submit(event)} noValidate data-testid="change-password-form">
        <h1 className="bo-login__title">{t('password.title')}</h1>
        <Alert tone="info">{t('password.intro')}</Alert>
        <TextField label={t('password.current')} type="password" {...form.register('currentPassword')} autoComplete="current-password" maxLength={128} data-testid="password-current" />
        <TextField label={t('password.new')} type="password" {...form.register('newPassword')} autoComplete="new-password" maxLength={128} hint={t('password.policy')} data-testid="password-new" />
        <TextField label={t('password.repeat')} type="password" {...form.register('repeat')} autoComplete="new-password" maxLength={128} error={mismatch ? t('password.mismatch') : null} data-testid="password-repeat" />
        <ErrorLine error={change.error} testId="password-error" />
        <Button type="submit" block disabled={currentPassword === '' || newPassword === '' || repeat !== newPassword || change.isPending} data-testid="password-submit">
          {t('password.submit')}
        </Button>
        <button type="button" className="bo-link" onClick={() => session.signOut('logout')}>
          {t('shell.logout')}
        </button>
      </form>
    </div>
  );
}
