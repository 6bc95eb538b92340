import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { normalizeBrMobile } from '@app/contracts';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import type { LoginInput } from '../api/account.types.ts';
import { serverFieldIssues } from '../field-problems.ts';
import { SmsCodeButton } from './sms-code-button.tsx';

interface LoginSmsFormProps {
  onSubmit: (input: LoginInput) => void;
  pending: boolean;
  serverError: string | null;
  extra?: ReactNode;
}

/** SMS login (MOBILENUMREG3): the mobile number is the username and the code the password. */
export function LoginSmsForm({ onSubmit, pending, serverError, extra }: LoginSmsFormProps) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const checkedMobile = () => {
    const normalized = normalizeBrMobile(mobile);
    setMobileError(normalized ? null : validationMessage('invalid_mobile'));
    return normalized;
  };

  const onSendError = (error: unknown) => {
    if (error === null) {
      setLocalError(null);
      return;
    }
    const issue = serverFieldIssues(error)?.[0];
    if (issue) setMobileError(validationMessage(issue.messageKey, issue.params));
    else setLocalError(errorMessage(error));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const number = checkedMobile();
    if (!number || !/^\d{6}$/.test(code.trim())) {
      setLocalError(t('login.sms.required'));
      return;
    }
    setLocalError(null);
    onSubmit({ username: number, password: code.trim(), type: 'sms' });
  };

  const error = localError ?? serverError;
  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <TextField
        id="login-sms-mobile"
        label={t('login.sms.mobile')}
        name="mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
        placeholder={validationMessage('mobile_placeholder')}
        error={mobileError}
        errorTestId="field-error-mobile"
        data-testid="login-sms-mobile"
      />
      <TextField
        id="login-sms-code"
        label={t('login.sms.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        placeholder={t('login.sms.codePlaceholder')}
        data-testid="login-sms-code"
        trailing={<SmsCodeButton purpose="login" mobile={checkedMobile} testId="login-sms-send" onError={onSendError} />}
      />
      {extra}
      {error ? <Alert data-testid="login-error">{error}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={pending} aria-busy={pending} data-testid="login-submit">
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
