/**
 * The operator's bearer token lives in sessionStorage: it dies with the tab, is never shared with
 * the player site's storage, and the server ends it after 30 idle minutes anyway.
 */
const TOKEN_KEY = 'backoffice.token';

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Without storage the session lasts until the page reloads.
  }
}

export type SessionEndReason = 'expired' | 'idle' | 'logout';
const ENDED_KEY = 'backoffice.endedBecause';

/**
 * Why this tab's last session ended, kept beside the token: a session ended by the server (an
 * owner disabled the operator or reset its access) is often noticed by a background request, and
 * a reload right after must still tell the operator why it is at the login.
 */
export function readEndedBecause(): SessionEndReason | null {
  try {
    const value = sessionStorage.getItem(ENDED_KEY);
    return value === 'expired' || value === 'idle' || value === 'logout' ? value : null;
  } catch {
    return null;
  }
}

export function storeEndedBecause(reason: SessionEndReason | null): void {
  try {
    if (reason) sessionStorage.setItem(ENDED_KEY, reason);
    else sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // Without storage the reason lasts until the page reloads.
  }
}
