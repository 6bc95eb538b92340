import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { normalizeBrMobile, todayIn, validateField, type RegistrationSettings } from '@app/contracts';
import { Button, FormAlert } from '@app/ui';
import { isApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage, useValidationMessage, type MessageParams } from '../../../../shared/error-message.ts';
import { useBootInfo } from '../../../system/index.ts';
import type { RegisterMethod } from '../../api/registration.api.ts';
import { useRegister } from '../../api/registration.queries.ts';
import { clientFieldIssue, serverFieldIssues, type FieldIssue } from '../../field-problems.ts';
import type { BotCheck } from '../../hooks/use-bot-check.ts';
import { useCaptcha } from '../../hooks/use-captcha.ts';
import { useCompleteLogin } from '../../hooks/use-complete-login.ts';
import { CaptchaBox } from '../captcha-box.tsx';
import { SmsCodeButton } from '../sms-code-button.tsx';
import { RegisterCheckbox } from './register-checkbox.tsx';
import { RegisterLimits, registrationLimitsOf, SUGGESTED_LIMITS, type RegisterLimitsChoice } from './register-limits.tsx';
import { RegisterField } from './register-field.tsx';
import { registerErrorPath, registerMessageFields, registerResolver, type RegisterCheckContext, type RegisterValues } from './register-resolver.ts';
import { registerFields, renderableRules } from './register-validation.ts';

interface RegisterFormProps {
  method: RegisterMethod;
  settings: RegistrationSettings;
  referralCode: string | null;
  botCheck: BotCheck;
}

type Phase = 'idle' | 'verifying' | 'sending';

