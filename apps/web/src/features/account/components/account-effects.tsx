import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../api/account.queries.ts';
import { useAccountModals } from '../account-modals-context.tsx';
import { isPasswordChangeRequired } from '../password-change-flag.ts';

/** The reset token is 43 base64url characters; anything else is not worth a dialog. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Account entry points that arrive with the page rather than a click: the e-mailed reset link
 * (/?resetToken=…, taken out of the address at once so it is not bookmarked or shared) and a
 * forced password change still pending from before a reload.
 */
export function AccountEffects() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { token, member } = useSession();
  const { modal, open } = useAccountModals();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const resetToken = params.get('resetToken');
    if (resetToken === null) return;
    params.delete('resetToken');
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    if (RESET_TOKEN.test(resetToken)) open({ kind: 'resetPassword', token: resetToken });
  }, [pathname, search, hash, navigate, open]);

  useEffect(() => {
    // The server holds the flag too (member info), so another tab or device cannot skip it.
    const required = member?.passwordExpired === true || isPasswordChangeRequired();
    if (token && modal === null && required) open({ kind: 'changePassword' });
  }, [token, member, modal, open]);

  return null;
}
