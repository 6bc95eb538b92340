import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission, OperatorSessionResponseSchema, type Operator, type OperatorPermission } from '@app/contracts';
import { api, onSessionLost } from './api.ts';
import { readEndedBecause, readToken, storeEndedBecause, storeToken } from './session-store.ts';

interface SessionValue {
  operator: Operator | null;
  mustChangePassword: boolean;
  loading: boolean;
  /** Why the last session ended, for the login page: `expired` (server), `idle` (this tab), `logout`. */
  endedBecause: 'expired' | 'idle' | 'logout' | null;
  signIn(token: string): void;
  signOut(reason: 'expired' | 'idle' | 'logout'): void;
  can(permission: OperatorPermission | null): boolean;
}

const SessionContext = createContext<SessionValue | null>(null);
const SESSION_KEY = ['backoffice', 'session'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(readToken);
  const [endedBecause, setEndedBecause] = useState<SessionValue['endedBecause']>(readEndedBecause);
  const session = useQuery({
    queryKey: [...SESSION_KEY, token],
    queryFn: ({ signal }) => api('GET', '/api/backoffice/session', { schema: OperatorSessionResponseSchema, signal }),
    enabled: token !== null,
    retry: false,
    staleTime: 60_000,
  });

  const signOut = useCallback(
    (reason: 'expired' | 'idle' | 'logout') => {
      const current = readToken();
      storeToken(null);
      setToken(null);
      storeEndedBecause(reason);
      setEndedBecause(reason);
      queryClient.clear();
      // Ends the session on the server too; after an expiry there is nothing left to end.
      if (current && reason !== 'expired') void api('DELETE', '/api/backoffice/session', { token: current }).catch(() => undefined);
    },
    [queryClient],
  );
  const signIn = useCallback((next: string) => {
    storeToken(next);
    storeEndedBecause(null);
    setEndedBecause(null);
    setToken(next);
  }, []);

  useEffect(() => onSessionLost(() => signOut('expired')), [signOut]);
  useEffect(() => {
    // The session query is the outside world here: its failure ends the session, which also
    // clears the stored token and the query cache, so this cannot be derived during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (session.isError) signOut('expired');
  }, [session.isError, signOut]);

  const value = useMemo<SessionValue>(() => {
    const operator = token ? (session.data?.operator ?? null) : null;
    return {
      operator,
      mustChangePassword: session.data?.mustChangePassword ?? false,
      loading: token !== null && session.isPending,
      endedBecause,
      signIn,
      signOut,
      can: (permission) => operator !== null && (permission === null || hasPermission(operator.role, permission)),
    };
  }, [token, session.data, session.isPending, endedBecause, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** After the password change the session answer says so: read it again. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}
