import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, Button, Modal } from '@app/ui';
import { useLogout, useSession } from '../api/account.queries.ts';
import { useAccountModals } from '../account-modals-context.tsx';
import { markPasswordChangeRequired } from '../password-change-flag.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * Spec §4: after a login whose password expired. It cannot be dismissed (no X, no Escape, no
 * backdrop); the only ways out are a new password or signing out.
 */
export function ChangePasswordModal() {
  const { t } = useTranslation(['account', 'common']);
  const { close } = useAccountModals();
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  return (
    <Modal
      open
      dismissible={false}
      onClose={() => undefined}
      title={t('account:changePassword.title')}
      closeLabel={t('common:actions.close')}
      testId="modal-change-password"
    >
      <div className="account-form-stack">
        <Alert tone="info">{t('account:changePassword.forcedHint')}</Alert>
        <ChangePasswordForm
          account={session.member?.account}
          onChanged={() => {
            markPasswordChangeRequired(false);
            session.refresh();
            close();
            navigate('/');
          }}
        />
        <Button
          variant="ghost"
          block
          disabled={logout.isPending}
          data-testid="change-logout"
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => {
                close();
                navigate('/', { replace: true });
              },
            })
          }
        >
          {t('account:changePassword.logout')}
        </Button>
      </div>
    </Modal>
  );
}
