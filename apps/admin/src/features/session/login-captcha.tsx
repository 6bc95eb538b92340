import { useTranslation } from 'react-i18next';
import { TextField } from '@app/ui';
import './login-captcha.css';

export interface CaptchaChallenge {
  id: string;
  /** A data: URL of the SVG image (the server draws it; no text in the markup). */
  image: string;
}

/**
 * The captcha the server asks for after repeated failed logins for a username or from an
 * address (details.captchaRequired). Each image answers one attempt: the page fetches a new one
 * after every attempt that sent it.
 */
export function LoginCaptcha(props: { challenge: CaptchaChallenge | null; answer: string; onAnswer: (answer: string) => void; onRefresh: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="bo-login__captcha" data-testid="login-captcha-box">
      <p className="bo-muted">{t('login.captchaHint')}</p>
      <div className="bo-login__captcha-row">
        {props.challenge ? <img src={props.challenge.image} alt={t('login.captchaAlt')} width={160} height={60} data-testid="login-captcha-image" /> : null}
        <button type="button" className="bo-link" onClick={props.onRefresh} data-testid="login-captcha-refresh">
          {t('login.captchaRefresh')}
        </button>
      </div>
      <TextField
        label={t('login.captcha')}
        value={props.answer}
        onChange={(event) => props.onAnswer(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        data-testid="login-captcha"
      />
    </div>
  );
}
