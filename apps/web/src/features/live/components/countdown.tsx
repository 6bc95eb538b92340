import { useTranslation } from 'react-i18next';
import type { LiveRoundView } from '@app/contracts';
import { remainingMs, secondsLeft, useLiveNow } from '../api/live-clock.ts';

/**
 * The betting window by the server's clock: a ring (or a bar, compact) that empties as the
 * window runs out, the seconds left in the middle. Outside the window it says what the round is
 * doing instead.
 */
export function LiveCountdown({ round, windowSeconds, compact = false, testId = 'live-countdown' }: { round: LiveRoundView | null; windowSeconds: number; compact?: boolean; testId?: string }) {
  const { t } = useTranslation('live');
  const betting = round?.phase === 'betting';
  const now = useLiveNow(200, betting);
  const left = betting && round ? remainingMs(round.bettingEndsAt, now) : 0;
  const seconds = betting && round ? secondsLeft(round.bettingEndsAt, now) : 0;
  const fraction = windowSeconds > 0 ? Math.min(1, left / (windowSeconds * 1000)) : 0;
  const urgent = betting && left > 0 && left <= 5_000;
  const className = ['live-countdown', compact ? 'live-countdown--bar' : 'live-countdown--ring', urgent ? 'is-urgent' : '', betting && left > 0 ? 'is-open' : 'is-closed'].filter(Boolean).join(' ');
  const label = betting && left > 0 ? t('countdown.secondsLeft', { count: seconds }) : t('countdown.closed');
  if (compact) {
    return (
      <span className={className} data-testid={testId} data-seconds={seconds} role="timer" aria-label={label}>
        <span className="live-countdown__track">
          <span className="live-countdown__fill" style={{ width: `${fraction * 100}%` }} />
        </span>
        <span className="live-countdown__text">{betting && left > 0 ? `${seconds}s` : t('countdown.closedShort')}</span>
      </span>
    );
  }
  const circumference = 2 * Math.PI * 26;
  return (
    <span className={className} data-testid={testId} data-seconds={seconds} role="timer" aria-label={label}>
      <svg viewBox="0 0 60 60" width="60" height="60" aria-hidden="true">
        <circle className="live-countdown__ring-track" cx="30" cy="30" r="26" />
        <circle className="live-countdown__ring-fill" cx="30" cy="30" r="26" strokeDasharray={circumference} strokeDashoffset={circumference * (1 - fraction)} transform="rotate(-90 30 30)" />
      </svg>
      <span className="live-countdown__seconds">{betting && left > 0 ? seconds : '–'}</span>
    </span>
  );
}
