import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@app/ui';
import { useLogout } from '../api/account.queries.ts';

interface LogoutConfirmProps {
  open: boolean;
  onCancel: () => void;
  /** Players go home, agents back to the agent login (spec §2). */
  redirectTo: '/' | '/agent';
}

export function LogoutConfirm({ open, onCancel, redirectTo }: LogoutConfirmProps) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <ConfirmDialog
      open={open}
      title={t('account:logout.title')}
      message={t('account:logout.message')}
      confirmLabel={t('account:logout.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      busy={logout.isPending}
      onCancel={onCancel}
      onConfirm={() =>
        logout.mutate(undefined, {
          onSettled: () => {
            onCancel();
            navigate(redirectTo, { replace: true });
          },
        })
      }
    />
  );
}
