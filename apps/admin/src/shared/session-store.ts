/**
 * The operator's bearer token lives in sessionStorage: it dies with the tab, is never shared with
 * the player site's storage, and the server ends it after 30 idle minutes anyway.
 */
const TOKEN_KEY = 'backoffice.token';

function readItem(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Without storage the value lasts until the page reloads. */
function writeItem(key: string, value: string | null): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Nothing to keep it in.
  }
}

export function readToken(): string | null {
  return readItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  writeItem(TOKEN_KEY, token);
}

export type SessionEndReason = 'expired' | 'idle' | 'logout';
const ENDED_KEY = 'backoffice.endedBecause';

/**
 * Why this tab's last session ended, kept beside the token: a session ended by the server (an
 * owner disabled the operator or reset its access) is often noticed by a background request, and
 * a reload right after must still tell the operator why it is at the login.
 */
export function readEndedBecause(): SessionEndReason | null {
  const value = readItem(ENDED_KEY);
  return value === 'expired' || value === 'idle' || value === 'logout' ? value : null;
}

export function storeEndedBecause(reason: SessionEndReason | null): void {
  writeItem(ENDED_KEY, reason);
}
