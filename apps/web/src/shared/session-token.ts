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

/** Requests of this tab in flight that end its own session when they succeed. */
let ownEndings = 0;

/**
 * Runs a request of this tab that ends its own session when it succeeds (a cool-off, a
 * self-exclusion, closing the account). While it runs, the server's news that the session ended —
 * /ws `auth.failed`, a 401 on member info — is this tab's own doing and is left alone: the page
 * that sent the request leads the way out (exclusion → /withdraw-balance), rather than a guard
 * sending the tab home halfway because the server announced the end before it answered.
 */
export async function endingOwnSession<T>(request: () => Promise<T>): Promise<T> {
  ownEndings += 1;
  try {
    return await request();
  } finally {
    // One more turn: the caller's onSuccess navigates right after the answer.
    setTimeout(() => (ownEndings -= 1), 0);
  }
}

export function isEndingOwnSession(): boolean {
  return ownEndings > 0;
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
