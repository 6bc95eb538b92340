import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CredentialResetCompleteResponseSchema, CredentialResetInspectResponseSchema } from '@app/contracts';
import { Alert, Button, Spinner, TextField } from '@app/ui';
import { api, ApiError } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useSession } from '../../shared/session.tsx';
import { EnrolmentStep } from './enrolment-step.tsx';

/** The link's token travels after '#', so it never reaches a server log or a Referer header. */
function tokenOfLink(): string {
  return window.location.hash.replace(/^#/, '');
}

/** A link cut short when copied is told like a spent one, without asking the server. */
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/**
 * The page an owner's reset link opens (/admin/reset#<token>), without a session: the operator
 * chooses a new password, which spends the link, then sets up two-factor again with the same
 * enrolment step a first login shows, and is logged in.
 */
export function ResetPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const navigate = useNavigate();
  const [token] = useState(tokenOfLink);
  const link = useQuery({
    queryKey: ['backoffice', 'credential-reset', token],
    queryFn: ({ signal }) => api('POST', '/api/backoffice/credential-reset/inspect', { body: { token }, schema: CredentialResetInspectResponseSchema, token: null, signal }),
    enabled: WELL_FORMED.test(token),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const form = useForm<{ newPassword: string; repeat: string }>({ defaultValues: { newPassword: '', repeat: '' } });
  const [newPassword, repeat] = useWatch({ control: form.control, name: ['newPassword', 'repeat'] });
  const complete = useMutation({
    mutationFn: (password: string) => api('POST', '/api/backoffice/credential-reset/complete', { body: { token, newPassword: password }, schema: CredentialResetCompleteResponseSchema, token: null }),
  });
  const mismatch = repeat !== '' && repeat !== newPassword;
  const submit = form.handleSubmit(({ newPassword: password }) => {
    if (!complete.isPending) complete.mutate(password);
  });
  const toLogin = () => void navigate('/', { replace: true });
  const linkError = WELL_FORMED.test(token) ? link.error : new ApiError(410, 'backoffice.reset_link_invalid', 'incomplete link');

  if (complete.data) {
    return (
      <div className="bo-login">
        <EnrolmentStep
          enrolmentToken={complete.data.enrolmentToken}
          onDone={(sessionToken) => {
            session.signIn(sessionToken);
            toLogin();
          }}
          onRestart={toLogin}
        />
      </div>
    );
  }

  return (
    <div className="bo-login">
      <form className="bo-card bo-login__card" onSubmit={(event) => void submit(event)} noValidate data-testid="reset-form">
        <h1 className="bo-login__title">{t('reset.title')}</h1>
        {link.isFetching ? <Spinner label={t('common.loading')} /> : null}
        {linkError ? (
          <>
            <ErrorLine error={linkError} testId="reset-link-error" />
            <button type="button" className="bo-link" onClick={toLogin}>
              {t('reset.toLogin')}
            </button>
          </>
        ) : null}
        {link.data ? (
          <>
            <Alert tone="info">
              <span data-testid="reset-greeting">{t('reset.intro', { name: link.data.displayName, username: link.data.username })}</span>
            </Alert>
            <TextField label={t('password.new')} type="password" {...form.register('newPassword')} autoComplete="new-password" maxLength={128} hint={t('password.policy')} data-testid="reset-password" />
            <TextField label={t('password.repeat')} type="password" {...form.register('repeat')} autoComplete="new-password" maxLength={128} error={mismatch ? t('password.mismatch') : null} data-testid="reset-repeat" />
            <ErrorLine error={complete.error} testId="reset-error" />
            <Button type="submit" block disabled={newPassword === '' || repeat !== newPassword || complete.isPending} data-testid="reset-submit">
              {t('reset.submit')}
            </Button>
          </>
        ) : null}
      </form>
    </div>
  );
}
