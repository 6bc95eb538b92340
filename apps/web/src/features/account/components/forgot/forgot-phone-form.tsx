import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalizeBrMobile, ResetBySmsRequestSchema } from '@app/contracts';
import { Button, FormAlert, TextField } from '@app/ui';
import { isApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage, useValidationMessage } from '../../../../shared/error-message.ts';
import { useResetBySms } from '../../api/security.queries.ts';
import { serverFieldIssues } from '../../field-problems.ts';
import { useCompleteLogin } from '../../hooks/use-complete-login.ts';
import {
  addFieldIssues,
  addNewPasswordIssues,
  contractMessages,
  PASSWORD_LENGTHS,
  PASSWORD_MESSAGE_KEY,
  setServerIssues,
  useFieldMessage,
} from '../form-issues.ts';
import { NewPasswordFields } from '../new-password-fields.tsx';
import { SmsCodeButton } from '../sms-code-button.tsx';

/** The server's request, the number as typed (a Brazilian mobile), and the confirmation only the form sees. */
const ForgotPhoneSchema = ResetBySmsRequestSchema.extend({ confirmPassword: ResetBySmsRequestSchema.shape.newPassword }).superRefine((values, ctx) => {
  if (!normalizeBrMobile(values.mobile)) addFieldIssues(ctx, [{ field: 'mobile', messageKey: 'invalid_mobile' }]);
  addNewPasswordIssues(ctx, values);
});
const FORGOT_PHONE_MESSAGES = contractMessages({
  mobile: 'invalid_mobile',
  code: 'verification_code_needed',
  newPassword: PASSWORD_MESSAGE_KEY,
  confirmPassword: PASSWORD_MESSAGE_KEY,
});
const FIELDS = ['mobile', 'code', 'newPassword', 'confirmPassword'] as const;

interface ForgotPhoneForm {
  mobile: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec §4 forgot password by phone: number → code → new password → logged in → home. */
export function ForgotPhoneForm() {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const fieldMessage = useFieldMessage(PASSWORD_LENGTHS);
  const completeLogin = useCompleteLogin();
  const reset = useResetBySms();
  // Checked on submit only, as before: a message stays until the next attempt.
  const form = useForm<ForgotPhoneForm>({
    resolver: zodResolver(ForgotPhoneSchema, FORGOT_PHONE_MESSAGES),
    defaultValues: { mobile: '', code: '', newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [password, confirmation] = useWatch({ control: form.control, name: ['newPassword', 'confirmPassword'] });
  const { errors } = form.formState;
  // The code fields appear once a code is on its way (or one sent moments ago is still valid).
  const [codeAsked, setCodeAsked] = useState(false);
  const [sentNote, setSentNote] = useState<string | null>(null);

  const checkedMobile = () => {
    const normalized = normalizeBrMobile(form.getValues('mobile'));
    if (normalized) form.clearErrors('mobile');
    else form.setError('mobile', { message: 'invalid_mobile' });
    return normalized;
  };

  const onSendError = (error: unknown) => {
    form.clearErrors('root');
    if (error === null) return;
    if (isApiError(error) && error.code === 'rate.limited') setCodeAsked(true);
    // Whatever path the server names, a refused send is about the number.
    const issue = serverFieldIssues(error)?.[0];
    if (issue) setServerIssues(['mobile'], [{ ...issue, field: 'mobile' }], form.setError, validationMessage);
    else form.setError('root', { message: errorMessage(error) });
  };

  const submit = form.handleSubmit(({ mobile, code, newPassword }) => {
    const number = normalizeBrMobile(mobile);
    if (reset.isPending || !number) return;
    reset.mutate(
      { mobile: number, code, newPassword },
      {
        onSuccess: (response) => completeLogin(response),
        onError: (error) => {
          const fieldIssues = serverFieldIssues(error);
          if (fieldIssues && fieldIssues.length > 0) setServerIssues(FIELDS, fieldIssues, form.setError, validationMessage);
          else form.setError('root', { message: errorMessage(error) });
        },
      },
    );
  });

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="account-form-hint">{t('forgot.phoneHint')}</p>
      <Controller
        control={form.control}
        name="mobile"
        render={({ field }) => (
          <TextField
            id="forgot-mobile"
            label={t('forgot.mobile')}
            requiredMark
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={field.value}
            onBlur={field.onBlur}
            onChange={field.onChange}
            placeholder={validationMessage('mobile_placeholder')}
            error={fieldMessage(errors.mobile)}
            errorTestId="field-error-mobile"
            hint={sentNote ?? undefined}
            data-testid="forgot-mobile"
            trailing={
              <SmsCodeButton
                purpose="reset_password"
                compensateRoundTrip
                mobile={checkedMobile}
                testId="forgot-send"
                onError={onSendError}
                onSent={(sent) => {
                  setCodeAsked(true);
                  setSentNote(t('sms.sent', { minutes: sent.expiredMinutes }));
                }}
              />
            }
          />
        )}
      />
      {codeAsked ? (
        <>
          <Controller
            control={form.control}
            name="code"
            render={({ field }) => (
              <TextField
                id="forgot-code"
                label={t('forgot.code')}
                requiredMark
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={field.value}
                onBlur={field.onBlur}
                // Digits only, as they are typed or pasted.
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
                placeholder={t('login.sms.codePlaceholder')}
                error={fieldMessage(errors.code)}
                errorTestId="field-error-code"
                data-testid="forgot-code"
              />
            )}
          />
          <NewPasswordFields
            idPrefix="forgot"
            labels={{ password: t('forgot.newPassword'), confirm: t('forgot.confirmPassword') }}
            testIds={{ password: 'forgot-password', confirm: 'forgot-confirm' }}
            password={password}
            confirmation={confirmation}
            onPasswordChange={(value) => form.setValue('newPassword', value)}
            onConfirmationChange={(value) => form.setValue('confirmPassword', value)}
            errors={{ newPassword: fieldMessage(errors.newPassword), confirmPassword: fieldMessage(errors.confirmPassword) }}
          />
        </>
      ) : null}
      <FormAlert message={errors.root?.message} data-testid="forgot-error" />
      {codeAsked ? (
        <Button type="submit" variant="accent" block disabled={reset.isPending} aria-busy={reset.isPending} data-testid="forgot-submit">
          {reset.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      ) : null}
    </form>
  );
}
