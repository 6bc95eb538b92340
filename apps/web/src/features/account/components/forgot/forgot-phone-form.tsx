import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalizeBrMobile, ResetBySmsRequestSchema } from '@app/contracts';
import { Button, FormAlert } from '@app/ui';
import { isApiError } from '../../../../shared/api-client.ts';
import { useResetBySms } from '../../api/security.queries.ts';
import { useCompleteLogin } from '../../hooks/use-complete-login.ts';
import { MobileField, SmsCodeField, fieldBinder } from '../controlled-text-field.tsx';
import { addFieldIssues, addNewPasswordIssues, contractMessages, PASSWORD_LENGTHS, PASSWORD_MESSAGE_KEY, useFieldMessage } from '../form-issues.ts';
import { mobileChecker } from '../mobile-check.ts';
import { NewPasswordFields } from '../new-password-fields.tsx';
import { useSendCodeErrors, useServerErrors } from '../server-errors.ts';
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
  const { errors } = form.formState;
  // The code fields appear once a code is on its way (or one sent moments ago is still valid).
  const [codeAsked, setCodeAsked] = useState(false);
  const [sentNote, setSentNote] = useState<string | null>(null);

  const showServerErrors = useServerErrors(form, FIELDS);
  const showSendError = useSendCodeErrors(form, 'mobile');
  const onSendError = (error: unknown) => {
    if (isApiError(error) && error.code === 'rate.limited') setCodeAsked(true);
    showSendError(error);
  };

  const bind = fieldBinder(form, fieldMessage);
  const submit = form.handleSubmit(({ mobile, code, newPassword }) => {
    const number = normalizeBrMobile(mobile);
    if (reset.isPending || !number) return;
    reset.mutate(
      { mobile: number, code, newPassword },
      {
        onSuccess: (response) => completeLogin(response),
        onError: showServerErrors,
      },
    );
  });

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="account-form-hint">{t('forgot.phoneHint')}</p>
      <MobileField
        {...bind('mobile')}
        id="forgot-mobile"
        label={t('forgot.mobile')}
        requiredMark
        hint={sentNote ?? undefined}
        trailing={
          <SmsCodeButton
            purpose="reset_password"
            compensateRoundTrip
            mobile={mobileChecker(form, 'mobile')}
            testId="forgot-send"
            onError={onSendError}
            onSent={(sent) => {
              setCodeAsked(true);
              setSentNote(t('sms.sent', { minutes: sent.expiredMinutes }));
            }}
          />
        }
      />
      {codeAsked ? (
        <>
          <SmsCodeField
            {...bind('code')}
            id="forgot-code"
            label={t('forgot.code')}
            requiredMark
            errorTestId="field-error-code"
          />
          <NewPasswordFields idPrefix="forgot" control={form.control} fieldMessage={fieldMessage} />
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
