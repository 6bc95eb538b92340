import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@app/ui';
import { useAccountModals } from '../account-modals-context.tsx';

/** Spec §5: 'Registre uma conta primeiro', and OK opens registration. */
export function TrialRefusedDialog() {
  const { t } = useTranslation(['account', 'common']);
  const { close, open } = useAccountModals();
  return (
    <ConfirmDialog
      open
      title={t('account:trial.refusedTitle')}
      message={t('account:trial.refusedMessage')}
      confirmLabel={t('common:actions.ok')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      testId="trial-refused-dialog"
      onCancel={close}
      onConfirm={() => open({ kind: 'register', referralCode: null })}
    />
  );
}
