import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { normalizeBrMobile, todayIn, validateField, type RegistrationSettings } from '@app/contracts';
import { Alert, Button, Checkbox } from '@app/ui';
import { isApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage, useValidationMessage, type MessageParams } from '../../../../shared/error-message.ts';
import { useBootInfo } from '../../../system/index.ts';
import type { RegisterMethod } from '../../api/registration.api.ts';
import { useRegister } from '../../api/registration.queries.ts';
import { clientFieldIssue, serverFieldIssues, toFieldMessages, type FieldIssue, type FieldMessages } from '../../field-problems.ts';
import type { BotCheck } from '../../hooks/use-bot-check.ts';
import { useCaptcha } from '../../hooks/use-captcha.ts';
import { useCompleteLogin } from '../../hooks/use-complete-login.ts';
import { CaptchaBox } from '../captcha-box.tsx';
import { SmsCodeButton } from '../sms-code-button.tsx';
import { RegisterField } from './register-field.tsx';
import { registerFields, registerIssues, renderableRules, type RegisterFormState } from './register-validation.ts';

interface RegisterFormProps {
  method: RegisterMethod;
  settings: RegistrationSettings;
  referralCode: string | null;
  botCheck: BotCheck;
}

type Phase = 'idle' | 'verifying' | 'sending';

