import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrashHistoryEntry } from '@app/contracts';
import { hundredthsOf } from './crash-clock.ts';
import { useCrashFormat } from './crash-format.ts';

/** Below 2× most targets lose; from 10× the round is a rare one: three colours tell them apart at a glance. */
export function crashPointTier(crashPoint: string): 'low' | 'mid' | 'high' {
  const hundredths = hundredthsOf(crashPoint);
  return hundredths < 200 ? 'low' : hundredths < 1_000 ? 'mid' : 'high';
}

/** The last crash points, newest first; each opens its verification on the fairness page. */
export function CrashHistory({ history }: { history: readonly CrashHistoryEntry[] }) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  return (
    <div className="crash-history">
      <span className="mini-label">{t('crash.history.title')}</span>
      {history.length === 0 ? (
        <p className="mini-history__empty">{t('crash.history.empty')}</p>
      ) : (
        <ol className="crash-history__list" aria-label={t('crash.history.title')} data-testid="crash-history">
          {history.map((entry) => (
            <li key={entry.id}>
              <Link
                to={`/fairness?crash=${encodeURIComponent(entry.id)}`}
                className={`crash-chip crash-chip--${crashPointTier(entry.crashPoint)}`}
                title={t('crash.history.verify', { id: entry.id })}
                aria-label={t('crash.history.verifyLabel', { id: entry.id, multiplier: format.multiplierText(entry.crashPoint) })}
                data-testid="crash-history-item"
                data-round={entry.id}
              >
                {format.multiplierText(entry.crashPoint)}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
