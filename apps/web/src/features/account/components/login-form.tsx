import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
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

/** Shared by the player login modal and the agent login page (same call, different follow-up). */
export function LoginForm({ onSubmit, pending, serverError, submitLabel, idPrefix, extra }: LoginFormProps) {
  const { t } = useTranslation('account');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // Spec §5: both fields are required; the username is trimmed, the password never is
    // (ASVS 6.2.8: a password is checked exactly as typed, as registration stored it).
    const credentials = { username: username.trim(), password };
    if (!credentials.username || !credentials.password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(credentials);
  };

  const error = missing ? t('login.required') : serverError;
  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <TextField
        id={`${idPrefix}-username`}
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        placeholder={t('login.usernamePlaceholder')}
        data-testid="login-username"
      />
      <TextField
        id={`${idPrefix}-password`}
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        placeholder={t('login.passwordPlaceholder')}
        data-testid="login-password"
      />
      {extra}
      {error ? <Alert data-testid="login-error">{error}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={pending} aria-busy={pending} data-testid="login-submit">
        {pending ? t('login.submitting') : submitLabel}
      </Button>
    </form>
  );
}
