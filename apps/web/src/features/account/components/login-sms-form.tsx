import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, SubmitButton } from '@app/ui';
import { LoginRequestSchema, normalizeBrMobile } from '@app/contracts';
import type { LoginCredentials, LoginInput } from '../api/account.types.ts';
import { MobileField, SmsCodeField, fieldBinder } from './controlled-text-field.tsx';
import { addFieldIssues, contractMessages, useFieldMessage } from './form-issues.ts';
import { mobileChecker } from './mobile-check.ts';
import { useSendCodeErrors } from './server-errors.ts';
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
  const fieldMessage = useFieldMessage();
  // Checked on submit only, as before: the messages stay until the next attempt.
  const form = useForm<LoginCredentials>({
    resolver: zodResolver(SmsLoginSchema, SMS_LOGIN_MESSAGES),
    defaultValues: { username: '', password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const onSendError = useSendCodeErrors(form, 'username');

  const bind = fieldBinder(form, fieldMessage);
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
      <MobileField
        {...bind('username')}
        id="login-sms-mobile"
        label={t('login.sms.mobile')}
        name="mobile"
      />
      <SmsCodeField
        control={form.control}
        field="password"
        id="login-sms-code"
        label={t('login.sms.code')}
        name="code"
        trailing={<SmsCodeButton purpose="login" mobile={mobileChecker(form, 'username')} testId="login-sms-send" onError={onSendError} />}
      />
      {extra}
      <FormAlert message={form.formState.errors.root?.message ?? serverError} data-testid="login-error" />
      <SubmitButton variant="accent" block pending={pending} pendingLabel={t('login.submitting')} data-testid="login-submit">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}
