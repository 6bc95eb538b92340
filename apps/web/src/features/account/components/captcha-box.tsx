import { useTranslation } from 'react-i18next';
import { Button, RefreshIcon, Spinner, TextField } from '@app/ui';
import type { CaptchaState } from '../hooks/use-captcha.ts';

interface CaptchaBoxProps {
  captcha: CaptchaState;
  /** 'login' or 'register': the test ids are `<prefix>-captcha-image|input|refresh`. */
  prefix: string;
  error?: string | null;
}

/** The image captcha: the server's SVG (a data: URL), a throttled refresh and the answer. */
export function CaptchaBox({ captcha, prefix, error }: CaptchaBoxProps) {
  const { t } = useTranslation('account');
  const { challenge } = captcha;
  return (
    <TextField
      id={`${prefix}-captcha`}
      label={t('captcha.label')}
      requiredMark
      name="captcha"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={16}
      value={captcha.answer}
      onChange={(event) => captcha.setAnswer(event.target.value)}
      placeholder={t('captcha.placeholder')}
      error={error}
      errorTestId="field-error-captcha"
      data-testid={`${prefix}-captcha-input`}
      trailing={
        <>
          <span className="captcha-box__image" aria-live="polite">
            {challenge && !captcha.loading ? (
              <img src={challenge.image} alt={t('captcha.imageAlt')} width={120} height={40} data-testid={`${prefix}-captcha-image`} />
            ) : captcha.failed ? (
              <span className="captcha-box__failed">{t('captcha.failed')}</span>
            ) : (
              <Spinner label={t('captcha.loading')} size={18} />
            )}
          </span>
          <Button
            variant="outline"
            icon
            aria-label={t('captcha.refresh')}
            title={t('captcha.refresh')}
            disabled={captcha.coolingDown || captcha.loading}
            onClick={captcha.refresh}
            data-testid={`${prefix}-captcha-refresh`}
          >
            <RefreshIcon size={18} />
          </Button>
        </>
      }
    />
  );
}
