import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, SubmitButton, TextField } from '@app/ui';
import { LoginRequestSchema, normalizeBrMobile } from '@app/contracts';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import type { LoginCredentials, LoginInput } from '../api/account.types.ts';
import { serverFieldIssues } from '../field-problems.ts';
import { addFieldIssues, contractMessages, setServerIssues, useFieldMessage } from './form-issues.ts';
import { SmsCodeButton } from './sms-code-button.tsx';

interface LoginSmsFormProps {
  onSubmit: (input: LoginInput) => void;
  pending: boolean;
  serverError: string | null;
  extra?: ReactNode;
}

/** The login request as SMS login fills it: the number as username, the texted code (shaped like verificationCode) as password. */
const SmsLoginSchema = LoginRequestSchema.pick({ username: true })
  .extend({ password: LoginRequestSchema.shape.verificationCode.unwrap() })
  .superRefine(({ username }, ctx) => {
    if (!normalizeBrMobile(username)) addFieldIssues(ctx, [{ field: 'username', messageKey: 'invalid_mobile' }]);
  });
const SMS_LOGIN_MESSAGES = contractMessages({ username: 'invalid_mobile' });

/** SMS login (MOBILENUMREG3): the mobile number is the username and the code the password. */
export function LoginSmsForm({ onSubmit, pending, serverError, extra }: LoginSmsFormProps) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const fieldMessage = useFieldMessage();
  // Checked on submit only, as before: the messages stay until the next attempt.
  const form = useForm<LoginCredentials>({
    resolver: zodResolver(SmsLoginSchema, SMS_LOGIN_MESSAGES),
    defaultValues: { username: '', password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const checkedMobile = () => {
    const normalized = normalizeBrMobile(form.getValues('username'));
    if (normalized) form.clearErrors('username');
    else form.setError('username', { message: 'invalid_mobile' });
    return normalized;
  };

  const onSendError = (error: unknown) => {
    form.clearErrors('root');
    if (error === null) return;
    const issue = serverFieldIssues(error)?.[0];
    // Whatever path the server names, a refused send is about the number.
    if (issue) setServerIssues(['username'], [{ ...issue, field: 'username' }], form.setError, validationMessage);
    else form.setError('root', { message: errorMessage(error) });
  };

  const submit = form.handleSubmit(
    ({ username, password }) => {
      const number = normalizeBrMobile(username);
      if (!pending && number) onSubmit({ username: number, password, type: 'sms' });
    },
    // The number's own message shows under it; the form says both are needed.
    () => form.setError('root', { message: t('login.sms.required') }),
  );

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate>
      <Controller
        control={form.control}
        name="username"
        render={({ field }) => (
          <TextField
            id="login-sms-mobile"
            label={t('login.sms.mobile')}
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={field.value}
            onBlur={field.onBlur}
            onChange={field.onChange}
            placeholder={validationMessage('mobile_placeholder')}
            error={fieldMessage(form.formState.errors.username)}
            errorTestId="field-error-mobile"
            data-testid="login-sms-mobile"
          />
        )}
      />
      <Controller
        control={form.control}
        name="password"
        render={({ field }) => (
          <TextField
            id="login-sms-code"
            label={t('login.sms.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={field.value}
            onBlur={field.onBlur}
            // Digits only, as they are typed or pasted.
            onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
            placeholder={t('login.sms.codePlaceholder')}
            data-testid="login-sms-code"
            trailing={<SmsCodeButton purpose="login" mobile={checkedMobile} testId="login-sms-send" onError={onSendError} />}
          />
        )}
      />
      {extra}
      <FormAlert message={form.formState.errors.root?.message ?? serverError} data-testid="login-error" />
      <SubmitButton variant="accent" block pending={pending} pendingLabel={t('login.submitting')} data-testid="login-submit">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}
