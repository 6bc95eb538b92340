import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { useValidationMessage } from '../../../shared/error-message.ts';

interface LoginDeviceStepProps {
  /** Masked by the server (+5511*****678). */
  mobile: string;
  onSubmit: (code: string) => void;
  onBack: () => void;
  pending: boolean;
  serverError: string | null;
  extra?: ReactNode;
}

/** Spec §4 new-device check: the same credentials again, with the code the server texted. */
export function LoginDeviceStep({ mobile, onSubmit, onBack, pending, serverError, extra }: LoginDeviceStepProps) {
  const { t } = useTranslation('account');
  const validationMessage = useValidationMessage();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!/^\d{6}$/.test(code)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(code);
  };

  const error = missing ? validationMessage('verification_code_needed') : serverError;
  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="login-device-step">
      <Alert tone="info">
        <span>
          <strong className="login-device__sent">{t('login.device.sent', { mobile })}</strong>
          <br />
          {t('login.device.hint')}
        </span>
      </Alert>
      <TextField
        id="login-device-code"
        label={t('login.device.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        placeholder={t('login.sms.codePlaceholder')}
        data-testid="login-device-code"
      />
      {extra}
      {error ? <Alert data-testid="login-error">{error}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={pending} aria-busy={pending} data-testid="login-device-submit">
        {pending ? t('login.submitting') : t('login.device.submit')}
      </Button>
      <Button variant="ghost" block onClick={onBack} disabled={pending} data-testid="login-device-back">
        {t('login.device.back')}
      </Button>
    </form>
  );
}
