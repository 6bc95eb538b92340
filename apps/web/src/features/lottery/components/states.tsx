import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';

/** A read that failed: what went wrong, translated, and a retry. */
export function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('lottery');
  const message = useErrorMessage();
  return (
    <div className="lt-state lt-state--error" role="alert" data-testid="lt-load-error">
      <p>{message(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>{t('state.retry')}</Button>
    </div>
  );
}
