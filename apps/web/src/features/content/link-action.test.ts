import { describe, expect, it } from 'vitest';
import { linkActionOf } from './link-action.ts';

describe('banner and popup link semantics', () => {
  it('maps each linkage type to what following it does', () => {
    expect(linkActionOf('NONE', null)).toEqual({ kind: 'none' });
    expect(linkActionOf('ROUTE', '/rng?vassalage=WW')).toEqual({ kind: 'route', to: '/rng?vassalage=WW' });
    expect(linkActionOf('PROMOTION', '42')).toEqual({ kind: 'route', to: '/promotions#42' });
    expect(linkActionOf('GAME', '1001')).toEqual({ kind: 'game', nodeId: 1001 });
    expect(linkActionOf('URL', 'https://example.com/x')).toEqual({ kind: 'external', href: 'https://example.com/x' });
  });

  it('makes a missing or malformed target not clickable rather than a dangerous link', () => {
    expect(linkActionOf('ROUTE', null)).toEqual({ kind: 'none' });
    expect(linkActionOf('ROUTE', '//evil.example/')).toEqual({ kind: 'none' });
    expect(linkActionOf('ROUTE', 'https://evil.example/')).toEqual({ kind: 'none' });
    expect(linkActionOf('URL', 'javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(linkActionOf('PROMOTION', '../member')).toEqual({ kind: 'none' });
    expect(linkActionOf('GAME', '0')).toEqual({ kind: 'none' });
    expect(linkActionOf('GAME', '99999999999999999')).toEqual({ kind: 'none' });
  });
});
