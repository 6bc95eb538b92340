import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CaptchaResponseSchema, OperatorLoginResponseSchema, type OperatorLoginResponse } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { api, ApiError } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useSession } from '../../shared/session.tsx';
import { EnrolmentStep } from './enrolment-step.tsx';
import { LoginCaptcha, type CaptchaChallenge } from './login-captcha.tsx';

type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'enrol'; enrolmentToken: string };

/** The server asks for a captcha after repeated failures for a username or from an address. */
function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'auth.captcha_required' || error.code === 'auth.captcha_invalid' || error.details?.captchaRequired === true;
}

/**
 * Operator login: username and password, then the authenticator code (or a recovery code) in
 * the same request the server asks for; an operator without two-factor sets it up first.
 */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // What the operator types; the server's OperatorLoginRequestSchema checks what is sent (the
  // values stay when the step changes: the code is sent with the same username and password).
  const form = useForm<{ username: string; password: string; code: string }>({ defaultValues: { username: '', password: '', code: '' } });
  const [username, password, code] = useWatch({ control: form.control, name: ['username', 'password', 'code'] });
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [captchaOn, setCaptchaOn] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaChallenge | null>(null);
  const [captchaAnswer, setCaptchaAnswer] = useState('');

  async function renewCaptcha() {
    setCaptchaAnswer('');
    try {
      setCaptcha(await api('GET', '/api/captcha', { schema: CaptchaResponseSchema, token: null }));
    } catch (caught) {
      setError(caught);
    }
  }

  const submit = form.handleSubmit(async ({ username, password, code }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const second = step.kind === 'code' ? (useRecovery ? { recoveryCode: code } : { totp: code }) : {};
    const sentCaptcha = captchaOn && captcha ? { id: captcha.id, answer: captchaAnswer.trim() } : undefined;
    try {
      const body = { username, password, ...second, ...(sentCaptcha ? { captcha: sentCaptcha } : {}) };
      const answer: OperatorLoginResponse = await api('POST', '/api/backoffice/session', { body, schema: OperatorLoginResponseSchema, token: null });
      if (answer.status === 'authenticated') session.signIn(answer.token);
      else setStep({ kind: 'enrol', enrolmentToken: answer.enrolmentToken });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'backoffice.totp_required') setStep({ kind: 'code' });
      else setError(caught);
      // Right or wrong, a captcha that reached the server is spent; the next attempt needs a new one.
      if (sentCaptcha || (asksForCaptcha(caught) && !captchaOn)) void renewCaptcha();
      if (asksForCaptcha(caught)) setCaptchaOn(true);
    } finally {
      setBusy(false);
    }
  });

  if (step.kind === 'enrol') {
    return (
      <div className="bo-login">
        <EnrolmentStep enrolmentToken={step.enrolmentToken} onDone={session.signIn} onRestart={() => setStep({ kind: 'password' })} />
      </div>
    );
  }

  return (
    <div className="bo-login">
      <form className="bo-card bo-login__card" onSubmit={(event) => void submit(event)} noValidate data-testid="login-form">
        <h1 className="bo-login__title">{t('login.title')}</h1>
        {session.endedBecause === 'idle' ? <Alert tone="info">{t('login.endedIdle')}</Alert> : null}
        {session.endedBecause === 'expired' ? <Alert tone="info">{t('login.endedExpired')}</Alert> : null}
        {step.kind === 'password' ? (
          <>
            <TextField label={t('login.username')} {...form.register('username')} autoComplete="username" maxLength={64} required data-testid="login-username" />
            <TextField label={t('login.password')} type="password" {...form.register('password')} autoComplete="current-password" maxLength={128} required data-testid="login-password" />
          </>
        ) : (
          <>
            <p className="bo-muted">{useRecovery ? t('login.recoveryHint') : t('login.codeHint')}</p>
            <TextField
              label={useRecovery ? t('login.recoveryCode') : t('login.code')}
              {...form.register('code')}
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              maxLength={useRecovery ? 40 : 7}
              autoFocus
              data-testid="login-code"
            />
            <button type="button" className="bo-link" onClick={() => setUseRecovery(!useRecovery)} data-testid="login-use-recovery">
              {useRecovery ? t('login.useApp') : t('login.useRecovery')}
            </button>
          </>
        )}
        {captchaOn ? <LoginCaptcha challenge={captcha} answer={captchaAnswer} onAnswer={setCaptchaAnswer} onRefresh={() => void renewCaptcha()} /> : null}
        <ErrorLine error={error} testId="login-error" />
        <Button
          type="submit"
          block
          disabled={busy || username.trim() === '' || password === '' || (step.kind === 'code' && code.trim() === '') || (captchaOn && captchaAnswer.trim() === '')}
          data-testid="login-submit"
        >
          {step.kind === 'code' ? t('login.verify') : t('login.submit')}
        </Button>
        {step.kind === 'code' ? (
          <button type="button" className="bo-link" onClick={() => { setStep({ kind: 'password' }); form.setValue('code', ''); setError(null); }}>
            {t('login.back')}
          </button>
        ) : null}
      </form>
    </div>
  );
}
