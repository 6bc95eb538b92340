import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isFlagEnabled } from '@app/contracts';
import { Modal, Tabs } from '@app/ui';
import { isApiError } from '../../../shared/api-client.ts';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import { useBootInfo } from '../../system/index.ts';
import { useLogin } from '../api/account.queries.ts';
import type { LoginInput } from '../api/account.types.ts';
import { useAccountModals } from '../account-modals-context.tsx';
import { useCaptcha } from '../hooks/use-captcha.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { CaptchaBox } from './captcha-box.tsx';
import { LoginDeviceStep } from './login-device-step.tsx';
import { LoginForm } from './login-form.tsx';
import { LoginSmsForm } from './login-sms-form.tsx';
import { GroupBanner } from '../../content/index.ts';
import { TrialButton } from './trial-button.tsx';

type LoginTab = 'username' | 'sms';

/** Spec: a login is sent at most once per second, however fast the button is pressed. */
const LOGIN_THROTTLE_MS = 1000;

/** The server shows the captcha from the third failure on, and says so in these answers. */
function asksForCaptcha(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'auth.captcha_required' || error.code === 'auth.captcha_invalid' || error.details?.captchaRequired === true;
}

export function LoginModal() {
  const { t } = useTranslation(['account', 'common']);
  const { close, open } = useAccountModals();
  const boot = useBootInfo();
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const completeLogin = useCompleteLogin();
  const login = useLogin();
  const smsLogin = isFlagEnabled(boot.whitelabel, 'MOBILENUMREG3');
  const [tab, setTab] = useState<LoginTab>('username');
  const [captchaOn, setCaptchaOn] = useState(false);
  const captcha = useCaptcha('login', captchaOn);
  // The credentials wait here (memory only) while the player fetches the new-device code.
  const [device, setDevice] = useState<{ input: LoginInput; mobile: string } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const lastAttempt = useRef(0);
  const queued = useRef<number | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  const pending = login.isPending || waiting;

  useEffect(() => () => window.clearTimeout(queued.current), []);

  const send = (input: LoginInput, answer: { id: string; answer: string } | undefined) => {
    lastAttempt.current = Date.now();
    setWaiting(false);
    login.mutate(answer ? { ...input, captcha: answer } : input, {
      onSuccess: (response) => completeLogin(response, { viaSms: input.type === 'sms' }),
      onError: (error) => {
        // Right or wrong, an answered captcha is spent.
        if (answer) captcha.renew();
        if (asksForCaptcha(error)) setCaptchaOn(true);
        if (isApiError(error) && error.code === 'auth.new_device_verification') {
          setDevice({ input: { ...input, verificationCode: undefined }, mobile: String(error.details?.mobile ?? '') });
        }
      },
    });
  };

  const attempt = (input: LoginInput) => {
    if (login.isPending || waiting) return;
    const answer = captchaOn ? captcha.value() : undefined;
    if (captchaOn && !answer) {
      setLocalError(validationMessage('enter_captcha'));
      return;
    }
    setLocalError(null);
    // A press within a second of the last login waits for the second to pass rather than being
    // dropped, so a quick retry after an error still goes out (once).
    const wait = lastAttempt.current + LOGIN_THROTTLE_MS - Date.now();
    if (wait <= 0) {
      send(input, answer);
      return;
    }
    setWaiting(true);
    queued.current = window.setTimeout(() => send(input, answer), wait);
  };

  const shownError =
    localError ??
    (login.error && !(isApiError(login.error) && login.error.code === 'auth.new_device_verification') ? errorMessage(login.error) : null);
  const captchaBox = captchaOn ? <CaptchaBox captcha={captcha} prefix="login" /> : null;

  const switchTab = (next: LoginTab) => {
    setTab(next);
    setLocalError(null);
    login.reset();
  };

  return (
    <Modal open onClose={close} title={t('account:login.title')} closeLabel={t('common:actions.close')} testId="modal-login">
      <GroupBanner group="w_login" className="account-modal-banner" testId="login-banner" onFollow={close} />
      {device ? (
        <LoginDeviceStep
          mobile={device.mobile}
          pending={pending}
          serverError={shownError}
          extra={captchaBox}
          onSubmit={(code) => attempt({ ...device.input, verificationCode: code })}
          onBack={() => {
            setDevice(null);
            setLocalError(null);
            login.reset();
          }}
        />
      ) : (
        <div className="account-form-stack">
          {smsLogin ? (
            <Tabs
              label={t('account:login.methodsLabel')}
              value={tab}
              onChange={switchTab}
              items={[
                { id: 'username', label: t('account:login.tabs.username'), testId: 'login-tab-username' },
                { id: 'sms', label: t('account:login.tabs.sms'), testId: 'login-tab-sms' },
              ]}
            />
          ) : null}
          {tab === 'sms' && smsLogin ? (
            <LoginSmsForm pending={pending} serverError={shownError} extra={captchaBox} onSubmit={attempt} />
          ) : (
            <LoginForm
              idPrefix="login"
              submitLabel={t('account:login.submit')}
              pending={pending}
              serverError={shownError}
              extra={captchaBox}
              onSubmit={attempt}
            />
          )}
        </div>
      )}
      {login.error && isApiError(login.error) && login.error.code === 'auth.account_unavailable' ? (
        // Issue 27: a member who may not log in (cool-off, self-exclusion, closed) can still take the balance out.
        <p className="login-links" data-testid="login-unavailable">
          <Link to="/withdraw-balance" className="link-button link-button--accent" onClick={close} data-testid="login-withdraw-balance">
            {t('account:exclusion.withdraw.link')}
          </Link>
        </p>
      ) : null}
      <div className="login-links">
        <button type="button" className="link-button" onClick={() => open({ kind: 'forgot' })} data-testid="forgot-link">
          {t('account:login.forgot')}
        </button>
        <TrialButton />
      </div>
      <div className="login-links login-links--center">
        <span className="login-links__register">
          {t('account:login.noAccount')}{' '}
          <button
            type="button"
            className="link-button link-button--accent"
            onClick={() => open({ kind: 'register', referralCode: null })}
            data-testid="register-link"
          >
            {t('account:login.register')}
          </button>
        </span>
      </div>
    </Modal>
  );
}
