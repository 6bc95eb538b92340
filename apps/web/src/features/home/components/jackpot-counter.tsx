import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinsIcon } from '@app/ui';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useJackpot } from '../api/jackpot.api.ts';
import './jackpot-counter.css';

/** Moves the shown amount to the new one over ~0.8 s (display only; the value is the server's). */
function useTween(target: string | undefined): string | undefined {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    if (target === undefined) return;
    const start = Number(from.current ?? target);
    const end = Number(target);
    if (!Number.isFinite(start) || start === end || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      from.current = target;
      setShown(target);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - began) / 800);
      const value = t >= 1 ? target : (start + (end - start) * t).toFixed(2);
      setShown(value);
      if (t < 1) frame = requestAnimationFrame(step);
      else from.current = target;
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

/** Home: the progressive jackpot's real pool (spec §2 jackpot counter, 2 decimals), live. */
export function JackpotCounter() {
  const { t, i18n } = useTranslation('home');
  const jackpot = useJackpot();
  const pool = jackpot.data?.pools[0];
  const shown = useTween(pool?.amount);
  if (!pool || shown === undefined) return null;
  const language = currentLanguage(i18n);
  return (
    <section className="jackpot" aria-label={t('jackpot.label')} data-testid="jackpot-counter">
      <span className="jackpot__icon" aria-hidden="true">
        <CoinsIcon size={28} />
      </span>
      <div className="jackpot__text">
        <span className="jackpot__name">{pool.names[language]}</span>
        <strong className="jackpot__amount" data-testid="jackpot-amount" data-amount={pool.amount}>
          R$ {formatMoney(shown, language)}
        </strong>
      </div>
      <p className="jackpot__note">{t('jackpot.note')}</p>
    </section>
  );
}
