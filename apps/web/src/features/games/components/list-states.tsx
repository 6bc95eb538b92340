import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, Button } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import './list-states.css';

/** A failed load in the player's words, with a way to try again. */
export function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('games');
  const errorMessage = useErrorMessage();
  return (
    <div className="games-state games-state--error" role="alert" data-testid="games-load-error">
      <AlertIcon size={22} />
      <p className="games-state__text">
        <strong>{t('list.loadFailed')}</strong> {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying} data-testid="games-retry">
        {t('list.retry')}
      </Button>
    </div>
  );
}

/** Nothing to show, said plainly, with the next step when there is one. */
export function EmptyList({ icon, title, text, action, testId }: { icon: ReactNode; title: string; text?: string; action?: ReactNode; testId: string }) {
  return (
    <div className="games-empty" data-testid={testId}>
      <span className="icon-disc games-empty__icon">{icon}</span>
      <p className="games-empty__title">{title}</p>
      {text ? <p className="games-empty__text">{text}</p> : null}
      {action}
    </div>
  );
}
