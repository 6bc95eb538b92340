import type { MouseEvent } from 'react';
import { useSession } from '../api/account.queries.ts';
import { useAccountModals } from '../account-modals-context.tsx';

/**
 * Spec §5: a trial account that reaches for the member area, deposit or withdrawal gets the
 * 'Registre uma conta primeiro' dialog instead. Use as a link's onClick.
 */
export function useTrialGuard(): (event: MouseEvent) => void {
  const { isTrial } = useSession();
  const { open } = useAccountModals();
  return (event) => {
    if (!isTrial) return;
    event.preventDefault();
    open({ kind: 'trialRefused' });
  };
}
