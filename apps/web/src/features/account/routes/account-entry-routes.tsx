import { useEffect, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getToken } from '../../../shared/session-token.ts';
import { useSession } from '../api/account.queries.ts';
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

/**
 * Spec: /register opens the register modal and reads ?referralCode (kept for the form). A logged-in
 * member already has an account and goes home; a trial account may still register a real one.
 * Nothing opens while the session's member is loading, so a member never sees the form flash.
 */
export function RegisterRoute({ children }: { children: ReactNode }) {
  const { open } = useAccountModals();
  const { isLoggedIn, isTrial, isResolving } = useSession();
  const [params] = useSearchParams();
  const referralCode = params.get('referralCode');
  const hasAccount = isLoggedIn && !isTrial;
  useEffect(() => {
    if (!isResolving && !hasAccount) open({ kind: 'register', referralCode });
  }, [open, referralCode, isResolving, hasAccount]);
  if (hasAccount) return <Navigate to="/" replace />;
  return children;
}
