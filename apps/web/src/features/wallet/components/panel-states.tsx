import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, Button, WalletIcon } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';

/** A failed load, in words the player can act on, with a way to try again. */
export function LoadFailed({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('wallet');
  const errorMessage = useErrorMessage();
  return (
    <div className="wallet-state wallet-state--error" role="alert" data-testid="wallet-load-failed">
      <AlertIcon size={22} />
      <p className="wallet-state__text">
        {t('common.loadFailed')} {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Nothing to list: said plainly, never padded with invented rows. */
export function EmptyState({ children, testId, icon }: { children: ReactNode; testId: string; icon?: ReactNode }) {
  return (
    <div className="wallet-state" data-testid={testId}>
      <span className="icon-disc wallet-state__icon">{icon ?? <WalletIcon size={22} />}</span>
      <p className="wallet-state__text">{children}</p>
    </div>
  );
}
