import { useTranslation } from 'react-i18next';
import { AlertIcon, CloseIcon } from '@app/ui';
import { dismissGameToast, useGameToasts } from '../toast-store.ts';
import './game-toasts.css';

/** Mounted once by the shell: errors of game actions that have no form to show them in. */
export function GameToasts() {
  const { t } = useTranslation('common');
  const toasts = useGameToasts();
  if (toasts.length === 0) return null;
  return (
    <div className="game-toasts" aria-live="assertive">
      {toasts.map((toast) => (
        <div key={toast.id} className="game-toast" role="alert" data-testid="game-toast">
          <AlertIcon size={18} />
          <span className="game-toast__text">{toast.message}</span>
          <button type="button" className="ghost-button game-toast__close" aria-label={t('actions.close')} onClick={() => dismissGameToast(toast.id)}>
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
