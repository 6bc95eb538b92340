import { useEffect, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getToken } from '../../../shared/session-token.ts';
import { useAccountModals } from '../account-modals-context.tsx';

/*
 * /login and /register are entry points that open their modal over home. The layout keys /,
 * /login and /register alike, so home stays mounted underneath while the address changes.
 */

/** Spec: /login goes to / and opens the login popup (unless a session is already open). */
export function LoginRoute() {
  const { open } = useAccountModals();
  useEffect(() => {
    if (!getToken()) open({ kind: 'login' });
  }, [open]);
  return <Navigate to="/" replace />;
}

/** Spec: /register opens the register modal and reads ?referralCode (kept for the form). */
export function RegisterRoute({ children }: { children: ReactNode }) {
  const { open } = useAccountModals();
  const [params] = useSearchParams();
  const referralCode = params.get('referralCode');
  useEffect(() => open({ kind: 'register', referralCode }), [open, referralCode]);
  return children;
}
