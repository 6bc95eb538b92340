import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeBrMobile } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { isApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage, useValidationMessage } from '../../../../shared/error-message.ts';
import { useResetBySms } from '../../api/security.queries.ts';
import { serverFieldIssues, toFieldMessages, type FieldIssue, type FieldMessages } from '../../field-problems.ts';
import { useCompleteLogin } from '../../hooks/use-complete-login.ts';
import { newPasswordIssues } from '../../password-rules.ts';
import { NewPasswordFields } from '../new-password-fields.tsx';
import { SmsCodeButton } from '../sms-code-button.tsx';

/** Spec §4 forgot password by phone: number → code → new password → logged in → home. */
export function ForgotPhoneForm() {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const completeLogin = useCompleteLogin();
  const reset = useResetBySms();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // The code fields appear once a code is on its way (or one sent moments ago is still valid).
  const [codeAsked, setCodeAsked] = useState(false);
  const [sentNote, setSentNote] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);

  const checkedMobile = () => {
    const normalized = normalizeBrMobile(mobile);
    setErrors((current) => ({ ...current, mobile: normalized ? undefined : validationMessage('invalid_mobile') }));
    return normalized;
  };

  const onSendError = (error: unknown) => {
    setFormError(null);
    if (error === null) return;
    if (isApiError(error) && error.code === 'rate.limited') setCodeAsked(true);
    const issue = serverFieldIssues(error)?.[0];
    if (issue) setErrors((current) => ({ ...current, mobile: validationMessage(issue.messageKey, issue.params) }));
    else setFormError(errorMessage(error));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    setFormError(null);
    const number = normalizeBrMobile(mobile);
    const issues: FieldIssue[] = [
      ...(number ? [] : [{ field: 'mobile', messageKey: 'invalid_mobile' }]),
      ...(/^\d{6}$/.test(code) ? [] : [{ field: 'code', messageKey: 'verification_code_needed' }]),
      ...newPasswordIssues(password, confirmation),
    ];
    if (issues.length > 0 || !number) {
      setErrors(toFieldMessages(issues, validationMessage));
      return;
    }
    setErrors({});
    reset.mutate(
      { mobile: number, code, newPassword: password },
      {
        onSuccess: (response) => completeLogin(response),
        onError: (error) => {
          const fieldIssues = serverFieldIssues(error);
          if (fieldIssues && fieldIssues.length > 0) setErrors(toFieldMessages(fieldIssues, validationMessage));
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <p className="account-form-hint">{t('forgot.phoneHint')}</p>
      <TextField
        id="forgot-mobile"
        label={t('forgot.mobile')}
        requiredMark
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
        placeholder={validationMessage('mobile_placeholder')}
        error={errors.mobile}
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
      {codeAsked ? (
        <>
          <TextField
            id="forgot-code"
            label={t('forgot.code')}
            requiredMark
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            placeholder={t('login.sms.codePlaceholder')}
            error={errors.code}
            errorTestId="field-error-code"
            data-testid="forgot-code"
          />
          <NewPasswordFields
            idPrefix="forgot"
            labels={{ password: t('forgot.newPassword'), confirm: t('forgot.confirmPassword') }}
            testIds={{ password: 'forgot-password', confirm: 'forgot-confirm' }}
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            errors={errors}
          />
        </>
      ) : null}
      {formError ? <Alert data-testid="forgot-error">{formError}</Alert> : null}
      {codeAsked ? (
        <Button type="submit" variant="accent" block disabled={reset.isPending} aria-busy={reset.isPending} data-testid="forgot-submit">
          {reset.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      ) : null}
    </form>
  );
}
