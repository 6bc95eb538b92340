import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoginRequestSchema } from '@app/contracts';
import { FormAlert, SubmitButton, TextField } from '@app/ui';
import type { LoginCredentials } from '../api/account.types.ts';

interface LoginFormProps {
  onSubmit: (credentials: LoginCredentials) => void;
  pending: boolean;
  /** Already translated server error, if the last attempt failed. */
  serverError: string | null;
  submitLabel: string;
  idPrefix: string;
  /** Shown above the error and the button: the captcha box when the server asks for one. */
  extra?: ReactNode;
}

/**
 * Spec §5: both fields are required; the schema trims the username, never the password
 * (ASVS 6.2.8: a password is checked exactly as typed, as registration stored it).
 */
const CredentialsSchema = LoginRequestSchema.pick({ username: true, password: true });

/** Shared by the player login modal and the agent login page (same call, different follow-up). */
export function LoginForm({ onSubmit, pending, serverError, submitLabel, idPrefix, extra }: LoginFormProps) {
  const { t } = useTranslation(['account', 'errors']);
  // Checked on submit only: the message stays until the next attempt, as before.
  const form = useForm<LoginCredentials>({ resolver: zodResolver(CredentialsSchema), defaultValues: { username: '', password: '' }, reValidateMode: 'onSubmit' });
  const submit = form.handleSubmit((credentials) => {
    if (!pending) onSubmit(credentials);
  });

  // One message for the form: an empty field asks for both; an overlong one gets the message the
  // server would have answered with.
  const problem = form.formState.errors.username ?? form.formState.errors.password;
  const validationError = problem ? (problem.type === 'too_small' ? t('account:login.required') : t('errors:validation.failed')) : null;
  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        id={`${idPrefix}-username`}
        label={t('account:login.username')}
        {...form.register('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('account:login.usernamePlaceholder')}
        data-testid="login-username"
      />
      <TextField
        id={`${idPrefix}-password`}
        label={t('account:login.password')}
        {...form.register('password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('account:login.passwordPlaceholder')}
        data-testid="login-password"
      />
      {extra}
      <FormAlert message={validationError ?? serverError} data-testid="login-error" />
      <SubmitButton variant="accent" block pending={pending} pendingLabel={t('account:login.submitting')} data-testid="login-submit">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
