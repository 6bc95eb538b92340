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

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/**
 * A `?token=` in the address (hand-off from another site or app) becomes the session token.
 * It is removed from the address at once so that it is not bookmarked, shared or logged.
 */
export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(TOKEN_KEY);
  if (!token) return;
  setToken(token);
  url.searchParams.delete(TOKEN_KEY);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
