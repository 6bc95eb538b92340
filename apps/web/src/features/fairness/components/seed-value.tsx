import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { useCopy } from '../../../shared/hooks/use-copy.ts';

interface SeedValueProps {
  label: string;
  value: string;
  testId?: string;
  /** Seeds and hashes in monospace, wrapping anywhere; plain text otherwise. */
  mono?: boolean;
  copyable?: boolean;
  hint?: string;
}

/** One labelled value of the seed pair; long hex strings wrap instead of widening the page. */
export function SeedValue({ label, value, testId, mono = true, copyable, hint }: SeedValueProps) {
  const { t } = useTranslation('fairness');
  const valueId = useId();
  const { feedback, copy } = useCopy(valueId);

  return (
    <div className="stack stack--gap-1">
      <dt className="seed-value__label">{label}</dt>
      <dd className="seed-value__body">
        <span className="seed-value__row">
          <span id={valueId} className={mono ? 'seed-value__text is-mono' : 'seed-value__text'} data-testid={testId}>
            {value}
          </span>
          {copyable ? (
            <Button variant="outline" size="sm" onClick={() => void copy(value)} aria-label={t('active.copyLabel')} data-testid={testId ? `${testId}-copy` : undefined}>
              {t('active.copy')}
            </Button>
          ) : null}
        </span>
        {copyable ? (
          <span className={feedback === 'failed' ? 'seed-value__feedback is-failed' : 'seed-value__feedback'} role="status">
            {feedback === 'copied' ? t('active.copied') : feedback === 'failed' ? t('active.copyFailed') : null}
          </span>
        ) : null}
        {hint ? <span className="seed-value__hint">{hint}</span> : null}
      </dd>
    </div>
  );
}
