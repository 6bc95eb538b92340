import { Navigate, Outlet } from 'react-router';
import { useSessionToken } from '../../../shared/session-token.ts';

/** Spec §2: a login-required route sends a visitor without a session token to /login. */
export function RequireSession() {
  const token = useSessionToken();
  if (!token) return <Navigate to="/login" replace />;
  return <Outlet />;
}
