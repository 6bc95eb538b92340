import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { useRequestEmailReset } from '../../api/security.queries.ts';

/** A shape check only; whether the address is registered is never revealed. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §4 forgot password by e-mail: the same neutral confirmation whether or not it exists. */
export function ForgotEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const errorMessage = useErrorMessage();
  const request = useRequestEmailReset();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);

  if (request.isSuccess) {
    return (
      <div className="account-form-stack" data-testid="forgot-done">
        <Alert tone="info">{t('account:forgot.emailDone')}</Alert>
        <Button variant="accent" block onClick={onDone} data-testid="forgot-done-ok" data-autofocus>
          {t('common:actions.ok')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const address = email.trim();
    if (!EMAIL_SHAPE.test(address) || address.length > 254) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate(address);
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <p className="account-form-hint">{t('account:forgot.emailHint')}</p>
      <TextField
        id="forgot-email"
        label={t('account:forgot.email')}
        requiredMark
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder={t('account:register.placeholders.email')}
        error={invalid ? t('account:forgot.emailInvalid') : null}
        errorTestId="field-error-email"
        data-testid="forgot-email"
      />
      {request.error ? <Alert data-testid="forgot-error">{errorMessage(request.error)}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={request.isPending} aria-busy={request.isPending} data-testid="forgot-email-submit">
        {request.isPending ? t('account:forgot.emailSubmitting') : t('account:forgot.emailSubmit')}
      </Button>
    </form>
  );
}
