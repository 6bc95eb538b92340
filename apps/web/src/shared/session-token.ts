import { useSyncExternalStore } from 'react';

/**
 * The session token lives in sessionStorage under `token` (spec §3), so it ends with the tab.
 * A tiny external store lets guards and the header re-render when it changes.
 */
const TOKEN_KEY = 'token';
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    const value = sessionStorage.getItem(TOKEN_KEY);
    return value && value.trim() ? value : null;
  } catch {
    // Storage can be disabled (private modes, strict cookie settings): behave as a visitor.
    return null;
  }
}

export function setToken(token: string): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, token);
  } finally {
    emit();
  }
}

export function clearToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } finally {
    emit();
  }
}

/** Logout clears all of session storage (spec §4), not only the token. */
export function clearSessionStorage(): void {
  try {
    sessionStorage.clear();
  } finally {
    emit();
  }
}

/** Requests of this tab in flight that may end its own session, and what waits for them. */
let ownEndings = 0;
const heldUntilSettled: Array<() => void> = [];
/** How long the page that asked has to react to the answer before what was held runs. */
const SETTLE_MS = 1000;

/**
 * Runs a request of this tab that may end its own session (a cool-off, a self-exclusion, closing
 * the account, the limits status poll that ends a session past its time limit). Meanwhile the
 * server's news that the session ended — /ws `auth.failed`, a 401 on member info — is held
 * (whenOwnSessionRequestsSettle) until a moment after the answer: the page that sent the request
 * leads the way out (exclusion → /withdraw-balance, the session-time screen), rather than a guard
 * sending the tab home halfway because the server announced the end before it answered. Then what
 * was held runs, so a session ended elsewhere meanwhile still ends here.
 */
export async function endingOwnSession<T>(request: () => Promise<T>): Promise<T> {
  ownEndings += 1;
  try {
    return await request();
  } finally {
    setTimeout(() => {
      ownEndings -= 1;
      if (ownEndings === 0) for (const held of heldUntilSettled.splice(0)) held();
    }, SETTLE_MS);
  }
}

/** Runs `action` now, or once this tab's own session-ending requests have settled (endingOwnSession). */
export function whenOwnSessionRequestsSettle(action: () => void): void {
  if (ownEndings === 0) action();
  else heldUntilSettled.push(action);
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** The address parameter that carries a session hand-off code (accounts: POST /api/session/handoff). */
export const HANDOFF_PARAM = 'handoff';

/**
 * Takes a hand-off code out of the address and removes it, with any legacy `?token=`, from the
 * address and the current history entry at once, before anything else reads the URL: neither may
 * be bookmarked, shared, logged or replayed with Back. A `?token=` is no longer adopted: a link
 * carrying a session token could silently replace the session of whoever opened it, so links
 * carry a single-use code instead, and the app asks before it replaces a live session.
 */
export function takeHandoffFromUrl(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(HANDOFF_PARAM);
  if (code === null && !url.searchParams.has(TOKEN_KEY)) return null;
  url.searchParams.delete(HANDOFF_PARAM);
  url.searchParams.delete(TOKEN_KEY);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code && code.trim() ? code.trim() : null;
}
