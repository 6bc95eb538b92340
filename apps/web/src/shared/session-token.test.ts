import { describe, expect, it } from 'vitest';
import { getToken, takeHandoffFromUrl } from './session-token.ts';
import { reconnectDelay } from './ws-client.ts';

describe('session token', () => {
  it('no longer adopts ?token= from the address (links carry a hand-off code): it only strips it', () => {
    window.history.replaceState(null, '', '/member?token=abc123&tab=withdraw#top');
    expect(takeHandoffFromUrl()).toBeNull();
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(window.location.search).toBe('?tab=withdraw');
    expect(window.location.hash).toBe('#top');
    window.history.replaceState(null, '', '/');
  });

  it('treats a blank stored token as no session', () => {
    sessionStorage.setItem('token', '  ');
    expect(getToken()).toBeNull();
  });
});

describe('realtime reconnect backoff', () => {
  it('grows exponentially with jitter and is capped at 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});
