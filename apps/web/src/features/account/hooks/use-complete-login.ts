import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setToken } from '../../../shared/session-token.ts';
import { markFirstLogin } from '../../content/index.ts';
import { memberInfoQueryOptions } from '../api/account.queries.ts';
import type { LoginResponse } from '../api/account.types.ts';
import { useAccountModals } from '../account-modals-context.tsx';
import { markPasswordChangeRequired } from '../password-change-flag.ts';
import { showWelcomeNotice } from '../welcome-notice.ts';

export interface CompleteLoginOptions {
  /** SMS logins never force a password change (there was no password to expire). */
  viaSms?: boolean;
  trial?: boolean;
}

/**
 * What every way in ends with (login, SMS login, registration, reset by SMS, trial): keep the
 * token, load member info (which marks the player logged in), go home, and either close the
 * modal or switch it to the forced password change.
 */
export function useCompleteLogin(): (response: LoginResponse, options?: CompleteLoginOptions) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { open, close } = useAccountModals();
  return useCallback(
    (response, options = {}) => {
      const mustChange = response.passwordExpired && !options.viaSms;
      // Before the token: the announcement host must already know this is a first login (spec §4
      // execution F) when the session turns into a member's.
      if (response.firstTimeLogin) markFirstLogin();
      setToken(response.token);
      markPasswordChangeRequired(mustChange);
      void queryClient.prefetchQuery(memberInfoQueryOptions(response.token));
      navigate('/');
      if (mustChange) {
        open({ kind: 'changePassword' });
        return;
      }
      close();
      if (response.firstTimeLogin) showWelcomeNotice(options.trial ? 'trial' : 'member');
    },
    [queryClient, navigate, open, close],
  );
}
