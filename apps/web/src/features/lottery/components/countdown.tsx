import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../api/server-clock.ts';

/** "4:05", "1:02:09": what is left before `closesAt`, never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * A live countdown to a draw's close on the server's clock. At zero it shows the draw as closed
 * and calls `onClosed` once (the betting page then asks for the next draw).
 */
export function Countdown({ closesAt, onClosed, compact = false }: { closesAt: string; onClosed?: () => void; compact?: boolean }) {
  const { t } = useTranslation('lottery');
  const now = useServerNow(1000);
  const left = Date.parse(closesAt) - now;
  const closed = left <= 0;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (closed && reported.current !== closesAt) {
      reported.current = closesAt;
      onClosed?.();
    }
  }, [closed, closesAt, onClosed]);
  const urgent = !closed && left < 30_000;
  return (
    <span className={['lt-countdown', closed ? 'is-closed' : '', urgent ? 'is-urgent' : '', compact ? 'is-compact' : ''].filter(Boolean).join(' ')} data-testid="lt-countdown" role="timer" aria-live="off">
      {closed ? t('draw.closed') : compact ? formatRemaining(left) : t('draw.closesIn', { time: formatRemaining(left) })}
    </span>
  );
}
