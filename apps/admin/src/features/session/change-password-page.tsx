import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { api } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useRefreshSession, useSession } from '../../shared/session.tsx';

/** An operator with a temporary password sets their own before anything else opens. */
export function ChangePasswordPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const refresh = useRefreshSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useMutation({
    mutationFn: () => api('PUT', '/api/backoffice/session/password', { body: { currentPassword, newPassword } }),
    onSuccess: () => refresh(),
  });
  const mismatch = repeat !== '' && repeat !== newPassword;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!mismatch && !change.isPending) change.mutate();
  }

  return (
    <div className="bo-login">
      <form className="bo-card bo-login__card" onSubmit={submit} noValidate data-testid="change-password-form">
        <h1 className="bo-login__title">{t('password.title')}</h1>
        <Alert tone="info">{t('password.intro')}</Alert>
        <TextField label={t('password.current')} type="password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} autoComplete="current-password" maxLength={128} data-testid="password-current" />
        <TextField label={t('password.new')} type="password" value={newPassword} onChange={(event) => setNewPassword(event.target.value)} autoComplete="new-password" maxLength={128} hint={t('password.policy')} data-testid="password-new" />
        <TextField label={t('password.repeat')} type="password" value={repeat} onChange={(event) => setRepeat(event.target.value)} autoComplete="new-password" maxLength={128} error={mismatch ? t('password.mismatch') : null} data-testid="password-repeat" />
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
