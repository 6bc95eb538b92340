import { describe, expect, it } from 'vitest';
import { compileRegionRules } from './region.ts';
import { computeSystemStatus } from './system-status.ts';
import { SETTING_SCHEMAS } from './system.settings.ts';

const rules = (overrides: Partial<Parameters<typeof compileRegionRules>[0]>) =>
  compileRegionRules({ enabled: true, blockedIps: [], allowedIps: [], blockedCountries: [], ...overrides });

describe('region rules', () => {
  it('blocks addresses inside a blocked CIDR block, including IPv4-mapped IPv6', () => {
    const isBlocked = rules({ blockedIps: ['203.0.113.0/24'] });
    expect(isBlocked({ ip: '203.0.113.77', country: null })).toBe(true);
    expect(isBlocked({ ip: '::ffff:203.0.113.77', country: null })).toBe(true);
    expect(isBlocked({ ip: '203.0.114.1', country: null })).toBe(false);
  });

  it('blocks a listed country and lets the allow-list override', () => {
    const isBlocked = rules({ blockedCountries: ['US'], allowedIps: ['198.51.100.7'] });
    expect(isBlocked({ ip: '192.0.2.1', country: 'US' })).toBe(true);
    expect(isBlocked({ ip: '198.51.100.7', country: 'US' })).toBe(false);
    expect(isBlocked({ ip: '192.0.2.1', country: 'BR' })).toBe(false);
  });

  it('blocks nothing while the rules are disabled', () => {
    const isBlocked = compileRegionRules({ enabled: false, blockedIps: ['0.0.0.0/0'], allowedIps: [], blockedCountries: [] });
    expect(isBlocked({ ip: '1.2.3.4', country: null })).toBe(false);
  });

  it('rejects malformed rules before they are stored', () => {
    const schema = SETTING_SCHEMAS.region;
    const base = { enabled: true, allowedIps: [], blockedCountries: [] };
    expect(schema.safeParse({ ...base, blockedIps: ['300.1.1.1'] }).success).toBe(false);
    expect(schema.safeParse({ ...base, blockedIps: ['10.0.0.0/33'] }).success).toBe(false);
    expect(schema.safeParse({ ...base, blockedIps: ["1.1.1.1'; drop table x;--"] }).success).toBe(false);
    expect(schema.safeParse({ ...base, blockedIps: ['2001:db8::/32', '10.0.0.1'] }).success).toBe(true);
  });
});

describe('system status', () => {
  it('is maintenance before region, else normal (spec §4)', () => {
    expect(computeSystemStatus({ maintenance: { enabled: true, message: null } }, true)).toBe(1);
    expect(computeSystemStatus({ maintenance: { enabled: false, message: null } }, true)).toBe(2);
    expect(computeSystemStatus({ maintenance: { enabled: false, message: null } }, false)).toBe(0);
  });
});
