import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Production refuses to start without it; any 32-byte hex key serves the tests. */
// A production site here plays the sandbox PSP (a demo): without PAYMENTS_ALLOW_SANDBOX it refuses to start (tested below).
const PRODUCTION = { NODE_ENV: 'production', BACKOFFICE_TOTP_KEY: 'ab'.repeat(32), PAYMENTS_ALLOW_SANDBOX: 'true' };

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

  it('refuses the sandbox PSP in production unless a demo site allows it explicitly', () => {
    const { PAYMENTS_ALLOW_SANDBOX: _allowed, ...production } = PRODUCTION;
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_PROVIDER: the built-in sandbox moves no real money/);
    expect(loadConfig(PRODUCTION).pixPsp).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).pixPsp).toBeUndefined();
  });

  it('names every missing PSP setting, and defaults the token URL to the base URL', () => {
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_PROVIDER: 'bcb-pix', PIX_PSP_BASE_URL: 'https://psp.example.com/v2' })).toThrow(
      /PIX_PSP_CLIENT_ID[\s\S]*PIX_PSP_CLIENT_SECRET[\s\S]*PIX_PSP_CERT_FILE[\s\S]*PIX_PSP_KEY_FILE[\s\S]*PIX_PSP_PIX_KEY/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'bcb-pix', PIX_PSP_BASE_URL: 'http://psp.example.com/v2' })).toThrow(/PIX_PSP_BASE_URL/);
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'bcb-pix',
      PIX_PSP_BASE_URL: 'https://psp.example.com/v2/',
      PIX_PSP_CLIENT_ID: 'id',
      PIX_PSP_CLIENT_SECRET: 'secret',
      PIX_PSP_CERT_FILE: '/etc/pix/client.crt',
      PIX_PSP_KEY_FILE: '/etc/pix/client.key',
      PIX_PSP_PIX_KEY: 'pix@example.com',
    });
    expect(config.pixPsp).toMatchObject({ baseUrl: 'https://psp.example.com/v2', tokenUrl: 'https://psp.example.com/v2/oauth/token', caFile: undefined, timeoutMs: 10_000 });
  });
});
