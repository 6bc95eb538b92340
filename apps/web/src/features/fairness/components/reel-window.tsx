import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n.ts';
import { symbolLabel } from '../symbols.ts';
import './reel-window.css';

interface ReelWindowProps {
  machine: string;
  /** window[reel][row], symbol ids, row 0 on top. */
  window: readonly (readonly string[])[];
  testId?: string;
}

/** The 5×3 reel window with each symbol by name (the wild and the scatter marked). */
export function ReelWindow({ machine, window, testId }: ReelWindowProps) {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  return (
    <div className="reel-window" role="group" aria-label={t('result.window')} data-testid={testId}>
      {window.map((reel, reelIndex) => (
        <ol key={reelIndex} className="reel-window__reel" aria-label={t('result.reel', { n: reelIndex + 1 })}>
          {reel.map((id, row) => {
            const label = symbolLabel(machine, id, language);
            const kind = label.kind === 'wild' ? t('result.wild') : label.kind === 'scatter' ? t('result.scatter') : null;
            return (
              <li key={row} className={`reel-window__cell reel-window__cell--${label.kind}`} data-symbol={id} title={kind ? `${label.name} (${kind})` : label.name}>
                <span className="reel-window__name">{label.name}</span>
                {kind ? <span className="reel-window__kind">{kind}</span> : null}
              </li>
            );
          })}
        </ol>
      ))}
    </div>
  );
}
