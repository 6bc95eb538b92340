import { useTranslation } from 'react-i18next';
import { useNow } from '../../../../shared/hooks/use-now.ts';

/** Whole seconds left until `expiresAt` (never negative; an unreadable date counts as expired). */
export function secondsUntil(expiresAt: string, now: Date): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / 1000));
}

/** 299 → "04:59"; an hour or more keeps counting minutes ("75:00"). */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * mm:ss to the charge's expiry, ticking every second. The digits are a timer (not announced on
 * every tick); a polite live region speaks only at 5 and 1 minute left and when time is up.
 */
export function DepositCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('payments');
  const remaining = secondsUntil(expiresAt, useNow(1000));
  const threshold = remaining === 0 ? null : remaining <= 60 ? 1 : remaining <= 300 ? 5 : null;
  const announcement = remaining === 0 ? t('deposit.timeUp') : threshold === null ? '' : t('deposit.expiresSoon', { count: threshold });
  return (
    <div className={remaining === 0 ? 'deposit-countdown is-over' : 'deposit-countdown'}>
      <span className="deposit-countdown__label" aria-hidden="true">
        {t('deposit.expiresIn')}
      </span>
      <span role="timer" aria-label={t('deposit.timerLabel')} className="deposit-countdown__time" data-testid="deposit-countdown">
        {formatCountdown(remaining)}
      </span>
      <p
        className={remaining === 0 ? 'deposit-countdown__note' : 'ui-visually-hidden'}
        aria-live="polite"
        aria-atomic="true"
        data-testid="deposit-countdown-announcement"
      >
        {announcement}
      </p>
    </div>
  );
}
