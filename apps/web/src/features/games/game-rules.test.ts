import { afterEach, describe, expect, it } from 'vitest';
import { gameAccent, vendorAccent } from './accent.ts';
import { isSafeLaunchUrl } from './launch-url.ts';
import { createKeyedThrottle } from './throttle.ts';

describe('accent colours (spec §4)', () => {
  afterEach(() => sessionStorage.clear());

  it('colours a game card by nodeId modulo 4', () => {
    expect([0, 1, 2, 3, 4, 7].map(gameAccent)).toEqual(['skyblue', 'green', 'purple', 'red', 'skyblue', 'red']);
  });

  it('draws a vendor tile colour once per session and keeps it', () => {
    expect(vendorAccent('PG', () => 0.6)).toBe('purple');
    expect(vendorAccent('PG', () => 0.1)).toBe('purple');
    expect(JSON.parse(sessionStorage.getItem('vendorAccents') ?? '{}')).toEqual({ PG: 'purple' });
    expect(vendorAccent('DS88', () => 0.99)).toBe('red');
  });
});

describe('launch URL check', () => {
  it.each(['https://vendor.example/play?t=1', 'http://vendor.example/x', '/sandbox-vendor/play?token=abc'])('accepts %s', (url) => {
    expect(isSafeLaunchUrl(url)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example/x', '/\\evil.example', 'ftp://x.example', 'play?token=1', ''])('refuses %s', (url) => {
    expect(isSafeLaunchUrl(url)).toBe(false);
  });
});

describe('favourite throttle', () => {
  it('lets the first call through and drops the rest for a second, per game', () => {
    let now = 10_000;
    const allow = createKeyedThrottle(1000, () => now);
    expect(allow('1')).toBe(true);
    expect(allow('1')).toBe(false);
    expect(allow('2')).toBe(true);
    now += 999;
    expect(allow('1')).toBe(false);
    now += 1;
    expect(allow('1')).toBe(true);
  });
});
