import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@app/ui';
import { errorCodeOf } from '../../../shared/error-message.ts';
import { useAccountModals } from '../account-modals-context.tsx';

export const AGE_UNVERIFIED_CODE = 'member.age_unverified';
/** The identity form in the security centre (identity-card.tsx). */
export const IDENTITY_FORM_PATH = '/member?tab=securityCenter#identity';

/**
 * Whichever money path refused (deposit, withdrawal, a game launched for money), the player is
 * told why and offered the identity form, instead of a bare error where the action failed.
 */
export function useAgeRefusalWatcher(): void {
  const queryClient = useQueryClient();
  const { open } = useAccountModals();
  useEffect(() => {
    const refused = (error: unknown) => errorCodeOf(error) === AGE_UNVERIFIED_CODE;
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refused(event.action.error)) open({ kind: 'ageUnverified' });
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refused(event.action.error)) open({ kind: 'ageUnverified' });
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, open]);
}

export function AgeUnverifiedDialog() {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const { close } = useAccountModals();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open
      title={t('account:ageUnverified.title')}
      message={t('errors:member.age_unverified')}
      confirmLabel={t('account:ageUnverified.complete')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      testId="age-unverified-dialog"
      onCancel={close}
      onConfirm={() => {
        close();
        void navigate(IDENTITY_FORM_PATH);
      }}
    />
  );
}
