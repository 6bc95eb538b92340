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