/** Spec §2/§4 registration: fields as the server's rules say, checked here with the same rules. */
export function RegisterForm({ method, settings, referralCode, botCheck }: RegisterFormProps) {
  const { t } = useTranslation(['account', 'errors']);
  const boot = useBootInfo();
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const completeLogin = useCompleteLogin();
  const register = useRegister();
  const captcha = useCaptcha('register', settings.captchaRequired);
  const formRef = useRef<HTMLFormElement>(null);
  const rules = renderableRules(settings.fields);
  const smsNeeded = method === 'mobile' && settings.methods.smsVerification;

  const [values, setValues] = useState<Record<string, string>>({});
  const [code, setCode] = useState('');
  const [agreeTerms, setAgreeTerms] = useState(true);
  const [confirm21, setConfirm21] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [smsSent, setSmsSent] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');

  // The dialog opened before the rules arrived, so it focused itself: hand focus to the first field.
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.getAttribute('role') === 'dialog' && active.contains(formRef.current)) {
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    }
  }, []);

  const translate = (key: string, params?: MessageParams) =>
    validationMessage(key, key === 'agree_terms' ? { ...params, terms: t('account:register.termsForMessage') } : params);
  const state = (): RegisterFormState => ({ values, code, agreeTerms, confirm21, captchaAnswered: captcha.value() !== undefined });
  const setError = (field: string, message: string | undefined) => setErrors((current) => ({ ...current, [field]: message }));

  const showIssues = (issues: readonly FieldIssue[]) => {
    setErrors(toFieldMessages(issues, translate));
    // After React has drawn the messages: take the player to the first one.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  /** On leaving a field: its own rule, and the confirmation once both passwords are typed. */
  const checkOne = (field: string) => {
    const rule = rules.find((candidate) => candidate.field === field);
    const value = values[field] ?? '';
    if (!rule || value === '') return;
    const result = validateField(value, rule);
    if (!result.ok) {
      const issue = clientFieldIssue(field, result);
      setError(field, translate(issue.messageKey, issue.params));
    } else if (field === 'confirmPassword' && values.password !== undefined && value !== values.password) {
      setError(field, translate('inconsistent_twice'));
    }
  };

  const mobileForSms = () => {
    const normalized = normalizeBrMobile(values.mobileNum ?? '');
    if (!normalized) setError('mobileNum', translate('invalid_mobile'));
    return normalized;
  };

  const onSmsError = (error: unknown) => {
    setSmsSent(null);
    if (error === null) return;
    const issue = serverFieldIssues(error)?.[0];
    if (issue) setError('mobileNum', translate(issue.messageKey, issue.params));
    else setFormError(errorMessage(error));
  };

  const onServerError = (error: unknown) => {
    // The server spends the captcha on every submission, right or wrong, whatever else failed.
    if (settings.captchaRequired) captcha.renew();
    const issues = serverFieldIssues(error);
    const known = new Set([...rules.map((rule) => rule.field), 'verificationCode', 'agreeTerms', 'confirm21', 'captcha']);
    if (issues && issues.length > 0) {
      showIssues(issues);
      setFormError(issues.some((issue) => !known.has(issue.field)) ? errorMessage(error) : null);
      return;
    }
    setFormError(errorMessage(error));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    setFormError(null);
    const today = todayIn(boot.timeZone, new Date());
    const issues = registerIssues(state(), { settings, smsNeeded, today });
    if (issues.length > 0) {
      showIssues(issues);
      return;
    }
    setErrors({});
    setPhase('verifying');
    let botProof;
    try {
      botProof = await botCheck.take();
    } catch (error) {
      setPhase('idle');
      // A network failure says so; anything else means the check itself could not finish.
      setFormError(isApiError(error) ? errorMessage(error) : t('errors:auth.bot_check_failed'));
      botCheck.renew();
      return;
    }
    setPhase('sending');
    const answer = captcha.value();
    register.mutate(
      {
        method,
        fields: registerFields(state(), settings, smsNeeded),
        botCheck: botProof,
        agreeTerms,
        ...(answer ? { captcha: answer } : {}),
        ...(settings.confirm21 ? { confirm21 } : {}),
        ...(referralCode ? { referralCode } : {}),
      },
      {
        onSuccess: (response) => completeLogin(response),
        onError: (error) => {
          setPhase('idle');
          // Each challenge is single use: solve the next one while the player reads the message.
          botCheck.renew();
          onServerError(error);
        },
      },
    );
  };

  const busy = phase !== 'idle';
  return (
    <form ref={formRef} className="login-form register-form" onSubmit={(event) => void submit(event)} noValidate data-method={method}>
      {rules.map((rule) => (
        <div key={rule.field} className="register-form__group">
          <RegisterField
            field={rule.field}
            rule={rule}
            value={values[rule.field] ?? ''}
            onChange={(value) => {
              setValues((current) => ({ ...current, [rule.field]: value }));
              setError(rule.field, undefined);
            }}
            onBlur={(event) => {
              // Only when moving to another text box: a message appearing as the pointer goes down
              // on a button or checkbox would shift it away before the click lands.
              const next = event.relatedTarget;
              if (next instanceof HTMLInputElement && next.type !== 'checkbox') checkOne(rule.field);
            }}
            error={errors[rule.field]}
            birthdayMax={settings.birthdayMax}
            minAge={settings.minAge}
          />
          {rule.field === 'mobileNum' && smsNeeded ? (
            <RegisterField
              field="verificationCode"
              rule={{ required: true, minLength: 6, maxLength: 6 }}
              value={code}
              onChange={(value) => {
                setCode(value);
                setError('verificationCode', undefined);
              }}
              onBlur={() => undefined}
              error={errors.verificationCode}
              hint={smsSent ?? undefined}
              birthdayMax={settings.birthdayMax}
              minAge={settings.minAge}
              trailing={
                <SmsCodeButton
                  purpose="register"
                  mobile={mobileForSms}
                  testId="register-sms-send"
                  onError={onSmsError}
                  onSent={(sent) => setSmsSent(t('account:sms.sent', { minutes: sent.expiredMinutes }))}
                />
              }
            />
          ) : null}
        </div>
      ))}
      {settings.captchaRequired ? <CaptchaBox captcha={captcha} prefix="register" error={errors.captcha} /> : null}
      <Checkbox
        id="register-terms"
        checked={agreeTerms}
        onChange={(event) => {
          setAgreeTerms(event.target.checked);
          setError('agreeTerms', undefined);
        }}
        label={
          <>
            {t('account:register.termsPrefix')}{' '}
            <Link to="/help#term" target="_blank" className="link-button link-button--accent">
              {t('account:register.termsLink')}
            </Link>
          </>
        }
        error={errors.agreeTerms}
        errorTestId="field-error-agreeTerms"
        data-testid="register-terms"
      />
      {settings.confirm21 ? (
        <Checkbox
          id="register-confirm21"
          checked={confirm21}
          onChange={(event) => {
            setConfirm21(event.target.checked);
            setError('confirm21', undefined);
          }}
          label={t('account:register.confirm21')}
          error={errors.confirm21}
          errorTestId="field-error-confirm21"
          data-testid="register-confirm21"
        />
      ) : null}
      {phase === 'verifying' ? (
        <div className="bot-check" role="status" data-testid="register-bot-check">
          <span>{t('account:register.botChecking')}</span>
          <progress className="bot-check__bar" value={botCheck.progress} max={1} aria-label={t('account:register.botChecking')} />
        </div>
      ) : null}
      {formError ? <Alert data-testid="register-error">{formError}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={busy} aria-busy={busy} data-testid="register-submit">
        {phase === 'verifying' ? t('account:register.botChecking') : phase === 'sending' ? t('account:register.submitting') : t('account:register.submit')}
      </Button>
    </form>
  );
}
