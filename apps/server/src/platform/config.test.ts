import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Production refuses to start without it; any 32-byte hex key serves the tests. */
const PRODUCTION = { NODE_ENV: 'production', BACKOFFICE_TOTP_KEY: 'ab'.repeat(32) };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.runWorker).toBe(true);
    expect(config.seedDemo).toBe(true);
  });

  it('lists every problem of an invalid environment at once', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  it('never seeds demo data in production, whatever SEED_DEMO says', () => {
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(false);
  });

  it('defaults the demo vendor secret outside production and refuses it in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).demoVendorSecret).toBe('demo-vendor-secret');
    expect(loadConfig(PRODUCTION).demoVendorSecret).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION, DEMO_VENDOR_SECRET: 'a-secret-of-16-chars' })).toThrow(ConfigError);
  });

  it('refuses to start in production without BACKOFFICE_TOTP_KEY, which must not live in the database it protects', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BACKOFFICE_TOTP_KEY/);
    expect(loadConfig(PRODUCTION).backofficeTotpKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ NODE_ENV: 'development' }).backofficeTotpKey).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
