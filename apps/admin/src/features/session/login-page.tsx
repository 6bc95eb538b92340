import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OperatorLoginResponseSchema, type OperatorLoginResponse } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { api, ApiError } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useSession } from '../../shared/session.tsx';
import { EnrolmentStep } from './enrolment-step.tsx';

type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'enrol'; enrolmentToken: string };

/**
 * Operator login: username and password, then the authenticator code (or a recovery code) in
 * the same request the server asks for; an operator without two-factor sets it up first.
 */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const second = step.kind === 'code' ? (useRecovery ? { recoveryCode: code } : { totp: code }) : {};
    try {
      const answer: OperatorLoginResponse = await api('POST', '/api/backoffice/session', { body: { username, password, ...second }, schema: OperatorLoginResponseSchema, token: null });
      if (answer.status === 'authenticated') session.signIn(answer.token);
      else setStep({ kind: 'enrol', enrolmentToken: answer.enrolmentToken });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'backoffice.totp_required') setStep({ kind: 'code' });
      else setError(caught);
    } finally {
      setBusy(false);
    }
  }

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
            <TextField label={t('login.username')} value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" maxLength={64} required data-testid="login-username" />
            <TextField label={t('login.password')} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" maxLength={128} required data-testid="login-password" />
          </>
        ) : (
          <>
            <p className="bo-muted">{useRecovery ? t('login.recoveryHint') : t('login.codeHint')}</p>
            <TextField
              label={useRecovery ? t('login.recoveryCode') : t('login.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
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
        <ErrorLine error={error} testId="login-error" />
        <Button type="submit" block disabled={busy || username.trim() === '' || password === '' || (step.kind === 'code' && code.trim() === '')} data-testid="login-submit">
          {step.kind === 'code' ? t('login.verify') : t('login.submit')}
        </Button>
        {step.kind === 'code' ? (
          <button type="button" className="bo-link" onClick={() => { setStep({ kind: 'password' }); setCode(''); setError(null); }}>
            {t('login.back')}
          </button>
        ) : null}
      </form>
    </div>
  );
}