const SERVER_ERROR = 'root.server';

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

  const translate = (key: string, params?: MessageParams) =>
    validationMessage(key, key === 'agree_terms' ? { ...params, terms: t('account:register.termsForMessage') } : params);
  // The rules arrive with the settings at run time: the resolver is built from them once.
  const resolver = useMemo(() => registerResolver(settings, smsNeeded), [settings, smsNeeded]);
  const knownFields = useMemo(() => registerMessageFields(settings), [settings]);
  const context: RegisterCheckContext = {
    today: () => todayIn(boot.timeZone, new Date()),
    captchaAnswered: () => captcha.value() !== undefined,
    translate,
  };
  // Checked on submit (and one field on leaving it); a message goes when its field is edited.
  const form = useForm<RegisterValues, RegisterCheckContext>({
    resolver,
    context,
    // A field is in `fields` once typed in, as before: the confirmation is compared only then.
    defaultValues: { fields: {}, agreeTerms: true, confirm21: false },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [smsSent, setSmsSent] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  // Responsible-gaming limits asked at sign-up (issue 27), with suggestions the member may change or refuse.
  const [limits, setLimits] = useState<RegisterLimitsChoice>(SUGGESTED_LIMITS);
  const [limitsError, setLimitsError] = useState<string | undefined>(undefined);
  // Set in the same frame as the click, before React draws the busy button: a second click waits.
  const sending = useRef(false);

  // The dialog opened before the rules arrived, so it focused itself: hand focus to the first field.
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.getAttribute('role') === 'dialog' && active.contains(formRef.current)) {
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    }
  }, []);

  const setFieldError = (field: FieldPath<RegisterValues> | 'root.captcha', key: string, params?: MessageParams) =>
    form.setError(field, { type: 'validate', message: translate(key, params) });
  const focusFirstProblem = () => {
    // After React has drawn the messages: take the player to the first one.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const showIssues = (issues: readonly FieldIssue[]) => {
    form.clearErrors();
    const shown = new Set<string>();
    for (const issue of issues) {
      const path = registerErrorPath(issue.field, knownFields);
      if (path === null || shown.has(path)) continue;
      shown.add(path);
      setFieldError(path, issue.messageKey, issue.params);
    }
    focusFirstProblem();
  };

  /** On leaving a field: its own rule, and the confirmation once both passwords are typed. */
  const checkOne = (field: string) => {
    const rule = rules.find((candidate) => candidate.field === field);
    const values = form.getValues('fields');
    const value = values[field] ?? '';
    if (!rule || value === '') return;
    const result = validateField(value, rule);
    if (!result.ok) {
      const issue = clientFieldIssue(field, result);
      setFieldError(`fields.${field}`, issue.messageKey, issue.params);
    } else if (field === 'confirmPassword' && values.password !== undefined && value !== values.password) {
      setFieldError(`fields.${field}`, 'inconsistent_twice');
    }
  };

  const mobileForSms = () => {
    const normalized = normalizeBrMobile(form.getValues('fields.mobileNum') ?? '');
    if (!normalized) setFieldError('fields.mobileNum', 'invalid_mobile');
    return normalized;
  };

  const onSmsError = (error: unknown) => {
    setSmsSent(null);
    if (error === null) return;
    const issue = serverFieldIssues(error)?.[0];
    if (issue) setFieldError('fields.mobileNum', issue.messageKey, issue.params);
    else form.setError(SERVER_ERROR, { message: errorMessage(error) });
  };

  const onServerError = (error: unknown) => {
    // The server spends the captcha on every submission, right or wrong, whatever else failed.
    if (settings.captchaRequired) captcha.renew();
    const issues = serverFieldIssues(error);
    if (issues && issues.length > 0) {
      showIssues(issues);
      const unknown = issues.some((issue) => registerErrorPath(issue.field, knownFields) === null);
      if (unknown) form.setError(SERVER_ERROR, { message: errorMessage(error) });
      return;
    }
    form.setError(SERVER_ERROR, { message: errorMessage(error) });
  };

  const send = async (values: RegisterValues) => {
    if (sending.current) return;
    const chosenLimits = registrationLimitsOf(limits);
    if (!chosenLimits) {
      setLimitsError(t('account:limits.register.invalid'));
      return;
    }
    sending.current = true;
    setPhase('verifying');
    let botProof;
    try {
      botProof = await botCheck.take();
    } catch (error) {
      sending.current = false;
      setPhase('idle');
      // A network failure says so; anything else means the check itself could not finish.
      form.setError(SERVER_ERROR, { message: isApiError(error) ? errorMessage(error) : t('errors:auth.bot_check_failed') });
      botCheck.renew();
      return;
    }
    setPhase('sending');
    const answer = captcha.value();
    const state = { values: values.fields, code: values.fields.verificationCode ?? '', agreeTerms: values.agreeTerms, confirm21: values.confirm21, captchaAnswered: answer !== undefined };
    register.mutate(
      {
        method,
        fields: registerFields(state, settings, smsNeeded),
        botCheck: botProof,
        agreeTerms: values.agreeTerms,
        ...(answer ? { captcha: answer } : {}),
        ...(settings.confirm21 ? { confirm21: values.confirm21 } : {}),
        ...(referralCode ? { referralCode } : {}),
        limits: chosenLimits,
      },
      {
        onSuccess: (response) => completeLogin(response),
        onError: (error) => {
          sending.current = false;
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
    <form
      ref={formRef}
      className="login-form register-form"
      // handleSubmit is called in the handler: send and focusFirstProblem use refs, which render may not read.
      onSubmit={(event) => void form.handleSubmit(send, focusFirstProblem)(event)}
      noValidate
      data-method={method}
    >
      {rules.map((rule) => (
        <div key={rule.field} className="register-form__group">
          <Controller
            control={form.control}
            name={`fields.${rule.field}`}
            render={({ field, fieldState }) => (
              <RegisterField
                field={rule.field}
                rule={rule}
                value={field.value ?? ''}
                onChange={(value) => {
                  field.onChange(value);
                  form.clearErrors(field.name);
                }}
                onBlur={(event) => {
                  field.onBlur();
                  // Only when moving to another text box: a message appearing as the pointer goes down
                  // on a button or checkbox would shift it away before the click lands.
                  const next = event.relatedTarget;
                  if (next instanceof HTMLInputElement && next.type !== 'checkbox') checkOne(rule.field);
                }}
                error={fieldState.error?.message}
                birthdayMax={settings.birthdayMax}
                minAge={settings.minAge}
              />
            )}
          />
          {rule.field === 'mobileNum' && smsNeeded ? (
            <Controller
              control={form.control}
              name="fields.verificationCode"
              render={({ field, fieldState }) => (
                <RegisterField
                  field="verificationCode"
                  rule={{ required: true, minLength: 6, maxLength: 6 }}
                  value={field.value ?? ''}
                  onChange={(value) => {
                    field.onChange(value);
                    form.clearErrors(field.name);
                  }}
                  onBlur={() => field.onBlur()}
                  error={fieldState.error?.message}
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
              )}
            />
          ) : null}
        </div>
      ))}
      <RegisterLimits
        value={limits}
        onChange={(value) => {
          setLimits(value);
          setLimitsError(undefined);
        }}
        error={limitsError}
      />
      {settings.captchaRequired ? <CaptchaBox captcha={captcha} prefix="register" error={errors.root?.captcha?.message} /> : null}
      <RegisterCheckbox
        control={form.control}
        clearErrors={form.clearErrors}
        name="agreeTerms"
        label={
          <>
            {t('account:register.termsPrefix')}{' '}
            <Link to="/help#term" target="_blank" className="link-button link-button--accent">
              {t('account:register.termsLink')}
            </Link>
          </>
        }
      />
      {settings.confirm21 ? (
        <RegisterCheckbox control={form.control} clearErrors={form.clearErrors} name="confirm21" label={t('account:register.confirm21')} />
      ) : null}
      {phase === 'verifying' ? (
        <div className="bot-check" role="status" data-testid="register-bot-check">
          <span>{t('account:register.botChecking')}</span>
          <progress className="bot-check__bar" value={botCheck.progress} max={1} aria-label={t('account:register.botChecking')} />
        </div>
      ) : null}
      <FormAlert message={errors.root?.server?.message} data-testid="register-error" />
      <Button type="submit" variant="accent" block disabled={busy} aria-busy={busy} data-testid="register-submit">
        {phase === 'verifying' ? t('account:register.botChecking') : phase === 'sending' ? t('account:register.submitting') : t('account:register.submit')}
      </Button>
    </form>
  );
}
