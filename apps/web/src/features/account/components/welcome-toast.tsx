import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@app/ui';
import { useSession } from '../api/account.queries.ts';
import { displayNameOf } from '../api/account.types.ts';
import { dismissWelcomeNotice, useWelcomeNotice } from '../welcome-notice.ts';

const VISIBLE_MS = 8000;

/** A short, dismissible welcome after a first login; it promises nothing the site does not do. */
export function WelcomeToast() {
  const { t } = useTranslation(['account', 'common']);
  const kind = useWelcomeNotice();
  const { member } = useSession();

  useEffect(() => {
    if (!kind) return;
    const timer = window.setTimeout(dismissWelcomeNotice, VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [kind]);

  if (!kind) return null;
  const text = kind === 'trial' ? t('account:welcome.trial') : t('account:welcome.member', { name: member ? displayNameOf(member) : '' });
  return (
    <div className="welcome-toast" role="status" data-testid="welcome-toast">
      <span>{text}</span>
      <button type="button" className="welcome-toast__close" aria-label={t('common:actions.close')} onClick={dismissWelcomeNotice}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
