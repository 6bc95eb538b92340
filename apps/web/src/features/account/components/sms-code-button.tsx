import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { isApiError } from '../../../shared/api-client.ts';
import { useSendSmsCode } from '../api/registration.queries.ts';
import type { SmsCodeSent, SmsPurpose } from '../api/registration.api.ts';
import { formatCountdown, useCountdown } from '../hooks/use-countdown.ts';

interface SmsCodeButtonProps {
  purpose: SmsPurpose;
  /** The number to send to, or null when the field is not valid (the caller then says why). */
  mobile: () => string | null;
  testId: string;
  /**
   * Spec (forgot password): the code's clock started on the server, so the countdown loses half
   * the request's round trip to stay in step with it.
   */
  compensateRoundTrip?: boolean;
  onSent?: (sent: SmsCodeSent) => void;
  /** Called before each send with null, then with the error if the send fails. */
  onError: (error: unknown) => void;
}

/** "Send code", then disabled for the code's whole life (expiredMinutes × 60 s, spec). */
export function SmsCodeButton({ purpose, mobile, testId, compensateRoundTrip = false, onSent, onError }: SmsCodeButtonProps) {
  const { t } = useTranslation('account');
  const send = useSendSmsCode(purpose);
  const countdown = useCountdown();

  const onClick = () => {
    if (send.isPending || countdown.remaining > 0) return;
    onError(null);
    const number = mobile();
    if (number === null) return;
    const startedAt = performance.now();
    send.mutate(number, {
      onSuccess: (sent) => {
        const halfTrip = compensateRoundTrip ? (performance.now() - startedAt) / 2000 : 0;
        countdown.start(Math.max(1, Math.floor(sent.expiredMinutes * 60 - halfTrip)));
        onSent?.(sent);
      },
      onError: (error) => {
        // A code sent moments ago is still valid: wait as long as the server says.
        const retryAfter = isApiError(error) && error.code === 'rate.limited' ? Number(error.details?.retryAfterSeconds) : 0;
        if (retryAfter > 0) countdown.start(Math.ceil(retryAfter));
        onError(error);
      },
    });
  };

  const label =
    countdown.remaining > 0
      ? t('sms.resendIn', { time: formatCountdown(countdown.remaining) })
      : send.isPending
        ? t('sms.sending')
        : t('sms.send');
  return (
    <Button
      variant="outline"
      className="sms-code-button"
      disabled={send.isPending || countdown.remaining > 0}
      aria-busy={send.isPending}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
